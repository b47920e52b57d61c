import type { ReactNode } from "react";
import { Badge } from "~/components/ui/card";
import type { MatchStandingsRow, StandingsRow } from "../../../workers/domain/tournaments/tournament-play";
import type { PodStandingsRow } from "../../../workers/domain/tournaments/tournament-pods";
import { percent } from "./tournament-format";

const isPodRows = (rows: StandingsRow[]): rows is PodStandingsRow[] => rows.length > 0 && "points" in rows[0];

const CUT_LABELS = { winner: "Winner", final: "Finalist", semifinal: "Semifinalist" } as const;

function Th({ children, end = false }: { children: ReactNode; end?: boolean }) {
  return (
    <th scope="col" className={`whitespace-nowrap py-2 pr-1.5 sm:pr-2 ${end ? "text-right" : ""}`}>
      {children}
    </th>
  );
}

function PlayerCell({ name, dropped, extra }: { name: string; dropped: boolean; extra?: ReactNode }) {
  return (
    <td className="py-2 pr-1.5 sm:pr-2">
      <span className="break-words">{name}</span>
      {extra}
      {dropped ? <span className="ml-2 text-xs text-muted">(dropped)</span> : null}
    </td>
  );
}

/** A header that is shorter on phones (the other one is display:none, so a screen reader reads one). */
const Short = ({ short, long }: { short: string; long: string }) => (
  <>
    <span className="sm:hidden">{short}</span>
    <span className="hidden sm:inline">{long}</span>
  </>
);

/** A number cell of the pods' table (narrow on phones: the whole table fits 390 px without scrolling). */
const Num = ({ children, strong = false }: { children: ReactNode; strong?: boolean }) => (
  <td className={`whitespace-nowrap py-2 pr-1.5 text-right tabular-nums last:pr-0 sm:pr-2 ${strong ? "font-semibold" : ""}`}>{children}</td>
);

/** Swiss pods: points (5 a win, 1 a draw), record, OWP and average seat; the top cut's placing beside the name. */
function PodStandings({ standings, droppedIds }: { standings: PodStandingsRow[]; droppedIds: ReadonlySet<string> }) {
  return (
    <table className="w-full text-xs sm:text-sm" data-testid="standings">
      <caption className="sr-only">Standings</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted">
          <Th>
            <Short short="#" long="Rank" />
          </Th>
          <Th>Player</Th>
          <Th end>
            <Short short="Pts" long="Points" />
          </Th>
          <Th end>W-L-D</Th>
          <Th end>
            <abbr title="Opponents' win rate: the average of their games won over games played">OWP</abbr>
          </Th>
          <Th end>
            <abbr title="Average seat in turn order (1 goes first): on equal points and OWP, the later average ranks higher">
              <Short short="Seat" long="Avg seat" />
            </abbr>
          </Th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => (
          <tr key={s.userId} className="border-b border-border/60" data-testid="standing">
            <td className="py-2 pr-1.5 font-semibold sm:pr-2">{s.rank}</td>
            <PlayerCell
              name={s.name}
              dropped={droppedIds.has(s.userId)}
              extra={
                s.cut ? (
                  // Below the name on phones, beside it from 640 px.
                  <span className="mt-0.5 block sm:ml-2 sm:mt-0 sm:inline">
                    <Badge tone={s.cut === "winner" ? "default" : "secondary"} className="whitespace-nowrap">
                      {CUT_LABELS[s.cut]}
                    </Badge>
                  </span>
                ) : null
              }
            />
            <Num strong>{s.points}</Num>
            <Num>
              {s.wins}-{s.losses}-{s.draws}
            </Num>
            <Num>{percent(s.owp)}</Num>
            <Num>{s.averageSeat === null ? "–" : s.averageSeat.toFixed(2)}</Num>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One against one (MTR Appendix C): rank, match points, record and the three tiebreakers. */
function MatchStandings({ standings, droppedIds }: { standings: MatchStandingsRow[]; droppedIds: ReadonlySet<string> }) {
  return (
    <table className="w-full min-w-[34rem] text-sm" data-testid="standings">
      <caption className="sr-only">Standings</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted">
          <Th>Rank</Th>
          <Th>Player</Th>
          <Th end>Points</Th>
          <Th end>W-L-D</Th>
          <Th end>
            <abbr title="Opponents' match-win percentage">OMW%</abbr>
          </Th>
          <Th end>
            <abbr title="Game-win percentage">GW%</abbr>
          </Th>
          <Th end>
            <abbr title="Opponents' game-win percentage">OGW%</abbr>
          </Th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => (
          <tr key={s.userId} className="border-b border-border/60">
            <td className="py-2 pr-2 font-semibold">{s.rank}</td>
            <PlayerCell name={s.name} dropped={droppedIds.has(s.userId)} />
            <td className="py-2 pr-2 text-right font-semibold">{s.matchPoints}</td>
            <td className="py-2 pr-2 text-right">
              {s.wins}-{s.losses}-{s.draws}
            </td>
            <td className="py-2 pr-2 text-right">{percent(s.omw)}</td>
            <td className="py-2 pr-2 text-right">{percent(s.gw)}</td>
            <td className="py-2 text-right">{percent(s.ogw)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Standings: by matches (MTR Appendix C) or by pods, as the tournament scores. */
export function StandingsTable({ standings, droppedIds }: { standings: StandingsRow[]; droppedIds: ReadonlySet<string> }) {
  if (standings.length === 0) return <p className="text-sm text-muted">No participants yet.</p>;
  return (
    <div className="overflow-x-auto">
      {isPodRows(standings) ? (
        <PodStandings standings={standings} droppedIds={droppedIds} />
      ) : (
        <MatchStandings standings={standings as MatchStandingsRow[]} droppedIds={droppedIds} />
      )}
    </div>
  );
}
