import { resolvePower } from "../../contract/brackets";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gameSessionMembers, gameSessionRemovals, gameSessions, users } from "../../db/schema";
import { hasBlocked, isBlockedEitherWay } from "../blocks";
import { removedFromRealm } from "../moderation/standing";
import { roomMembersQuery, sessionColumns, type MemberRole } from "./game-sessions";

/**
 * The D1 statements that change places in rooms. Only the room service
 * (workers/domain/rooms/rooms.ts) runs them, each inside one batch with the counter
 * refresh and the read-back, so a place change is one round trip. They are
 * query builders with SQL pieces (not `db.run(sql)`): Drizzle's D1 batch
 * cannot bind parameters of raw statements.
 */

const NOW_MS = sql.raw("CAST(unixepoch('subsec') * 1000 AS INTEGER)");
const playerCount = (sessionId: string) =>
  sql`(SELECT count(*) FROM game_session_members WHERE session_id = ${sessionId} AND role = 'player')`;

/** Counters are derived from membership in the same batch as every membership write, so they never drift. */
export function refreshCounters(db: Db, sessionId: string) {
  return db
    .update(gameSessions)
    .set({
      currentPlayers: playerCount(sessionId),
      spectators: sql`(SELECT count(*) FROM game_session_members WHERE session_id = ${sessionId} AND role = 'spectator')`,
      status: sql`CASE WHEN status != 'completed' AND ${playerCount(sessionId)} = 0 THEN 'completed' ELSE status END`,
      updatedAt: sql`${NOW_MS}`,
    })
    .where(eq(gameSessions.id, sessionId));
}

/** Whether the host removed `userId` from the session `sessionRef` (a column or a value). */
const removedFrom = (sessionRef: unknown, userId: string) =>
  sql<number>`(EXISTS (SELECT 1 FROM game_session_removals r WHERE r.session_id = ${sessionRef} AND r.user_id = ${userId}))`;

/**
 * `g` (a game session) lets `userId` in: no block with its host and not removed by a host, unless it is a
 * tournament match room (the pairing decides who plays there); and, match rooms too, no moderator's removal from
 * the room's realm (issue 38: a removed member is out of every room of the realm).
 */
export const mayEnter = (userId: string) =>
  sql`(NOT ${removedFromRealm(userId, sql`g.community_id`)} AND (g.tournament_match_id IS NOT NULL OR (NOT ${isBlockedEitherWay(userId, sql`g.host_id`)} AND NOT ${removedFrom(sql`g.id`, userId)})))`;

/**
 * `g` (a game session) gives `userId` a seat as far as invites go: a room without invites seats anyone, a room
 * with invites (a bot's room, issue 27) only its host and the members invited. The one seat rule, so the API, the
 * room page's forms and the room's socket (which admits only members with a place) all follow it.
 */
export const invitedOrOpen = (userId: string) =>
  sql`(g.host_id = ${userId} OR NOT EXISTS (SELECT 1 FROM game_session_invites i WHERE i.session_id = g.id)
    OR EXISTS (SELECT 1 FROM game_session_invites i WHERE i.session_id = g.id AND i.user_id = ${userId}))`;

/** Whether `userId` is kept from a seat of the session `sessionRef` by its invites (invitedOrOpen, negated). */
const notInvited = (sessionRef: unknown, hostRef: unknown, userId: string) =>
  sql<number>`(EXISTS (SELECT 1 FROM game_session_invites i WHERE i.session_id = ${sessionRef})
    AND ${hostRef} != ${userId}
    AND NOT EXISTS (SELECT 1 FROM game_session_invites i WHERE i.session_id = ${sessionRef} AND i.user_id = ${userId}))`;

/**
 * Keeps a member the host removes out of the room (mayEnter reads it). Only a member who has a place there is
 * recorded, so it runs before the place goes and a mistaken id leaves no row.
 */
