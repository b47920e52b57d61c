import { ROOM_CLOSE } from "../../workers/contract/room/close-codes";
import type { RoomEndReason } from "../../workers/contract/room/protocol";
import { readRoomSnapshot, type RoomSnapshot } from "../../workers/domain/room-records";
import type { RoomMeta } from "../room-store";
import type { RoomContext } from "./context";
import { endedMessage } from "./table-talk";

/**
 * The room's copy of D1 (the seat authority) and its two endings: the game
 * over (sockets closed, chat kept) and the session gone (everything forgotten).
 */

/** Pulls session facts and membership from D1 into room storage; null when the session is gone. */
export async function reload(ctx: RoomContext): Promise<RoomMeta | null> {
  const snapshot = await readRoomSnapshot(ctx.db(), ctx.sessionId());
  return snapshot ? ctx.records.applySnapshot(snapshot, ctx.sockets.size === 0) : null;
}

/**
 * A snapshot the room is told (by the service, or by its own writes). One no
 * newer than what the room holds arrived late (two changes at once): the
 * room reads D1 instead, so a late snapshot never undoes a newer change.
 */
export async function absorb(ctx: RoomContext, snapshot: RoomSnapshot): Promise<RoomMeta | null> {
  const current = ctx.records.meta();
  if (current && current.version >= snapshot.version) return reload(ctx);
  return ctx.records.applySnapshot(snapshot, ctx.sockets.size === 0);
}

/** The game session is gone from D1: everyone's socket closes and the room forgets its state (chat included). */
export async function endRoom(ctx: RoomContext): Promise<void> {
  for (const conn of ctx.connections()) ctx.sockets.retire(conn, ROOM_CLOSE.roomGone, "This game session has ended");
  ctx.sockets.clear();
  await ctx.storage.deleteAlarm();
  await ctx.storage.deleteAll();
  ctx.records.reset();
}

/**
 * The game is over (status completed in D1): every open socket, spectators'
 * too, is told why and then closed. The chat stays stored, as before.
 */
export async function endGame(ctx: RoomContext, reason: RoomEndReason, detail: string | null = null): Promise<void> {
  ctx.sockets.broadcast({ type: "room_ended", reason, message: endedMessage(reason, detail) });
  for (const conn of ctx.connections()) ctx.sockets.retire(conn, ROOM_CLOSE.ended, "The game has ended");
  ctx.sockets.clear();
  await ctx.storage.deleteAlarm();
}
