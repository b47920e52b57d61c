import { z } from "../lib/zod";
import { multiLine, singleLine } from "./text";

/**
 * A finished room's result (issue 27): the host records it when the game ends (winner or draw, the turn it ended,
 * each player's commander), the other players confirm or dispute it. One result per room. Tournament match rooms
 * keep the tournament's own result flow and refuse this one.
 */
export const RESULT_STATUSES = ["pending", "confirmed", "disputed"] as const;
export const resultStatusSchema = z.enum(RESULT_STATUSES);
export const PLAYER_RESPONSES = ["host", "pending", "confirmed", "disputed"] as const;

/** The longest turn a result may name: far past any real game, short of a typo's thousands. */
export const MAX_END_TURN = 99;

export const resultPlayerResponse = z
  .object({
    id: z.string(),
    /** The display name (workers/contract/display-name.ts). */
    name: z.string(),
    seat: z.number().int().nullable(),
    /** The commander the player played, as the host recorded it (prefilled from the seat's deck). */
    commander: z.string().nullable(),
    /** The bracket the player gave their deck when they sat (Rule 0), or null. */
    bracket: z.number().int().nullable(),
    winner: z.boolean(),
    response: z.enum(PLAYER_RESPONSES),
  })
  .meta({ id: "GameResultPlayer" });
export type ResultPlayerView = z.infer<typeof resultPlayerResponse>;

export const gameResultResponse = z
  .object({
    sessionId: z.string(),
    status: resultStatusSchema,
    outcome: z.enum(["win", "draw"]),
    /** The winner's id; null for a draw. */
    winnerId: z.string().nullable(),
    endTurn: z.number().int().nullable(),
    recordedBy: z.string().nullable(),
    format: z.string(),
    bracket: z.number().int().nullable(),
    recordedAt: z.string(),
    /** When the last player confirmed; null until then. */
    confirmedAt: z.string().nullable(),
    players: z.array(resultPlayerResponse),
  })
  .meta({ id: "GameResult" });
export type GameResultView = z.infer<typeof gameResultResponse>;

/** POST /api/game-sessions/{id}/result: the host records (or, after a dispute, corrects) the result. */
export const recordResultBody = z
  .strictObject({
    outcome: z.enum(["win", "draw"]),
    winnerId: z.string().min(1).max(100).nullish(),
    endTurn: z.int().min(1).max(MAX_END_TURN).nullish(),
    /** Each seated player's commander; players left out keep the seat deck's commander (or none). */
    commanders: z
      .array(z.strictObject({ playerId: z.string().min(1).max(100), commander: singleLine({ max: 141 }).nullable() }))
      .max(8)
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === "win" && !body.winnerId) ctx.addIssue({ code: "custom", path: ["winnerId"], message: "Choose the winner" });
    if (body.outcome === "draw" && body.winnerId) ctx.addIssue({ code: "custom", path: ["winnerId"], message: "A draw has no winner" });
  });
export type RecordResultInput = z.infer<typeof recordResultBody>;

/** POST /api/game-sessions/{id}/result/response: another player confirms or disputes the recorded result. */
export const respondToResultBody = z.strictObject({
  response: z.enum(["confirm", "dispute"]),
  /** Why, on a dispute: it goes to the host with the notification. */
  reason: multiLine({ max: 300 }).nullish(),
});
export type RespondToResultInput = z.infer<typeof respondToResultBody>;

/** The room page's form field of a player's commander: `commander:<playerId>`. */
export const COMMANDER_FIELD = "commander:";

/**
 * The room page's record form (works without JavaScript): a `winner` radio (a player's id or "draw"), `endTurn`
 * and one `commander:<playerId>` text per player, turned into the API's body and checked by the same schema.
 */
export const recordResultForm = z
  .looseObject({ intent: z.literal("record_result"), winner: z.string().max(100).optional(), endTurn: z.string().max(10).optional() })
  .transform((raw): z.input<typeof recordResultBody> => ({
    outcome: raw.winner === "draw" ? ("draw" as const) : ("win" as const),
    winnerId: raw.winner && raw.winner !== "draw" ? raw.winner : null,
    endTurn: raw.endTurn?.trim() ? Number(raw.endTurn.trim()) : null,
    commanders: Object.entries(raw).flatMap(([name, value]) =>
      name.startsWith(COMMANDER_FIELD) && typeof value === "string"
        ? [{ playerId: name.slice(COMMANDER_FIELD.length), commander: value.trim() || null }]
        : [],
    ),
  }))
  .pipe(recordResultBody);

/** The room page's answer form: Confirm or Dispute, with an optional reason. */
export const respondToResultForm = z
  .object({ intent: z.literal("respond_result"), response: z.enum(["confirm", "dispute"]), reason: z.string().max(2000).optional() })
  .transform(({ response, reason }): z.input<typeof respondToResultBody> => ({ response, reason: reason?.trim() ? reason : null }))
  .pipe(respondToResultBody);
