import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decks, gameSessionMembers, gameSessions, users } from "../../db/schema";
import type { GameSessionView } from "../../contract/game-sessions";
import { displayName } from "../../contract/display-name";
import { memberNameColumns, pickMemberColumns } from "../member-columns";

/**
 * Game sessions as the lobby, the room page and the API read them. Every
 * change of a place in a room (join, spectate, leave, start, create) goes
 * through the room service, workers/domain/rooms/rooms.ts.
 */

export type GameSessionRow = typeof gameSessions.$inferSelect;
export type SessionMemberRow = typeof gameSessionMembers.$inferSelect;
export type MemberRole = SessionMemberRow["role"];
/** A member's place in a room. */
export type Place = Pick<SessionMemberRow, "role" | "seat">;

/**
 * A session with its host's public columns. The host's id is the session's
 * `host_id`: selecting `users.id` too would give D1 batches (which return rows
 * as objects) two columns named `id`.
 */
export const sessionColumns = {
  session: gameSessions,
  host: pickMemberColumns("firstName", "lastName", "username"),
};

type HostColumns = { firstName: string | null; lastName: string | null; username: string | null };

export function toView({ session: s, host }: { session: GameSessionRow; host: HostColumns }): GameSessionView {
  return {
    id: s.id,
    status: s.status,
    hostId: s.hostId,
    host: { id: s.hostId, firstName: host.firstName, name: displayName(host) },
    currentPlayers: s.currentPlayers,
    maxPlayers: s.maxPlayers,
    spectators: s.spectators,
    communityId: s.communityId,
    eventId: s.eventId,
    tournamentMatchId: s.tournamentMatchId,
    isPrivate: s.isPrivate,
    gameData: {
      name: s.name,
      format: s.format,
      powerLevel: s.powerLevel,
      bracket: s.bracket,
      description: s.description,
      currentTurn: s.currentTurn,
    },
    createdAt: new Date(s.createdAt).toISOString(),
  };
}

/** One session with its host's public columns (a query builder, so batches can include it). */
export function sessionQuery(db: Db, id: string) {
  return db.select(sessionColumns).from(gameSessions).innerJoin(users, eq(users.id, gameSessions.hostId)).where(eq(gameSessions.id, id));
}

export async function getGameSession(db: Db, id: string): Promise<GameSessionView | null> {
  const row = await sessionQuery(db, id).get();
  return row ? toView(row) : null;
}

/**
 * Whether a game session exists: the socket upgrade asks it before naming a room's Durable Object (every name
 * creates one). One indexed read of one column, no join: it runs once per socket.
 */
export async function gameSessionExists(db: Db, id: string): Promise<boolean> {
  const row = await db.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.id, id)).get();
  return row !== undefined;
}

/** A member's place in a room (a query builder, so batches can include it). */
export function placeQuery(db: Db, sessionId: string, userId: string) {
  return db
    .select({ role: gameSessionMembers.role, seat: gameSessionMembers.seat })
    .from(gameSessionMembers)
    .where(and(eq(gameSessionMembers.sessionId, sessionId), eq(gameSessionMembers.userId, userId)));
}

/**
 * The table facts a room mirrors here once it has decided and announced them (durable-objects/room/table-mirror.ts):
 * the turn (while the game runs or after it ended; `undefined` leaves D1's, as while the room waits and the start's
 * pick is D1's), the end of a game the room ended, and the room's version of them. Written only over a lower
 * version, so a late mirror never overwrites a newer one; `updated_at` (D1's clock of the last place change, which
 * orders the snapshots a room is told) stays as it is. Returns the row when it was written (a query builder, so the
 * mirror's batch can include it).
 */
export function tableMirrorWrite(db: Db, sessionId: string, table: { version: number; currentTurn?: string | null; ended: boolean }) {
  return db
    .update(gameSessions)
    .set({
      tableVersion: table.version,
      ...(table.currentTurn !== undefined ? { currentTurn: table.currentTurn } : {}),
      ...(table.ended ? { status: "completed" as const } : {}),
    })
    .where(and(eq(gameSessions.id, sessionId), lte(gameSessions.tableVersion, table.version)))
    .returning({ id: gameSessions.id });
}

export type RoomMember = {
  userId: string;
  role: MemberRole;
  seat: number | null;
  joinedAt: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  profileImageUrl: string | null;
  /** The deck on the seat (issue 26), with its name and commanders (decks.commanders, CardDto[]); nulls without one. */
  deckId: string | null;
  deckName: string | null;
  deckCommanders: unknown;
  /** Rule 0 (issue 27): a deck said by name only (no saved deck), and the bracket the player gave their deck. */
  namedDeck: string | null;
  deckBracket: number | null;
};

/**
 * Everyone in a room with the profile fields the room shows and the deck on each seat (a query builder, so batches
 * can include it). The deck's name and commanders come along so the room shows them without another read.
 */
export function roomMembersQuery(db: Db, sessionId: string) {
  return db
    .select({
      userId: gameSessionMembers.userId,
      role: gameSessionMembers.role,
      seat: gameSessionMembers.seat,
      joinedAt: gameSessionMembers.joinedAt,
      ...memberNameColumns,
      deckId: gameSessionMembers.deckId,
      deckName: decks.name,
      deckCommanders: decks.commanders,
      namedDeck: gameSessionMembers.deckName,
      deckBracket: gameSessionMembers.deckBracket,
    })
    .from(gameSessionMembers)
    .innerJoin(users, eq(users.id, gameSessionMembers.userId))
    .leftJoin(decks, eq(decks.id, gameSessionMembers.deckId))
    .where(eq(gameSessionMembers.sessionId, sessionId));
}
