import type { RoomMeta } from "../room-store";
import { postMessage, ROOM_SENDER } from "./chat";
import type { RoomContext } from "./context";
import { mirrorToD1 } from "./table-mirror";
import { awaySkipLine, turnPassedLine } from "./table-talk";
import { scheduleWake } from "./wake";

/**
 * Moves the turn: stored with the room's next table version in the same step as the check that allowed it (the
 * caller's, with no `await` between), told to everyone and logged, then mirrored to D1 (room/table-mirror.ts).
 * `by` is the passer, or "room" for a skip.
 */
export async function moveTurn(ctx: RoomContext, meta: RoomMeta, next: string | null, by: string): Promise<void> {
  const { records } = ctx;
  records.setTurn(next);
  ctx.sockets.broadcast({ type: "turn_change", player: next, by });
  const nextName = (next && records.member(next)?.firstName) ?? "nobody";
  const from = meta.currentTurn ? records.member(meta.currentTurn) : undefined;
  if (by === "room") {
    postMessage(ctx, ROOM_SENDER, awaySkipLine(from?.firstName, nextName), "game_action");
  } else {
    postMessage(ctx, records.member(by) ?? ROOM_SENDER, turnPassedLine(records.member(by)?.firstName, nextName), "game_action");
  }
  mirrorToD1(ctx);
  await scheduleWake(ctx);
}
