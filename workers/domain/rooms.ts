import { and, eq, ne } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { sessionKey } from "../auth/session";
import type { Db } from "../db/client";
import { gameSessionMembers, gameSessions } from "../db/schema";

/** Why a member's room sockets end. The room picks the close code and does the rest (GameRoom#endMemberSockets). */
export type SocketEnd =
  /** Only the sockets opened with this session (the member may be signed in elsewhere); the seat is held as after a drop. */
  | { reason: "signed_out"; userId: string; sessionKey: string }
  /** All of the member's sockets; the room reloads from D1, where the member is already gone, and recounts. */
  | { reason: "account_deleted"; userId: string };

/**
 * The rooms that may hold a member's sockets: game sessions not yet completed
 * where they have a seat or a spectator place. A query builder, so the account
 * deletion can read it inside its own batch.
 */
export function openRoomsOf(db: Db, userId: string) {
  return db
    .select({ id: gameSessionMembers.sessionId })
    .from(gameSessionMembers)
    .innerJoin(gameSessions, eq(gameSessions.id, gameSessionMembers.sessionId))
    .where(and(eq(gameSessionMembers.userId, userId), ne(gameSessions.status, "completed")));
}

/**
 * Ends a member's open room sockets at once: the one path for sign-out and
 * account deletion. Rooms are told in parallel; a room that fails does not
 * stop the others (and its sockets still fail their next session re-check).
 */
export async function endMemberSockets(env: Env, roomIds: string[], end: SocketEnd): Promise<void> {
  const results = await Promise.allSettled(roomIds.map(async (id) => (await getServerByName(env.GameRoom, id)).endMemberSockets(end)));
  for (const result of results) {
    if (result.status === "rejected") console.error("Could not end a member's room sockets", end.reason, result.reason);
  }
}

/** Sign-out: ends the sockets this browser session opened, in every open room of the member. */
export async function signOutOfRooms(env: Env, db: Db, userId: string | undefined, sessionId: string | undefined): Promise<void> {
  if (!userId || !sessionId) return;
  const rooms = await openRoomsOf(db, userId);
  if (rooms.length === 0) return;
  await endMemberSockets(
    env,
    rooms.map((r) => r.id),
    { reason: "signed_out", userId, sessionKey: await sessionKey(sessionId) },
  );
}