export function recordRemoval(db: Db, sessionId: string, userId: string) {
  // Columns in table order: session_id, user_id, created_at.
  return db
    .insert(gameSessionRemovals)
    .select(
      sql`SELECT ${sessionId}, ${userId}, ${NOW_MS}
      WHERE EXISTS (SELECT 1 FROM game_session_members WHERE session_id = ${sessionId} AND user_id = ${userId})`,
    )
    .onConflictDoNothing();
}

/**
 * Takes the lowest free seat. The capacity check and the insert are ONE
 * statement (`INSERT ... SELECT ... WHERE players < max_players`), so fifty
 * simultaneous joins to a four-seat room seat exactly four. A spectator who
 * joins is upgraded to a seat the same way; a seated member is left as is.
 */
export function takeSeat(db: Db, sessionId: string, userId: string) {
  // Lowest seat n in 1..16 with no player on it (max_players is at most 8).
  const lowestFreeSeat = sql`(
    WITH RECURSIVE seat_numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seat_numbers WHERE n < 16)
    SELECT min(n) FROM seat_numbers WHERE NOT EXISTS (
      SELECT 1 FROM game_session_members WHERE session_id = ${sessionId} AND role = 'player' AND seat = n))`;
  // A tournament pod's room seats each player in the pod's turn order (workers/domain/tournaments/tournament-pods.ts).
  const freeSeat = sql`COALESCE((SELECT ps.seat FROM tournament_pod_seats ps JOIN game_sessions pg ON pg.tournament_match_id = ps.match_id
    WHERE pg.id = ${sessionId} AND ps.user_id = ${userId}), ${lowestFreeSeat})`;
  // Columns in table order: session_id, user_id, role, seat, joined_at, deck_id, deck_name, deck_bracket, out_at (a new
  // seat has no deck yet and is in the game).
  return db
    .insert(gameSessionMembers)
    .select(
      sql`SELECT ${sessionId}, ${userId}, 'player', ${freeSeat}, ${NOW_MS}, NULL, NULL, NULL, NULL
      FROM game_sessions g
      WHERE g.id = ${sessionId} AND g.status != 'completed' AND ${playerCount(sessionId)} < g.max_players AND ${mayEnter(userId)}
        AND ${invitedOrOpen(userId)}
        AND (g.tournament_match_id IS NULL OR EXISTS (
          SELECT 1 FROM tournament_matches m WHERE m.id = g.tournament_match_id AND ${userId} IN (m.player1_id, m.player2_id))
          OR EXISTS (SELECT 1 FROM tournament_pod_seats ps WHERE ps.match_id = g.tournament_match_id AND ps.user_id = ${userId}))`,
    )
    .onConflictDoUpdate({
      target: [gameSessionMembers.sessionId, gameSessionMembers.userId],
      set: { role: "player", seat: sql`excluded.seat` },
      setWhere: sql`${gameSessionMembers.role} = 'spectator'`,
    });
}

/** Adds a spectator place; a member who already has a place keeps it. */
export function takeSpectatorPlace(db: Db, sessionId: string, userId: string) {
  return db
    .insert(gameSessionMembers)
    .select(
      sql`SELECT ${sessionId}, ${userId}, 'spectator', NULL, ${NOW_MS}, NULL, NULL, NULL, NULL
      FROM game_sessions g
      WHERE g.id = ${sessionId} AND g.status != 'completed' AND ${mayEnter(userId)}`,
    )
    .onConflictDoNothing();
}

/**
 * Gives a place up: a leaving host hands over to the next seated player (seat
 * order, wrapping), a leaving turn-holder passes the turn the same way, then
 * the place goes. `onlyRole` limits it to a place of that role (the room ends
 * spectator places and stale seats; neither may take a place of the other
 * kind that a request changed meanwhile). The delete returns the place given up.
 */
