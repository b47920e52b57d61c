/**
 * The room's rows in D1: what a room's Durable Object asks of D1, and the shapes it is told in (the object's own
 * SQLite tables are durable-objects/room/room-sqlite.ts, its state over them room-state.ts). The room's main door
 * into the domain (with its rules, decks on seats, card lookups and errors). The room service (rooms.ts) calls the room through its RPC methods and reads rooms with the same
 * helpers; the room never imports the service, so no arrow runs back from the Durable Object into it.
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import type { GameSessionView } from "../../contract/game-sessions";
import type { Db } from "../../db/client";
import { gameSessionMembers, gameSessions, users } from "../../db/schema";
import { roomMembersQuery, sessionQuery, tableMirrorWrite, toView, type MemberRole, type Place, type RoomMember } from "./game-sessions";
import { pickMemberColumns } from "../member-columns";
import { entryRefusal, pageRefusal, type EntryRefusal, type PageRefusal, type RoomRead } from "./room-rules";
import { closeWaitingRoom, givePlaceUp, handHostOver, refreshCounters, roomReadBack, type sessionReadBack } from "./room-seats";

/**
 * What a room's Durable Object holds of D1: the session and everyone with a
 * place in it, the session's last change (`updated_at`, which every place
 * change sets) so a snapshot told late never overwrites a newer one, and the
 * version of the room's own table facts D1 has taken (`table_version`: the turn,
 * the game's end, the decks on the seats, which the room decides and mirrors).
 */
export type RoomSnapshot = { session: GameSessionView; version: number; tableVersion: number; members: RoomMember[] };

/**
 * How a member's place in a room ended, told with the roster (GameRoom#applyRoster) so their sockets close with the
 * right code: they left, the host removed them, or a moderator removed them from the realm or suspended them
 * (issue 38; the moderator's reason goes with it).
 */
export type PlaceEnd =
  { how: "left" } | { how: "removed" } | { how: "removed_from_realm"; reason: string } | { how: "suspended"; reason: string };

/** Why a member's room sockets end. The room picks the close code and does the rest (GameRoom#endMemberSockets). */
export type SocketEnd =
  /** Only the sockets opened with this session (the member may be signed in elsewhere); the seat is held as after a drop. */
  | { reason: "signed_out"; userId: string; sessionKey: string }
  /** All of the member's sockets; the room reloads from D1, where the member is already gone, and recounts. */
  | { reason: "account_deleted"; userId: string };

type SessionReadRow = Awaited<ReturnType<typeof sessionReadBack>>[number];

export function snapshotOf(
  sessions: SessionReadRow[] | Awaited<ReturnType<typeof sessionQuery>>,
  members: RoomMember[],
): RoomSnapshot | null {
  const row = sessions[0];
  return row ? { session: toView(row), version: row.session.updatedAt, tableVersion: row.session.tableVersion, members } : null;
}

export function readOf(sessions: SessionReadRow[], members: RoomMember[], userId: string): RoomRead & { snapshot: RoomSnapshot | null } {
  const snapshot = snapshotOf(sessions, members);
  const me = members.find((m) => m.userId === userId);
  return {
    snapshot,
    session: snapshot?.session ?? null,
    blockedWithHost: Boolean(sessions[0]?.blockedWithHost),
    blockedHost: Boolean(sessions[0]?.blockedHost),
    removedByHost: Boolean(sessions[0]?.removedByHost),
    removedFromRealm: Boolean(sessions[0]?.removedFromRealm),
    notInvited: Boolean(sessions[0]?.notInvited),
    place: me ? { role: me.role, seat: me.seat } : null,
  };
}

/**
 * Gives up a member's place (of `role` only, when given) in one batch that recounts the room and reads it back:
 * whether a place went, and what the room now holds. Leaving, a block and the room's own sweep all end a place
 * this way.
 */
export async function givePlaceUpAndRead(
  db: Db,
  sessionId: string,
  userId: string,
  role?: MemberRole,
): Promise<{ gone: boolean; snapshot: RoomSnapshot | null }> {
  const [, gone, , sessions, members] = await db.batch([
    ...givePlaceUp(db, sessionId, userId, role),
    refreshCounters(db, sessionId),
    ...roomReadBack(db, sessionId, userId),
  ]);
  return { gone: gone.length > 0, snapshot: snapshotOf(sessions, members) };
}

/**
 * The room ends a place itself (a spectator's last socket closed, a seat held
 * past the grace period); only a place of that role goes, so a change a
 * request made meanwhile stands. Returns what the room now holds: it applies
 * the snapshot itself instead of being told.
 */
export async function endPlaceFromRoom(db: Db, sessionId: string, userId: string, role: MemberRole): Promise<RoomSnapshot | null> {
  return (await givePlaceUpAndRead(db, sessionId, userId, role)).snapshot;
}

/** The room hands the Host role on from a host who stayed away past the grace time (rules/presence.ts). */
export async function handHostOverFromRoom(db: Db, sessionId: string, fromId: string, toId: string): Promise<RoomSnapshot | null> {
  const [, sessions, members] = await db.batch([handHostOver(db, sessionId, fromId, toId), ...roomReadBack(db, sessionId, toId)]);
  return snapshotOf(sessions, members);
}

/** The room closes itself: a waiting room nobody was connected to for ROOM_IDLE_MINUTES becomes completed. */
export async function closeIdleRoomFromRoom(db: Db, sessionId: string): Promise<RoomSnapshot | null> {
  const [, sessions, members] = await db.batch([
    closeWaitingRoom(db, sessionId),
    sessionQuery(db, sessionId),
    roomMembersQuery(db, sessionId),
  ]);
  return snapshotOf(sessions, members);
}

