import { Link } from "@remix-run/react";
import { Swords, Trophy } from "lucide-react";
import { Badge, Card } from "~/components/ui/card";
import { countOf } from "../../../workers/contract/plural";
import { formatLabel, roomPath } from "../../../workers/contract/game-session-options";
import type { MemberGames } from "../../../workers/domain/results/game-stats";

const MARK = { pending: "Awaiting confirmation", disputed: "Disputed" } as const;

/** A member's last games from recorded results, newest first; results not yet confirmed are marked. */
export function RecentGamesCard({ games, isOwner }: { games: MemberGames["recent"]; isOwner: boolean }) {
  return (
    <Card className="mt-6" data-testid="profile-recent-games">
      <h2 className="flex items-center gap-2 font-semibold">
        <Swords className="h-4 w-4" aria-hidden="true" /> Recent games
      </h2>
      {games.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {isOwner ? "No recorded games yet. After a game, the host records the result from the room." : "No recorded games yet."}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {games.map((g) => (
            <li key={g.sessionId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <Link to={roomPath(g.sessionId)} className="font-medium hover:underline">
                  {g.name}
                </Link>
                <span className="block truncate text-muted">
                  {formatLabel(g.format)}
                  {g.commander ? ` · ${g.commander}` : ""}
                  {g.bracket ? ` · Bracket ${g.bracket}` : ""}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {g.status === "confirmed" ? null : <Badge tone="outline">{MARK[g.status]}</Badge>}
                <Badge tone={g.won ? "success" : "secondary"}>{g.won ? "Won" : g.outcome === "draw" ? "Draw" : "Lost"}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Counted from confirmed results only: games, wins, and both by commander and by bracket. */
export function GameStatsCard({ stats }: { stats: MemberGames["stats"] }) {
  return (
    <Card data-testid="profile-game-stats">
      <h2 className="flex items-center gap-2 font-semibold">
        <Trophy className="h-4 w-4" aria-hidden="true" /> Games played
      </h2>
      <p className="mt-2 text-sm">
        {countOf(stats.games, "game")} · {countOf(stats.wins, "win")}
      </p>
      {stats.byCommander.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-medium text-muted">By commander</h3>
          <ul className="mt-1 grid gap-1 text-sm" aria-label="By commander">
            {stats.byCommander.map((c) => (
              <li key={c.commander} className="flex justify-between gap-2">
                <span className="truncate">{c.commander}</span>
                <span className="shrink-0 text-muted">
                  {c.wins}/{c.games}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {stats.byBracket.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-medium text-muted">By bracket</h3>
          <ul className="mt-1 grid gap-1 text-sm" aria-label="By bracket">
            {stats.byBracket.map((b) => (
              <li key={b.bracket} className="flex justify-between gap-2">
                <span>Bracket {b.bracket}</span>
                <span className="text-muted">
                  {b.wins}/{b.games}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {stats.games > 0 ? <p className="mt-3 text-xs text-muted">Wins / games, from confirmed results.</p> : null}
    </Card>
  );
}
