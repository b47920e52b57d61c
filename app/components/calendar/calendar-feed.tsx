import { Copy, Rss } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { errorMessage, eventsClient } from "./events-client";

/** The member's private iCalendar feed: subscribe once, see attended and hosted events in any calendar app. */
export function CalendarFeed() {
  const [feed, setFeed] = useState<{ url: string; webcalUrl: string } | null>(null);
  const [loading, setLoading] = useState(false);

  async function reveal(rotate = false) {
    setLoading(true);
    try {
      setFeed(await (rotate ? eventsClient.rotateFeedUrl() : eventsClient.feedUrl()));
      if (rotate) toast({ title: "New feed URL created", description: "The previous address no longer works." });
    } catch (error) {
      toast({ title: "Could not get your calendar feed", description: errorMessage(error), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  async function copy() {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      toast({ title: "Feed URL copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the address and copy it yourself.", variant: "destructive" });
    }
  }

  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <Rss className="h-4 w-4" aria-hidden="true" /> Calendar subscription
      </h3>
      <p className="mt-1 text-sm text-muted">
        Events you attend or host, in Google Calendar, Apple Calendar or Outlook. Keep this address private.
      </p>
      {feed ? (
        <div className="mt-3 grid gap-2">
          <Label htmlFor="calendar-feed-url">Your private feed URL</Label>
          <div className="flex gap-2">
            <Input id="calendar-feed-url" readOnly value={feed.url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" size="icon" aria-label="Copy feed URL" onClick={copy}>
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <a href={feed.webcalUrl} className="text-sm text-primary underline">
              Open in your calendar app
            </a>
            <Button variant="ghost" size="sm" disabled={loading} onClick={() => reveal(true)}>
              Reset feed URL
            </Button>
          </div>
        </div>
      ) : (
        <Button className="mt-3" variant="secondary" size="sm" disabled={loading} onClick={() => reveal()}>
          Get feed URL
        </Button>
      )}
    </div>
  );
}
