import type { RoomMeta } from "./room-sqlite";
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
  const { roomState } = ctx;
  roomState.setTurn(next);
  ctx.sockets.broadcast({ type: "turn_change", player: next, by });
  const nextName = (next && roomState.member(next)?.firstName) ?? "nobody";
  const from = meta.currentTurn ? roomState.member(meta.currentTurn) : undefined;
  if (by === "room") {
    postMessage(ctx, ROOM_SENDER, awaySkipLine(from?.firstName, nextName), "game_action");
  } else {
    postMessage(ctx, roomState.member(by) ?? ROOM_SENDER, turnPassedLine(roomState.member(by)?.firstName, nextName), "game_action");
  }
  mirrorToD1(ctx);
  await scheduleWake(ctx);
}
