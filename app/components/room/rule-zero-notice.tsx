import { Layers, MessageSquareWarning } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ruleZeroNotice, type DeckAboveRoom } from "./rule-zero";

/**
 * Rule 0 at the table (issue 27), to everyone in the room, players and spectators alike: one line for each seated
 * deck above the room's bracket while the room waits. It asks for a talk, not a change: the host's Start Game stays.
 */
export function RuleZeroNotices({ decks }: { decks: DeckAboveRoom[] }) {
  if (decks.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Rule 0"
      data-testid="rule-zero-notice"
      className="mt-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <ul className="space-y-1">
        {decks.map((d) => (
          <li key={d.playerId} className="flex items-start gap-2">
            <MessageSquareWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{ruleZeroNotice(d)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The player who just sat and said no deck yet is asked for it (and its bracket in a Commander room), without a modal. */
export function SayYourDeck({ withBracket, onDeck }: { withBracket: boolean; onDeck: () => void }) {
  return (
    <div
      className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3 text-sm"
      data-testid="say-your-deck"
    >
      <p>{withBracket ? "Rule 0: tell the table which deck you bring and its bracket." : "Tell the table which deck you bring."}</p>
      <Button size="sm" variant="outline" onClick={onDeck}>
        <Layers className="h-4 w-4" aria-hidden="true" /> Say which deck you bring
      </Button>
    </div>
  );
}
