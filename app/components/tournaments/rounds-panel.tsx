import type { TournamentDetail } from "../../../workers/domain/tournaments";
import { MatchRow } from "./match-row";
import type { TournamentAction } from "./use-tournament-action";

type Props = {
  tournament: TournamentDetail;
  viewerId: string;
  action: TournamentAction;
};

/** Every round's pairings, newest first; the current round takes results. */
export function RoundsPanel({ tournament: t, viewerId, action }: Props) {
  const names = new Map(t.participants.map((p) => [p.userId, p.name]));
  const isOrganizer = t.organizer.id === viewerId;
  if (t.rounds.length === 0) {
    return <p className="text-sm text-muted">Pairings appear here once the organizer starts the tournament.</p>;
  }
  return (
    <div className="grid gap-6">
      {[...t.rounds].reverse().map((round) => {
        const live = t.status === "active" && round.number === t.currentRound;
        return (
          <section key={round.number} aria-labelledby={`round-${round.number}`}>
            <h3 id={`round-${round.number}`} className="mb-2 font-semibold">
              Round {round.number}
              <span className="ml-2 text-xs font-normal text-muted">{round.status === "completed" ? "completed" : "in progress"}</span>
            </h3>
            <ul className="grid gap-2">
              {round.matches.map((m) => (
                <MatchRow
                  key={m.id}
                  tournamentId={t.id}
                  match={m}
                  names={names}
                  viewerId={viewerId}
                  isOrganizer={isOrganizer}
                  live={live}
                  noDraws={t.pairing === "single_elimination"}
                  action={action}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
