import { ROOM_CLOSE } from "../../workers/contract/room/close-codes";
import type { RoomEndReason } from "../../workers/contract/room/protocol";
import { readRoomSnapshot, type RoomSnapshot } from "../../workers/domain/rooms/room-d1";
import type { RoomMeta } from "./room-sqlite";
import type { RoomContext } from "./context";
import { mirrorToD1 } from "./table-mirror";
import { endedMessage } from "./table-talk";
import { scheduleWake } from "./wake";

/**
 * The room's copy of D1 (the seat authority) and its two endings: the game
 * over (sockets closed, chat kept) and the session gone (everything forgotten).
 */

/**
 * Stores a snapshot of D1 (the room keeps its table: room/snapshot.ts roomFromSnapshot) and, when the table it keeps
 * differs from D1's, mirrors it.
 */
export function takeSnapshot(ctx: RoomContext, snapshot: RoomSnapshot): RoomMeta {
  const meta = ctx.roomState.applySnapshot(snapshot, ctx.sockets.size === 0);
  if (meta.tableVersion > meta.mirroredVersion) mirrorToD1(ctx);
  return meta;
}

/** Pulls session facts and membership from D1 into room storage; null when the session is gone. */
export async function reload(ctx: RoomContext): Promise<RoomMeta | null> {
  const snapshot = await readRoomSnapshot(ctx.db(), ctx.sessionId());
  return snapshot ? takeSnapshot(ctx, snapshot) : null;
}

/**
 * A snapshot the room is told (by the service, or by its own writes); a late one never undoes a newer change. One
 * older than what the room holds arrived late (two changes at once) and has nothing the room's copy lacks: D1 read
 * that copy after it (each place change moves `updated_at`, the version). One of the same version (two changes in
 * one millisecond) cannot be ordered: the room reads D1. A burst of arrivals at a new table thus costs no D1 reads.
 */
export async function absorb(ctx: RoomContext, snapshot: RoomSnapshot): Promise<RoomMeta | null> {
  const current = ctx.roomState.meta();
  if (current && current.version > snapshot.version) return current;
  if (current && current.version === snapshot.version) return reload(ctx);
  return takeSnapshot(ctx, snapshot);
}

/** The game session is gone from D1: everyone's socket closes and the room forgets its state (chat included). */
export async function endRoom(ctx: RoomContext): Promise<void> {
  for (const conn of ctx.connections()) ctx.sockets.retire(conn, ROOM_CLOSE.roomGone, "This game session has ended");
  ctx.sockets.clear();
  await ctx.storage.deleteAlarm();
  await ctx.storage.deleteAll();
  ctx.roomState.reset();
}

/**
 * The game is over (status completed in D1): every open socket, spectators'
 * too, is told why and then closed. The chat stays stored, as before.
 */
export async function endGame(ctx: RoomContext, reason: RoomEndReason, detail: string | null = null): Promise<void> {
  ctx.sockets.broadcast({ type: "room_ended", reason, message: endedMessage(reason, detail) });
  for (const conn of ctx.connections()) ctx.sockets.retire(conn, ROOM_CLOSE.ended, "The game has ended");
  ctx.sockets.clear();
  // No sweeps for an ended room: its alarm goes, unless a failed mirror of its table waits to be tried again.
  await scheduleWake(ctx);
}
