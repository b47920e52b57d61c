import { closeIdleRoomFromRoom, endPlaceFromRoom, handHostOverFromRoom } from "../../workers/domain/rooms/room-d1";
import { hostAfterAway, idleMsFrom, turnAfterAwaySkips } from "../rules/presence";
import { postMessage, ROOM_SENDER } from "./chat";
import { roster, seatsNow, type RoomContext } from "./context";
import { idleCloseDue, seatsToGiveUp } from "./sweep-plan";
import { absorb, endGame, endRoom } from "./sync";
import { newHostLine } from "./table-talk";
import { moveTurn } from "./turns";
import { scheduleWake } from "./wake";

/**
 * What the room does by itself as time passes (rules/presence.ts): skips an
 * away player's turn, hands an away host's role on, gives up seats held too
 * long, closes a waiting room nobody has been in for ROOM_IDLE_MINUTES; then
 * sets the alarm for the next deadline. `now` is a parameter so tests can
 * look ahead without waiting.
 */
export async function sweep(ctx: RoomContext, now: number): Promise<void> {
  const { roomState, sockets } = ctx;
  let meta = roomState.meta();
  if (!meta || meta.status === "completed") return;
  const skipTo = meta.status === "active" ? turnAfterAwaySkips(seatsNow(ctx), meta.currentTurn, now) : null;
  if (skipTo) await moveTurn(ctx, meta, skipTo, "room");
  meta = roomState.meta()!;
  const newHost = hostAfterAway(seatsNow(ctx), meta.hostId, now);
  if (newHost) {
    const snapshot = await handHostOverFromRoom(ctx.db(), ctx.sessionId(), meta.hostId, newHost);
    if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
    postMessage(ctx, ROOM_SENDER, newHostLine(roomState.member(newHost)?.firstName), "game_action");
    sockets.broadcast({ type: "room_update", ...roster(ctx) });
  }
  const stale = seatsToGiveUp(roomState.members(), sockets.connectedUserIds(), now);
  for (const m of stale) {
    const snapshot = await endPlaceFromRoom(ctx.db(), ctx.sessionId(), m.userId, "player");
    if (snapshot) await absorb(ctx, snapshot);
  }
  meta = roomState.meta();
  if (!meta) return;
  if (stale.length > 0) {
    if (meta.status === "completed") return endGame(ctx, "last_player_left");
    sockets.broadcast({ type: "room_update", ...roster(ctx) });
  }
  if (idleCloseDue(meta, sockets.size, now, idleMsFrom(ctx.idleMinutes))) {
    const snapshot = await closeIdleRoomFromRoom(ctx.db(), ctx.sessionId());
    if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
    if (roomState.meta()?.status === "completed") return endGame(ctx, "idle");
  }
  await scheduleWake(ctx);
}
