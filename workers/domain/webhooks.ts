import type { Db } from "../db/client";
import type { GameResultView } from "../contract/game-results";

/** The room events a bot's webhook hears (issue 27). */
export type RoomEvent = "room.started" | "room.ended";

/**
 * Queues `event` for the webhook of the token that created the room, if that token has one: one D1 statement
 * (an INSERT … SELECT of the delivery row) and a message to the delivery queue. `result` is the confirmed result
 * on `room.ended`. SEAM: implemented on the webhooks branch; the results branch calls it as is.
 */
export async function emitRoomEvent(
  _env: Env,
  _db: Db,
  _input: { sessionId: string; event: RoomEvent; result: GameResultView | null },
): Promise<void> {}
