import type { TournamentDetail } from "../../../workers/domain/tournaments/tournaments";
import { MatchRow } from "./match-row";
import { PodCard } from "./pod-card";
import { RoundClock } from "./round-clock";
import type { TournamentAction } from "./use-tournament-action";

type Props = {
  tournament: TournamentDetail;
  viewerId: string;
  action: TournamentAction;
  /** The time the page reckons with (useNow): a timed round's clock. */
  now: number;
};

type Round = TournamentDetail["rounds"][number];

/** "Round 4: top cut, final" for the cut's rounds; a Swiss round is just "Round 2". */
function roundTitle(t: TournamentDetail, round: Round): string {
  if (round.stage !== "cut") return `Round ${round.number}`;
  const cutRounds = t.rounds.filter((r) => r.stage === "cut");
  const index = cutRounds.findIndex((r) => r.number === round.number);
  const isFinal = (t.topCut?.rounds ?? cutRounds.length) - 1 === index || round.matches.length === 1;
  return `Round ${round.number}: top cut, ${isFinal ? "final" : "semifinals"}`;
}

/** Every round's pairings (or pods), newest first; the current round takes results. */
export function RoundsPanel({ tournament: t, viewerId, action, now }: Props) {
  const names = new Map(t.participants.map((p) => [p.userId, p.name]));
  const droppedIds = new Set(t.participants.filter((p) => p.dropped).map((p) => p.userId));
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
            <h3 id={`round-${round.number}`} className="mb-2 flex flex-wrap items-baseline gap-x-2 font-semibold">
              {roundTitle(t, round)}
              <span className="text-xs font-normal text-muted">{round.status === "completed" ? "completed" : "in progress"}</span>
              {round.endsAt && live ? (
                <span className="text-xs font-normal text-muted">
                  · <RoundClock endsAt={round.endsAt} now={now} />
                </span>
              ) : null}
            </h3>
            <ul className={t.pods ? "grid gap-3 md:grid-cols-2" : "grid gap-2"}>
              {round.matches.map((m) =>
                t.pods ? (
                  <PodCard
                    key={m.id}
                    tournamentId={t.id}
                    pod={m}
                    names={names}
                    droppedIds={droppedIds}
                    viewerId={viewerId}
                    isOrganizer={isOrganizer}
                    live={live}
                    cut={round.stage === "cut"}
                    action={action}
                  />
                ) : (
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
                ),
              )}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
