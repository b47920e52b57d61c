import { useFetcher } from "@remix-run/react";
import { Bot } from "lucide-react";
import { useEffect, useRef } from "react";
import { BOT_CONSENTS_PATH, type BotConsentStatus, type BotConsentView } from "../../../workers/contract/bot-consents";
import { Button } from "~/components/ui/button";
import { Badge, Skeleton } from "~/components/ui/card";
import { useResultToast, type ActionResult } from "~/lib/forms";

const STATUS_LABELS: Record<BotConsentStatus, { text: string; tone: "secondary" | "success" | "outline" }> = {
  pending: { text: "Waiting for your answer", tone: "secondary" },
  allowed: { text: "Allowed", tone: "success" },
  declined: { text: "Declined", tone: "outline" },
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** What allowing means, said where a member decides (the page and Settings, Privacy). */
export const BOT_CONSENT_EXPLAINED =
  "A bot you allow may make you the host of the rooms it creates for you, seated in them. Without your consent it cannot: it may only invite you, and you take a seat yourself. You can remove a bot at any time; it stops at once.";

/**
 * The bots that asked to seat the member, each with its answer: Allow or Decline while it waits, Remove once
 * allowed, Allow again once declined. Each answer is a form posted to the bots page's action (a fetcher's form,
 * so it works before JavaScript loads too); the lists that loaded the bots reload after it.
 */
export function BotConsentList({ bots }: { bots: BotConsentView[] }) {
  if (bots.length === 0) return <p className="text-sm text-muted">No bot has asked to seat you.</p>;
  return (
    <ul className="grid gap-3" aria-label="Bots that asked to seat you">
      {bots.map((bot) => (
        <BotConsentItem key={bot.botId} bot={bot} />
      ))}
    </ul>
  );
}

function BotConsentItem({ bot }: { bot: BotConsentView }) {
  const fetcher = useFetcher<ActionResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const status = STATUS_LABELS[bot.status];
  const answer = (intent: "allow" | "decline", label: string, variant: "primary" | "outline") => (
    <Button type="submit" name="intent" value={intent} size="sm" variant={variant} disabled={busy} aria-label={`${label} ${bot.botName}`}>
      {label}
    </Button>
  );
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-lg border border-border p-3" data-testid="bot-consent">
      <Bot className="mt-0.5 h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{bot.botName}</p>
        <p className="break-words text-sm text-muted">
          Run by {bot.ownerName} · asked {day(bot.askedAt)}
        </p>
        <Badge tone={status.tone} className="mt-1">
          {status.text}
        </Badge>
      </div>
      <fetcher.Form method="post" action={BOT_CONSENTS_PATH} className="flex shrink-0 flex-wrap gap-2">
        <input type="hidden" name="botId" value={bot.botId} />
        {bot.status === "pending" ? (
          <>
            {answer("allow", "Allow", "primary")}
            {answer("decline", "Decline", "outline")}
          </>
        ) : bot.status === "allowed" ? (
          answer("decline", "Remove", "outline")
        ) : (
          answer("allow", "Allow", "outline")
        )}
      </fetcher.Form>
    </li>
  );
}

/**
 * Settings, Privacy: "Bots allowed to seat you". Privacy rather than API tokens: that tab is for the member's own
 * tokens (bots they run), this list is about other members' bots acting in the member's name. Loads the bots
 * page's data with a fetcher when the tab opens; Remix reloads it after each answer.
 */
export function BotConsentsSection() {
  const reader = useFetcher<{ bots: BotConsentView[] }>();
  const load = useRef(reader.load);
  load.current = reader.load;
  useEffect(() => {
    load.current(BOT_CONSENTS_PATH);
  }, []);
  return (
    <section aria-labelledby="bot-consents-heading" className="mt-4 grid gap-2 border-t border-border pt-4">
      <h3 id="bot-consents-heading" className="font-semibold">
        Bots allowed to seat you
      </h3>
      <p className="text-sm text-muted">{BOT_CONSENT_EXPLAINED}</p>
      {reader.data ? <BotConsentList bots={reader.data.bots} /> : <Skeleton className="h-16" />}
    </section>
  );
}
