import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gameSessions, type User } from "../../db/schema";
import { forbidden, notFound } from "../errors";

/**
 * Makes a room private or public again (issue 14). Only the host may; a room
 * that is unknown or has ended is not found. A private room stays joinable by
 * its link: privacy only decides who sees it listed in the lobby
 * (listGameSessions).
 *
 * One D1 round trip: the guarded update and a read of the room go in one
 * batch, and the read only explains a refusal (no such room, ended, or someone
 * else's).
 */
export async function setRoomPrivacy(db: Db, user: User, sessionId: string, isPrivate: boolean): Promise<void> {
  const [updated, found] = await db.batch([
    db
      .update(gameSessions)
      .set({ isPrivate })
      .where(and(eq(gameSessions.id, sessionId), eq(gameSessions.hostId, user.id), ne(gameSessions.status, "completed")))
      .returning({ id: gameSessions.id }),
    db.select({ hostId: gameSessions.hostId, status: gameSessions.status }).from(gameSessions).where(eq(gameSessions.id, sessionId)),
  ]);
  if (updated.length > 0) return;
  const room = found[0];
  if (!room || room.status === "completed") throw notFound("Game session not found");
  throw forbidden("Only the host can change who sees this room");
}