export function givePlaceUp(db: Db, sessionId: string, userId: string, onlyRole?: MemberRole) {
  const ownSeat = sql`coalesce((SELECT seat FROM game_session_members WHERE session_id = ${sessionId} AND user_id = ${userId}), 0)`;
  const successor = sql`(
    SELECT user_id FROM game_session_members
    WHERE session_id = ${sessionId} AND role = 'player' AND user_id != ${userId}
    ORDER BY (seat < ${ownSeat}), seat LIMIT 1)`;
  const role = onlyRole ? sql`AND role = ${onlyRole}` : sql``;
  return [
    db
      .update(gameSessions)
      .set({
        hostId: sql`CASE WHEN host_id = ${userId} THEN coalesce(${successor}, host_id) ELSE host_id END`,
        currentTurn: sql`CASE WHEN current_turn = ${userId} THEN ${successor} ELSE current_turn END`,
      })
      .where(
        and(
          eq(gameSessions.id, sessionId),
          sql`EXISTS (SELECT 1 FROM game_session_members WHERE session_id = ${sessionId} AND user_id = ${userId} ${role})`,
        ),
      ),
    db
      .delete(gameSessionMembers)
      .where(
        and(
          eq(gameSessionMembers.sessionId, sessionId),
          eq(gameSessionMembers.userId, userId),
          onlyRole ? eq(gameSessionMembers.role, onlyRole) : undefined,
        ),
      )
      .returning({ userId: gameSessionMembers.userId }),
  ] as const;
}

/**
 * Host only: waiting → active with the first turn to a seated player picked at random (the room announces it); in
 * a tournament pod's room the pairing set the turn order, so the lowest seat starts.
 */
export function startGame(db: Db, sessionId: string, userId: string) {
  const podRoom = sql`EXISTS (SELECT 1 FROM game_sessions pg JOIN tournament_pod_seats ps ON ps.match_id = pg.tournament_match_id WHERE pg.id = ${sessionId})`;
  return db
    .update(gameSessions)
    .set({
      status: "active",
      currentTurn: sql`(SELECT user_id FROM game_session_members WHERE session_id = ${sessionId} AND role = 'player'
        ORDER BY CASE WHEN ${podRoom} THEN seat ELSE random() END LIMIT 1)`,
      // D1's clock, like every place change: the room orders the snapshots it is told by it.
      updatedAt: sql`${NOW_MS}`,
    })
    .where(and(eq(gameSessions.id, sessionId), eq(gameSessions.status, "waiting"), eq(gameSessions.hostId, userId)))
    .returning({ id: gameSessions.id });
}

/**
 * The room hands the Host role from a host who stayed away to a seated
 * player; only while `fromId` still hosts and `toId` is still seated.
 */
export function handHostOver(db: Db, sessionId: string, fromId: string, toId: string) {
  return db
    .update(gameSessions)
    .set({ hostId: toId, updatedAt: sql`${NOW_MS}` })
    .where(
      and(
        eq(gameSessions.id, sessionId),
        eq(gameSessions.hostId, fromId),
        sql`EXISTS (SELECT 1 FROM game_session_members WHERE session_id = ${sessionId} AND user_id = ${toId} AND role = 'player')`,
      ),
    );
}

/** A waiting room nobody has been connected to for the idle time ends (it leaves the lobby). */
export function closeWaitingRoom(db: Db, sessionId: string) {
  return db
    .update(gameSessions)
    .set({ status: "completed", updatedAt: sql`${NOW_MS}` })
    .where(and(eq(gameSessions.id, sessionId), eq(gameSessions.status, "waiting")));
}

/** The session as read back after a write, with whether a block stands between `userId` and its host, or a removal. */
export function sessionReadBack(db: Db, sessionId: string, userId: string) {
  return db
    .select({
      ...sessionColumns,
      blockedWithHost: isBlockedEitherWay(userId, gameSessions.hostId),
      blockedHost: hasBlocked(userId, gameSessions.hostId),
      removedByHost: removedFrom(gameSessions.id, userId),
      removedFromRealm: removedFromRealm(userId, gameSessions.communityId),
      notInvited: notInvited(gameSessions.id, gameSessions.hostId, userId),
    })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(eq(gameSessions.id, sessionId));
}

