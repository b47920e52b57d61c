import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { FieldMessage } from "~/components/ui/field";
import { fieldError, submittedValue } from "~/lib/forms";
import type { PodResultInput } from "../../../workers/contract/tournaments";
import type { PublicMatch } from "../../../workers/domain/tournaments/tournaments";
import { MatchRoomForm, MatchStatusBadge, ResultSubmit } from "./match-parts";
import type { TournamentAction } from "./use-tournament-action";

const OUTCOME_TEXT = { win: "Win", draw: "Draw", loss: "Loss" } as const;

type Props = {
  tournamentId: string;
  pod: PublicMatch;
  names: ReadonlyMap<string, string>;
  droppedIds: ReadonlySet<string>;
  viewerId: string;
  isOrganizer: boolean;
  /** The tournament is running and this is its current round. */
  live: boolean;
  /** A top-cut pod: a winner only (a drawn game is replayed). */
  cut: boolean;
  action: TournamentAction;
};

const sameResult = (a: PodResultInput | null, b: PodResultInput | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One pod: its players in turn order (seat 1 starts), its result, the result form for its players and the
 * organizer (intent "podResult": who won, or a draw shared by the players still in the game) and its room.
 * Plain forms: they work before hydration and without JavaScript.
 */
export function PodCard({ tournamentId, pod, names, droppedIds, viewerId, isOrganizer, live, cut, action }: Props) {
  const name = (id: string | null) => (id ? (names.get(id) ?? "Former member") : "Former member");
  const players = pod.seats.flatMap((s) => (s.userId ? [s.userId] : []));
  const isPlayer = players.includes(viewerId);
  const canReport = live && (isOrganizer || (isPlayer && pod.status !== "completed"));
  const Form = action.fetcher.Form;
  const to = `/tournaments/${tournamentId}`;
  const describe = (r: PodResultInput) =>
    r.outcome === "win" ? `${name(r.winnerId ?? null)} won` : `a draw (still in: ${(r.drawIds ?? []).map(name).join(", ")})`;

  // The reports so far, grouped: "Ann, Ben reported: Cat won."
  const reports = new Map<string, { result: PodResultInput; by: string[] }>();
  for (const s of pod.seats) {
    if (!s.report || !s.userId) continue;
    const key = JSON.stringify(s.report);
    reports.set(key, { result: s.report, by: [...(reports.get(key)?.by ?? []), s.userId] });
  }
  const mine = pod.seats.find((s) => s.userId === viewerId)?.report ?? null;
  const proposal = [...reports.values()].sort((a, b) => b.by.length - a.by.length)[0]?.result ?? null;
  const toConfirm = isPlayer && pod.status !== "completed" && proposal && !sameResult(mine, proposal) ? proposal : null;
  const answered = submittedValue(action.fetcher.data, "podId") === pod.id;
  const final = pod.status === "completed" ? settledChoice(pod.seats) : undefined;
  const chosen = (answered ? submittedValue(action.fetcher.data, "winner") : undefined) ?? final ?? resultChoice(mine ?? proposal);
  const winnerError = answered ? fieldError(action.fetcher.data, "winner") : undefined;
  const formId = `pod-${pod.id}`;

  return (
    <li className="rounded-lg border border-border p-3" data-testid="pod" aria-label={`Pod ${pod.table}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Pod {pod.table} <span className="text-xs font-normal text-muted">· {pod.seats.length} players, seat 1 starts</span>
        </p>
        <MatchStatusBadge status={pod.status} />
      </div>
      <ol className="mt-2 grid gap-1 text-sm" aria-label={`Turn order of pod ${pod.table}`}>
        {pod.seats.map((s) => (
          <li key={s.seat} className="flex min-w-0 items-center gap-2" data-testid="pod-seat">
            <span
              className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-surface text-xs font-semibold"
              aria-hidden="true"
            >
              {s.seat}
            </span>
            <span className="min-w-0 break-words">
              <span className="sr-only">Seat {s.seat}: </span>
              <span data-testid="seat-name">{name(s.userId)}</span>
            </span>
            {s.userId && droppedIds.has(s.userId) ? <span className="text-xs text-muted">(dropped)</span> : null}
            {s.outcome ? (
              <Badge tone={s.outcome === "win" ? "default" : "outline"} className="ml-auto">
                {OUTCOME_TEXT[s.outcome]}
              </Badge>
            ) : s.report ? (
              <span className="ml-auto text-xs text-muted">reported</span>
            ) : null}
          </li>
        ))}
      </ol>
      {pod.status !== "completed" && reports.size > 0 ? (
        <ul className="mt-2 grid gap-1 text-xs text-muted" aria-label={`Reports of pod ${pod.table}`}>
          {[...reports.values()].map((r) => (
            <li key={JSON.stringify(r.result)}>
              {r.by.map(name).join(", ")} reported: {describe(r.result)}.
            </li>
          ))}
        </ul>
      ) : null}
      {canReport || (live && isPlayer) ? (
        <div className="mt-3 grid gap-3">
          {toConfirm ? (
            <Form method="post" action={to} preventScrollReset className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="podResult" />
              <input type="hidden" name="podId" value={pod.id} />
              <input type="hidden" name="winner" value={resultChoice(toConfirm)} />
              {toConfirm.outcome === "draw"
                ? (toConfirm.drawIds ?? []).map((id) => <input key={id} type="hidden" name="stillIn" value={id} />)
                : null}
              <Button type="submit" size="sm" disabled={action.busy}>
                Confirm: {describe(toConfirm)}
              </Button>
            </Form>
          ) : null}
          {canReport ? (
            <Form method="post" action={to} preventScrollReset className="grid gap-2" aria-label={`Result of pod ${pod.table}`}>
              <input type="hidden" name="intent" value="podResult" />
              <input type="hidden" name="podId" value={pod.id} />
              <fieldset aria-describedby={winnerError ? `${formId}-winner-error` : undefined}>
                <legend className="mb-1 text-sm font-medium">{cut ? "Who won? (a drawn game is replayed)" : "Who won?"}</legend>
                <div className="flex flex-wrap gap-2">
                  {players.map((id) => (
                    <label key={id} className="flex items-center gap-2 rounded-lg border border-border px-2 py-1 text-sm">
                      <input type="radio" name="winner" value={id} defaultChecked={chosen === id} required />
                      {name(id)}
                    </label>
                  ))}
                  {cut ? null : (
                    <label className="flex items-center gap-2 rounded-lg border border-border px-2 py-1 text-sm">
                      <input type="radio" name="winner" value="draw" defaultChecked={chosen === "draw"} required />
                      Draw
                    </label>
                  )}
                </div>
                <FieldMessage id={`${formId}-winner-error`}>{winnerError}</FieldMessage>
              </fieldset>
              {cut ? null : (
                <fieldset>
                  <legend className="mb-1 text-xs text-muted">At a draw, still in the game (the others lose)</legend>
                  <div className="flex flex-wrap gap-x-3 gap-y-1">
                    {players.map((id) => (
                      <label key={id} className="flex items-center gap-1 text-xs">
                        <input type="checkbox" name="stillIn" value={id} defaultChecked={!droppedIds.has(id)} />
                        {name(id)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <div>
                <ResultSubmit isOrganizer={isOrganizer} busy={action.busy} />
              </div>
            </Form>
          ) : null}
          {isPlayer || isOrganizer ? <MatchRoomForm action={action} tournamentId={tournamentId} match={pod} noun="pod" /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The radio a settled pod selects: its winner, or "draw" when nobody won. */
function settledChoice(seats: PublicMatch["seats"]): string {
  return seats.find((s) => s.outcome === "win")?.userId ?? "draw";
}

/** The radio a result selects: the winner's id, or "draw". */
function resultChoice(result: PodResultInput | null): string | undefined {
  if (!result) return undefined;
  return result.outcome === "win" ? result.winnerId : "draw";
}
