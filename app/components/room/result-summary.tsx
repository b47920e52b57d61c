import { Badge } from "~/components/ui/card";
import type { GameResultView } from "../../../workers/contract/game-results";

const STATUS_TEXT = { pending: "Waiting for confirmation", confirmed: "Confirmed", disputed: "Disputed" } as const;
const STATUS_TONE = { pending: "secondary", confirmed: "success", disputed: "destructive" } as const;
const ANSWER_TEXT = { host: "Recorded it", pending: "Not answered yet", confirmed: "Confirmed", disputed: "Disputed" } as const;

/** The recorded result as everyone sees it: the outcome, the turn, each player's commander, bracket and answer. */
export function ResultSummary({ result }: { result: GameResultView }) {
  const winner = result.players.find((p) => p.id === result.winnerId);
  return (
    <div data-testid="result-summary">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold">{winner ? `${winner.name} won` : "Draw"}</span>
        {result.endTurn ? <span className="text-sm text-muted">on turn {result.endTurn}</span> : null}
        <Badge tone={STATUS_TONE[result.status]} data-testid="result-status">
          {STATUS_TEXT[result.status]}
        </Badge>
      </p>
      <ul className="mt-3 divide-y divide-border rounded-lg border border-border" aria-label="Players">
        {result.players.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium">{p.name}</span>
              {p.winner ? <span className="ml-2 text-xs font-semibold text-emerald-600 dark:text-emerald-400">Winner</span> : null}
              <span className="block truncate text-muted">
                {p.commander ?? "Commander not given"}
                {p.bracket ? ` · Bracket ${p.bracket}` : ""}
              </span>
            </span>
            <span className="text-xs text-muted">{ANSWER_TEXT[p.response]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
