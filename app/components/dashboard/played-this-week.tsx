import { BarChart3 } from "lucide-react";
import { Card } from "~/components/ui/card";
import { bracketLabel } from "../../../workers/contract/brackets";
import { countOf } from "../../../workers/contract/plural";
import type { RealmWeek } from "../../../workers/domain/results/game-stats";

/** "Played this week" on a realm's dashboard: its confirmed results of the last 7 days. */
export function PlayedThisWeekCard({ week }: { week: RealmWeek }) {
  const most = Math.max(1, ...week.brackets.map((b) => b.games));
  return (
    <Card data-testid="played-this-week">
      <h2 className="flex items-center gap-2 font-semibold">
        <BarChart3 className="h-5 w-5" aria-hidden="true" /> Played this week
      </h2>
      {week.games === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No confirmed games in this realm in the last 7 days. Record a result after your next game.
        </p>
      ) : (
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-medium text-muted">Most played commanders</h3>
            {week.commanders.length === 0 ? (
              <p className="mt-1 text-sm text-muted">No commanders recorded.</p>
            ) : (
              <ol className="mt-1 grid gap-1 text-sm" aria-label="Most played commanders">
                {week.commanders.map((c) => (
                  <li key={c.commander} className="flex justify-between gap-2">
                    <span className="truncate">{c.commander}</span>
                    <span className="shrink-0 text-muted">{countOf(c.games, "game")}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div>
            <h3 className="text-sm font-medium text-muted">Games per bracket ({countOf(week.games, "game")})</h3>
            <ul className="mt-1 grid gap-1 text-sm" aria-label="Games per bracket">
              {week.brackets.map((b) => (
                <li key={b.bracket ?? "none"} className="grid grid-cols-[11rem_1fr_auto] items-center gap-2">
                  <span className="truncate">{b.bracket ? bracketLabel(b.bracket) : "Other formats"}</span>
                  <span className="h-2 rounded-full bg-primary" style={{ width: `${(b.games / most) * 100}%` }} aria-hidden="true" />
                  <span className="text-muted">{b.games}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}
