import { useFetcher } from "@remix-run/react";
import { Copy, Rss } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import { useResultToast, type ActionResult } from "~/lib/forms";
import type { FeedUrls } from "../../../workers/contract/events";

/**
 * The member's private iCalendar feed: subscribe once, see attended and hosted
 * events in any calendar app. Showing the address reads it from /api (it is
 * made on first use); replacing it posts to the calendar's action.
 */
export function CalendarFeed() {
  const [shown, setShown] = useState<FeedUrls | null>(null);
  const [loading, setLoading] = useState(false);
  const rotation = useFetcher<ActionResult<{ feed: FeedUrls }>>();
  useResultToast(rotation.data);
  const feed = (rotation.data?.ok ? rotation.data.feed : null) ?? shown;
  const busy = loading || rotation.state !== "idle";

  async function reveal() {
    setLoading(true);
    try {
      setShown(await unwrap(api.events["feed-url"].$get()));
    } catch (error) {
      toast({
        title: "Could not get your calendar feed",
        description: apiErrorMessage(error, "Please try again later."),
        variant: "destructive",
      });
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
            <rotation.Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="rotate-feed" />
              <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                Reset feed URL
              </Button>
            </rotation.Form>
          </div>
        </div>
      ) : (
        <Button className="mt-3" variant="secondary" size="sm" disabled={busy} onClick={reveal}>
          Get feed URL
        </Button>
      )}
    </div>
  );
}
