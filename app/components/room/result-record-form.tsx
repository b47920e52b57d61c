import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FieldMessage, Input, Label } from "~/components/ui/field";
import { fieldError, submittedValue, type ActionResult } from "~/lib/forms";
import { COMMANDER_FIELD, MAX_END_TURN, type GameResultView } from "../../../workers/contract/game-results";
import type { ResultFormPlayer } from "../../../workers/domain/results/game-results";

/**
 * The host's form for the result (a plain form: it works without JavaScript): who won or a draw, the turn it ended,
 * and each player's commander, prefilled from their seat's deck, or from the disputed result being corrected. It
 * starts from who is left (issue 37): players still in come first, those the room put out are marked so, and the one
 * player left when all others are out is the preselected winner.
 */
export function ResultRecordForm({
  players,
  previous,
  lastStanding,
}: {
  players: ResultFormPlayer[];
  previous: GameResultView | null;
  lastStanding: string | null;
}) {
  const result = useActionData<ActionResult>();
  const busy = useNavigation().formData?.get("intent") === "record_result";
  const chosen = submittedValue(result, "winner") ?? (previous ? (previous.winnerId ?? "draw") : (lastStanding ?? undefined));
  const commanderOf = (p: ResultFormPlayer) =>
    submittedValue(result, `${COMMANDER_FIELD}${p.id}`) ?? previous?.players.find((q) => q.id === p.id)?.commander ?? p.commander ?? "";
  const winnerError = fieldError(result, "winnerId");
  const turnError = fieldError(result, "endTurn");
  return (
    <Form method="post" className="grid gap-4" aria-label="Record the result">
      <input type="hidden" name="intent" value="record_result" />
      <fieldset aria-describedby={winnerError ? "result-winner-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Who won?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {players.map((p) => (
            <label key={p.id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
              <input type="radio" name="winner" value={p.id} defaultChecked={chosen === p.id} required />
              <span className="min-w-0 break-words">{p.name}</span>
              {p.out ? <span className="ml-auto shrink-0 text-xs text-muted">Out of the game</span> : null}
            </label>
          ))}
          <label className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
            <input type="radio" name="winner" value="draw" defaultChecked={chosen === "draw"} required />
            Draw
          </label>
        </div>
        <FieldMessage id="result-winner-error">{winnerError}</FieldMessage>
      </fieldset>
      <div className="max-w-56">
        <Label htmlFor="result-end-turn">Turn it ended (optional)</Label>
        <Input
          id="result-end-turn"
          name="endTurn"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_END_TURN}
          defaultValue={submittedValue(result, "endTurn") ?? previous?.endTurn ?? ""}
          aria-invalid={turnError ? true : undefined}
          aria-describedby={turnError ? "result-end-turn-error" : undefined}
        />
        <FieldMessage id="result-end-turn-error">{turnError}</FieldMessage>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Commanders</legend>
        {players.map((p) => {
          const name = `${COMMANDER_FIELD}${p.id}`;
          const error = fieldError(result, name);
          return (
            <div key={p.id}>
              <Label htmlFor={`result-commander-${p.id}`}>{p.name}&apos;s commander</Label>
              <Input
                id={`result-commander-${p.id}`}
                name={name}
                maxLength={141}
                defaultValue={commanderOf(p)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `result-commander-${p.id}-error` : undefined}
              />
              <FieldMessage id={`result-commander-${p.id}-error`}>{error}</FieldMessage>
            </div>
          );
        })}
      </fieldset>
      <div>
        <Button type="submit" disabled={busy}>
          {previous ? "Save corrected result" : "Record result"}
        </Button>
      </div>
    </Form>
  );
}
