import { setCurrentTurn } from "../../workers/domain/game-sessions";
import type { RoomMeta } from "../room-store";
import { postMessage, ROOM_SENDER } from "./chat";
import type { RoomContext } from "./context";
import { awaySkipLine, turnPassedLine } from "./table-talk";
import { scheduleWake } from "./wake";

/** Records the new turn (D1 mirrors it), tells everyone and logs it; `by` is the passer, or "room" for a skip. */
export async function moveTurn(ctx: RoomContext, meta: RoomMeta, next: string | null, by: string): Promise<void> {
  const { records } = ctx;
  const version = await setCurrentTurn(ctx.db(), ctx.sessionId(), next);
  records.saveMeta({ ...(records.meta() ?? meta), currentTurn: next, version });
  ctx.sockets.broadcast({ type: "turn_change", player: next, by });
  const nextName = (next && records.member(next)?.firstName) ?? "nobody";
  const from = meta.currentTurn ? records.member(meta.currentTurn) : undefined;
  if (by === "room") {
    postMessage(ctx, ROOM_SENDER, awaySkipLine(from?.firstName, nextName), "game_action");
  } else {
    postMessage(ctx, records.member(by) ?? ROOM_SENDER, turnPassedLine(records.member(by)?.firstName, nextName), "game_action");
  }
  await scheduleWake(ctx);
}
