import { endPlaceFromRoom } from "../../workers/domain/rooms/room-d1";
import { roster, type RoomContext } from "./context";
import type { RoomConnection } from "./sockets";
import { syncPresence } from "./presence-sync";
import { absorb } from "./sync";
import { scheduleWake } from "./wake";

/** Closes a socket for good and, when it was the member's last one, handles it like a drop (seat held, others told). */
export function endSocket(ctx: RoomContext, conn: RoomConnection, code: number, reason: string): void {
  const userId = conn.state?.userId;
  const wasLive = ctx.sockets.has(conn.id);
  ctx.sockets.retire(conn, code, reason);
  if (userId && wasLive) memberDisconnected(ctx, userId);
}

/** A socket closed by its client or the network (one the room closed itself was retired first and needs nothing). */
export function socketClosed(ctx: RoomContext, connection: RoomConnection): void {
  ctx.sockets.remove(connection.id);
  const state = connection.state;
  // Not "was it live": a room woken from hibernation by this very close may not list a closing socket.
  if (!state?.joined || state.retired) return;
  memberDisconnected(ctx, state.userId);
}

/** After a member's socket went: if it was their last, hold the seat (or end the spectator place) and tell the room. */
export function memberDisconnected(ctx: RoomContext, userId: string): void {
  const { roomState, sockets } = ctx;
  if (sockets.socketsOf(userId).length > 0) return;
  const member = roomState.member(userId);
  if (!member) return;
  roomState.setDisconnectedAt(member.userId, Date.now());
  if (sockets.size === 0 && roomState.meta()) {
    roomState.saveMeta({ ...roomState.meta()!, emptySince: Date.now() });
    syncPresence(ctx);
  }
  if (member.role === "spectator") {
    // A spectator holds no seat: their place ends with their last socket.
    ctx.waitUntil(removeSpectator(ctx, member.userId));
  }
  ctx.waitUntil(scheduleWake(ctx));
  sockets.broadcast({ type: "player_left", player: { id: member.userId, name: member.name }, ...roster(ctx) });
}

async function removeSpectator(ctx: RoomContext, userId: string): Promise<void> {
  if (ctx.roomState.member(userId)?.role !== "spectator" || ctx.sockets.socketsOf(userId).length > 0) return;
  const snapshot = await endPlaceFromRoom(ctx.db(), ctx.sessionId(), userId, "spectator");
  if (snapshot) await absorb(ctx, snapshot);
}