/** A seat's deck as the room mirrors it: the seat row's columns (workers/domain/rooms/seat-decks.ts seatDeckColumns). */
export type SeatDeckMirror = { userId: string; deckId: string | null; deckName: string | null; deckBracket: number | null };

/**
 * The table facts the room decided, as it mirrors them to D1 after its broadcast: its version, the turn (undefined
 * leaves D1's), whether the room ended the game, the seats whose deck changed since D1 last took a version, and the
 * seated players out of the game at this version (all of them, so a write is whole on its own; undefined leaves D1's).
 */
export type TableMirror = { version: number; currentTurn?: string | null; ended: boolean; seats: SeatDeckMirror[]; out?: string[] };

const NOW_MS = sql.raw("CAST(unixepoch('subsec') * 1000 AS INTEGER)");

/**
 * Writes what the room decided, in one batch, only over a lower version (a late mirror never overwrites a newer
 * one): the session row first, then each seat's deck and who is out only if the session now carries this very
 * version. A saved deck is written only while it exists and is its player's (a deck deleted since leaves the seat, as
 * its reference does). A seat keeps the time it first went out while it stays out; one brought back is cleared.
 * Whether D1 took it: false when D1 already holds a newer version.
 */
export async function mirrorTable(db: Db, sessionId: string, mirror: TableMirror): Promise<boolean> {
  const atThisVersion = sql`(SELECT table_version FROM game_sessions WHERE id = ${sessionId}) = ${mirror.version}`;
  const seatsHere = and(eq(gameSessionMembers.sessionId, sessionId), eq(gameSessionMembers.role, "player"), atThisVersion);
  const out = mirror.out;
  const outWrites = out
    ? [
        ...(out.length > 0
          ? [
              db
                .update(gameSessionMembers)
                .set({ outAt: NOW_MS })
                .where(and(seatsHere, inArray(gameSessionMembers.userId, out), isNull(gameSessionMembers.outAt))),
            ]
          : []),
        db
          .update(gameSessionMembers)
          .set({ outAt: null })
          .where(
            and(seatsHere, isNotNull(gameSessionMembers.outAt), out.length > 0 ? notInArray(gameSessionMembers.userId, out) : undefined),
          ),
      ]
    : [];
  const [written] = await db.batch([
    tableMirrorWrite(db, sessionId, mirror),
    ...outWrites,
    ...mirror.seats.map((seat) =>
      db
        .update(gameSessionMembers)
        .set({
          deckId: seat.deckId === null ? null : sql`(SELECT id FROM decks WHERE id = ${seat.deckId} AND owner_id = ${seat.userId})`,
          deckName: seat.deckName,
          deckBracket: seat.deckBracket,
        })
        .where(
          and(
            eq(gameSessionMembers.sessionId, sessionId),
            eq(gameSessionMembers.userId, seat.userId),
            eq(gameSessionMembers.role, "player"),
            atThisVersion,
          ),
        ),
    ),
  ]);
  return written.length > 0;
}

/**
 * Whether anyone has a socket open in the room, for the lobby (room-visibility.ts hides a room nobody has been at
 * for a while): `emptySince` when its last socket closed, null when one opened. Not a place change, so the
 * session's `updated_at` (the snapshots' version) stays as it is.
 */
export async function recordRoomPresence(db: Db, sessionId: string, emptySince: number | null): Promise<void> {
  await db.update(gameSessions).set({ emptySince }).where(eq(gameSessions.id, sessionId));
}

/** A room's snapshot from D1, for a room that was never told (a new or seeded one) or reloads (account deletion). */
export async function readRoomSnapshot(db: Db, sessionId: string): Promise<RoomSnapshot | null> {
  const [sessions, members] = await db.batch([sessionQuery(db, sessionId), roomMembersQuery(db, sessionId)]);
  return snapshotOf(sessions, members);
}

/**
 * For a socket whose member the room does not know: the room from D1 (it may
 * have missed a change), whether the account still exists (a deleted member's
 * other sessions linger in KV until they expire), and why there is no place.
 */
export async function readAdmission(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ snapshot: RoomSnapshot | null; accountExists: boolean; refusal: EntryRefusal }> {
  const [sessions, members, accounts] = await db.batch([
    ...roomReadBack(db, sessionId, userId),
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
  ]);
  const read = readOf(sessions, members, userId);
  return { snapshot: read.snapshot, accountExists: accounts.length > 0, refusal: entryRefusal(read) };
}

/** What the room page's loader needs before it draws anything: null when the session does not exist. */
export type RoomEntry = {
  session: GameSessionView;
  place: Place | null;
  /** The host as every page names a member (workers/contract/display-name.ts). */
  hostName: string;
  /** Why the page must not open the room (no socket, no camera), or null. */
  refusal: PageRefusal | null;
};

/**
 * The room page's read in one round trip: the session and its members with whether a block or the host's removal
 * keeps the member out (the same read-back as every place change), and the host's names.
 */
export async function readRoomEntry(db: Db, sessionId: string, userId: string): Promise<RoomEntry | null> {
  const [sessions, members, hosts] = await db.batch([
    ...roomReadBack(db, sessionId, userId),
    db
      .select(pickMemberColumns("firstName", "lastName", "username"))
      .from(users)
      .innerJoin(gameSessions, eq(gameSessions.hostId, users.id))
      .where(eq(gameSessions.id, sessionId)),
  ]);
  const read = readOf(sessions, members, userId);
  if (!read.snapshot) return null;
  return { session: read.snapshot.session, place: read.place, hostName: displayName(hosts[0], "Host"), refusal: pageRefusal(read) };
}