/** Everything a room needs to know after a change: the session and its members. */
export function roomReadBack(db: Db, sessionId: string, userId: string) {
  return [sessionReadBack(db, sessionId, userId), roomMembersQuery(db, sessionId)] as const;
}

export type NewGameSession = {
  communityId: string | null;
  maxPlayers: number;
  eventId?: string | null;
  tournamentMatchId?: string | null;
  /** The host's seat (a tournament pod's room seats its host in their pod seat); 1 by default. */
  hostSeat?: number;
  isPrivate?: boolean;
  /** The API token a bot created the room with (its webhook hears the room's events). */
  createdByTokenId?: string | null;
  gameData: { name: string; format: string; powerLevel?: string | null; bracket?: number | null; description?: string | null };
};

/** A waiting session and its host in seat 1: two inserts for one batch. */
export function insertRoom(db: Db, id: string, hostId: string, input: NewGameSession) {
  const { name, format, description } = input.gameData;
  // The body was checked (createGameSessionBody); here the one sent fills the other (a Commander room gets both).
  const power = resolvePower(input.gameData);
  const { powerLevel, bracket } = power.ok ? power.value : { powerLevel: input.gameData.powerLevel ?? null, bracket: null };
  return [
    db.insert(gameSessions).values({
      id,
      hostId,
      communityId: input.communityId,
      eventId: input.eventId ?? null,
      tournamentMatchId: input.tournamentMatchId ?? null,
      isPrivate: input.isPrivate ?? false,
      createdByTokenId: input.createdByTokenId ?? null,
      name,
      format,
      powerLevel: powerLevel ?? null,
      bracket,
      description: description?.trim() ? description.trim() : `${format} game session`,
      maxPlayers: input.maxPlayers,
      currentPlayers: 1,
      status: "waiting",
      // Nobody is in it until the host's page opens its socket.
      emptySince: Date.now(),
    }),
    db.insert(gameSessionMembers).values({ sessionId: id, userId: hostId, role: "player", seat: input.hostSeat ?? 1 }),
  ] as const;
}

/**
 * For the account-deletion batch, before the user row goes (its cascade then
 * removes the member's places): every room the member has a place in but does
 * not host (hosted rooms are deleted with them) is counted without them, the
 * turn passes on as when they leave, and a room with nobody seated completes.
 */
export function removeMemberFromRooms(db: Db, userId: string) {
  const count = (role: MemberRole) =>
    sql<number>`(SELECT count(*) FROM game_session_members m WHERE m.session_id = game_sessions.id AND m.role = ${role} AND m.user_id != ${userId})`;
  const ownSeat = sql`(SELECT seat FROM game_session_members WHERE session_id = game_sessions.id AND user_id = ${userId})`;
  const successor = sql<string | null>`(
    SELECT m.user_id FROM game_session_members m
    WHERE m.session_id = game_sessions.id AND m.role = 'player' AND m.user_id != ${userId}
    ORDER BY (m.seat < ${ownSeat}), m.seat LIMIT 1)`;
  const theirRooms = db.select({ id: gameSessionMembers.sessionId }).from(gameSessionMembers).where(eq(gameSessionMembers.userId, userId));
  return db
    .update(gameSessions)
    .set({
      currentPlayers: count("player"),
      spectators: count("spectator"),
      currentTurn: sql`CASE WHEN current_turn = ${userId} THEN ${successor} ELSE current_turn END`,
      status: sql`CASE WHEN status != 'completed' AND ${count("player")} = 0 THEN 'completed' ELSE status END`,
      updatedAt: Date.now(),
    })
    .where(and(ne(gameSessions.hostId, userId), inArray(gameSessions.id, theirRooms)));
}
