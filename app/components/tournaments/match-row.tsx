import { useState } from "react";
import { NativeSelect } from "~/components/ui/field";
import type { PublicMatch } from "../../../workers/domain/tournaments/tournaments";
import { MatchRoomForm, MatchStatusBadge, ResultSubmit } from "./match-parts";
import type { TournamentAction } from "./use-tournament-action";

// Best of three: games won 0-2 (the server also refuses 2-2), drawn games 0-3.
const WINS = [0, 1, 2];
const DRAWS = [0, 1, 2, 3];

type Props = {
  tournamentId: string;
  match: PublicMatch;
  names: ReadonlyMap<string, string>;
  viewerId: string;
  isOrganizer: boolean;
  /** The tournament is running and this is its current round. */
  live: boolean;
  noDraws: boolean;
  action: TournamentAction;
};

function GameSelect({
  name,
  label,
  value,
  onChange,
  counts = WINS,
}: {
  name: string;
  label: string;
  value: number;
  onChange: (n: number) => void;
  counts?: readonly number[];
}) {
  return (
    <label className="flex items-center gap-1 text-xs">
      <span className="text-muted" aria-hidden="true">
        {label}
      </span>
      <NativeSelect
        name={name}
        aria-label={label}
        className="h-8 w-16 px-2 py-0"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {counts.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/**
 * One table: players, result, the result form for its players and the
 * organizer (intent "result"), and its match room (intent "room", which goes
 * to the room).
 */
export function MatchRow({ tournamentId, match: m, names, viewerId, isOrganizer, live, noDraws, action }: Props) {
  const name = (id: string | null) => (id ? (names.get(id) ?? "Former member") : "");
  const isPlayer = m.player1Id === viewerId || m.player2Id === viewerId;
  const bye = m.player2Id === null;
  const canReport = live && !bye && (isOrganizer || (isPlayer && m.status !== "completed"));
  const [result, setResult] = useState({ player1Wins: m.player1Wins, player2Wins: m.player2Wins, draws: m.draws });
  const Form = action.fetcher.Form;
  const to = `/tournaments/${tournamentId}`;

  const label = bye ? `Table ${m.table}: ${name(m.player1Id)} has a bye` : `Table ${m.table}: ${name(m.player1Id)} vs ${name(m.player2Id)}`;
  return (
    <li className="rounded-lg border border-border p-3" data-testid="match" aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-muted">Table {m.table}</p>
          <p className="font-medium">
            {name(m.player1Id)}
            {bye ? <span className="text-muted"> has a bye</span> : <span className="text-muted"> vs </span>}
            {bye ? null : name(m.player2Id)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {m.status !== "pending" || bye ? (
            <span className="font-mono text-sm" data-testid="match-score">
              {m.player1Wins}-{m.player2Wins}
              {m.draws ? `-${m.draws}` : ""}
            </span>
          ) : null}
          <MatchStatusBadge status={m.status} text={bye ? "Bye" : undefined} />
        </div>
      </div>
      {!bye && m.status === "pending" && (m.player1Reported || m.player2Reported) ? (
        <p className="mt-1 text-xs text-muted">
          {m.player1Reported ? name(m.player1Id) : name(m.player2Id)} reported; waiting for the opponent.
        </p>
      ) : null}
      {canReport || (live && !bye && isPlayer) ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {canReport ? (
            <Form
              method="post"
              action={to}
              preventScrollReset
              className="flex flex-wrap items-center gap-2"
              aria-label={`Result of table ${m.table}`}
            >
              <input type="hidden" name="intent" value="result" />
              <input type="hidden" name="matchId" value={m.id} />
              <GameSelect
                name="player1Wins"
                label={`${name(m.player1Id)} wins`}
                value={result.player1Wins}
                onChange={(n) => setResult((r) => ({ ...r, player1Wins: n }))}
              />
              <GameSelect
                name="player2Wins"
                label={`${name(m.player2Id)} wins`}
                value={result.player2Wins}
                onChange={(n) => setResult((r) => ({ ...r, player2Wins: n }))}
              />
              {noDraws ? null : (
                <GameSelect
                  name="draws"
                  label="Draws"
                  value={result.draws}
                  counts={DRAWS}
                  onChange={(n) => setResult((r) => ({ ...r, draws: n }))}
                />
              )}
              <ResultSubmit isOrganizer={isOrganizer} busy={action.busy} />
            </Form>
          ) : null}
          {isPlayer || isOrganizer ? <MatchRoomForm action={action} tournamentId={tournamentId} match={m} noun="match" /> : null}
        </div>
      ) : null}
    </li>
  );
}
