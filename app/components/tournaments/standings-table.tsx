import type { StandingsRow } from "../../../workers/domain/tournament-play";
import { percent } from "./tournament-format";

/** Standings (MTR Appendix C): rank, match points, record and the three tiebreakers. */
export function StandingsTable({ standings, droppedIds }: { standings: StandingsRow[]; droppedIds: ReadonlySet<string> }) {
  if (standings.length === 0) return <p className="text-sm text-muted">No participants yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[34rem] text-sm" data-testid="standings">
        <caption className="sr-only">Standings</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted">
            <th scope="col" className="py-2 pr-2">
              Rank
            </th>
            <th scope="col" className="py-2 pr-2">
              Player
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Points
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              W-L-D
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              <abbr title="Opponents' match-win percentage">OMW%</abbr>
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              <abbr title="Game-win percentage">GW%</abbr>
            </th>
            <th scope="col" className="py-2 text-right">
              <abbr title="Opponents' game-win percentage">OGW%</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.userId} className="border-b border-border/60">
              <td className="py-2 pr-2 font-semibold">{s.rank}</td>
              <td className="py-2 pr-2">
                {s.name}
                {droppedIds.has(s.userId) ? <span className="ml-2 text-xs text-muted">(dropped)</span> : null}
              </td>
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
    </div>
  );
}
