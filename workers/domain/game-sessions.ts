import { and, desc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { events, gameSessionMembers, gameSessions, users } from "../db/schema";
import type { CreateGameSessionBody, GameSessionView } from "../contract/game-sessions";
import { conflict, forbidden, invalid, notFound } from "./errors";
import { isBlockedEitherWay } from "./blocks";
import { communityExists } from "./communities";
import { memberNameColumns, pickMemberColumns } from "./member-columns";

export type NewGameSession = {
  communityId: string | null;
  maxPlayers: number;
  eventId?: string | null;
  tournamentMatchId?: string | null;
  gameData: { name: string; format: string; powerLevel?: string | null; description?: string | null };
};

export type GameSessionRow = typeof gameSessions.$inferSelect;
export type SessionMemberRow = typeof gameSessionMembers.$inferSelect;
export type MemberRole = SessionMemberRow["role"];

/**
 * Creates a waiting game session with its host seated as player 1, in one batch.
 * Used by the TableSync API and by tournaments (a room per match).
 */
export async function createGameSession(db: Db, hostId: string, input: NewGameSession): Promise<string> {
  const id = crypto.randomUUID();
  const { name, format, powerLevel, description } = input.gameData;
  await db.batch([
    db.insert(gameSessions).values({
      id,
      hostId,
      communityId: input.communityId,
      eventId: input.eventId ?? null,
      tournamentMatchId: input.tournamentMatchId ?? null,
      name,
      format,
      powerLevel: powerLevel ?? null,
      description: description?.trim() ? description.trim() : `${format} game session`,
      maxPlayers: input.maxPlayers,
      currentPlayers: 1,
      status: "waiting",
    }),
    db.insert(gameSessionMembers).values({ sessionId: id, userId: hostId, role: "player", seat: 1 }),
  ]);
  return id;
}

const sessionColumns = {
  session: gameSessions,
  host: pickMemberColumns("id", "firstName"),
};

function toView({ session: s, host }: { session: GameSessionRow; host: GameSessionView["host"] }): GameSessionView {
  return {
    id: s.id,
    status: s.status,
    hostId: s.hostId,
    host,
    currentPlayers: s.currentPlayers,
    maxPlayers: s.maxPlayers,
    spectators: s.spectators,
    communityId: s.communityId,
    eventId: s.eventId,
    tournamentMatchId: s.tournamentMatchId,
    gameData: { name: s.name, format: s.format, powerLevel: s.powerLevel, description: s.description, currentTurn: s.currentTurn },
    createdAt: new Date(s.createdAt).toISOString(),
  };
}

/** Sessions newest first; uses the (status, created) and (community, status, created) indexes. */
export async function listGameSessions(
  db: Db,
  filter: { status?: GameSessionRow["status"]; communityId?: string; limit: number; before?: string },
): Promise<GameSessionView[]> {
  const conditions = [
    filter.status ? eq(gameSessions.status, filter.status) : undefined,
    filter.communityId ? eq(gameSessions.communityId, filter.communityId) : undefined,
    // Tournament match rooms belong to their pairing, not to the open lobby.
    isNull(gameSessions.tournamentMatchId),
    filter.before ? lt(gameSessions.createdAt, Date.parse(filter.before)) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select(sessionColumns)
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
    .limit(filter.limit)
    .all();
  return rows.map(toView);
}

export async function getGameSession(db: Db, id: string): Promise<GameSessionView | null> {
  const row = await db
    .select(sessionColumns)
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(eq(gameSessions.id, id))
    .get();
  return row ? toView(row) : null;
}

async function requireSession(db: Db, id: string): Promise<GameSessionView> {
  const session = await getGameSession(db, id);
  if (!session) throw notFound("Game session not found");
  return session;
}

/**
 * The session `userId` asks to enter, as a player or a spectator: refused when
 * a block stands between them and the host (one query with the session read).
 * A tournament match room is exempt: the pairing decides who plays there.
 */
async function requireEnterableSession(db: Db, id: string, userId: string): Promise<GameSessionView> {
  const row = await db
    .select({ ...sessionColumns, blockedWithHost: isBlockedEitherWay(userId, gameSessions.hostId) })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(eq(gameSessions.id, id))
    .get();
  if (!row) throw notFound("Game session not found");
  const session = toView(row);
  if (row.blockedWithHost && !session.tournamentMatchId) throw forbidden("You cannot join this room");
  return session;
}

/** The API's create: checks the community and event, then seats the host. */
export async function createRoom(db: Db, hostId: string, body: CreateGameSessionBody): Promise<GameSessionView> {
  if (!(await communityExists(db, body.communityId))) throw invalid("Unknown community");
  if (body.eventId) {
    const event = await db.select({ id: events.id }).from(events).where(eq(events.id, body.eventId)).get();
    if (!event) throw invalid("Unknown event");
  }
  const id = await createGameSession(db, hostId, body);
  return requireSession(db, id);
}

/**
 * The D1 binding behind the Drizzle client (`drizzle()` sets `$client`; the
 * shared `Db` type just does not spell it out).
 */
function d1Of(db: Db): D1Database {
  return (db as Db & { $client: D1Database }).$client;
}

/** D1 prepared statement (raw SQL: the conditional statements below have no query-builder form). */
function stmt(db: Db, query: string, ...params: (string | number | null)[]): D1PreparedStatement {
  return d1Of(db)
    .prepare(query)
    .bind(...params);
}

const NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const PLAYER_COUNT = "(SELECT count(*) FROM game_session_members WHERE session_id = ?1 AND role = 'player')";

/** Counters are derived from membership in the same batch as every membership write, so they never drift. */
function refreshCounters(db: Db, sessionId: string): D1PreparedStatement {
  return stmt(
    db,
    `UPDATE game_sessions SET
      current_players = ${PLAYER_COUNT},
      spectators = (SELECT count(*) FROM game_session_members WHERE session_id = ?1 AND role = 'spectator'),
      status = CASE WHEN status != 'completed' AND ${PLAYER_COUNT} = 0 THEN 'completed' ELSE status END,
      updated_at = ${NOW_MS}
    WHERE id = ?1`,
    sessionId,
  );
}

export async function getMembership(db: Db, sessionId: string, userId: string): Promise<SessionMemberRow | null> {
  const row = await db
    .select()
    .from(gameSessionMembers)
    .where(and(eq(gameSessionMembers.sessionId, sessionId), eq(gameSessionMembers.userId, userId)))
    .get();
  return row ?? null;
}

export type Membership = { session: GameSessionView; role: MemberRole; seat: number | null };

/** The caller's membership, read as the last statement of a join or spectate batch (saves a round trip). */
function membershipRead(db: Db, sessionId: string, userId: string): D1PreparedStatement {
  return stmt(db, "SELECT role, seat FROM game_session_members WHERE session_id = ?1 AND user_id = ?2", sessionId, userId);
}

function membershipFrom(results: D1Result[]): Pick<SessionMemberRow, "role" | "seat"> | null {
  return (results.at(-1)?.results[0] as Pick<SessionMemberRow, "role" | "seat"> | undefined) ?? null;
}

/**
 * Takes the lowest free seat. The capacity check and the insert are ONE
 * statement (`INSERT ... SELECT ... WHERE players < max_players`), so ten
 * simultaneous joins to a four-seat room seat exactly four. A spectator who
 * joins is upgraded to a seat the same way; a seated member is left as is.
 */
export async function joinGameSession(db: Db, sessionId: string, userId: string): Promise<Membership> {
  const existing = await requireEnterableSession(db, sessionId, userId);
  if (existing.status === "completed") throw conflict("This game session has ended");
  // Lowest seat n in 1..16 with no player on it (max_players is at most 8).
  const freeSeat = `(
    WITH RECURSIVE seat_numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seat_numbers WHERE n < 16)
    SELECT min(n) FROM seat_numbers WHERE NOT EXISTS (
      SELECT 1 FROM game_session_members WHERE session_id = ?1 AND role = 'player' AND seat = n))`;
  const results = await d1Of(db).batch([
    stmt(
      db,
      `INSERT INTO game_session_members (session_id, user_id, role, seat, joined_at)
      SELECT ?1, ?2, 'player', ${freeSeat}, ${NOW_MS}
      FROM game_sessions g
      WHERE g.id = ?1 AND g.status != 'completed' AND ${PLAYER_COUNT} < g.max_players
        AND (g.tournament_match_id IS NULL OR EXISTS (
          SELECT 1 FROM tournament_matches m WHERE m.id = g.tournament_match_id AND ?2 IN (m.player1_id, m.player2_id)))
      ON CONFLICT (session_id, user_id) DO UPDATE SET role = 'player', seat = excluded.seat
      WHERE game_session_members.role = 'spectator'`,
      sessionId,
      userId,
    ),
    refreshCounters(db, sessionId),
    membershipRead(db, sessionId, userId),
  ]);
  const member = membershipFrom(results);
  if (!member || member.role !== "player") {
    // A tournament match room seats only that match's two players; anyone else may watch.
    if (existing.tournamentMatchId) throw forbidden("Only the players of this match can take a seat");
    throw conflict("Room is full");
  }
  return { session: await requireSession(db, sessionId), role: "player", seat: member.seat };
}

/**
 * Watches as a spectator. A seated member keeps their seat (they already see
 * everything); a newcomer is added as a spectator. Idempotent.
 */
export async function spectateGameSession(db: Db, sessionId: string, userId: string): Promise<Membership> {
  const existing = await requireEnterableSession(db, sessionId, userId);
  if (existing.status === "completed") throw conflict("This game session has ended");
  const results = await d1Of(db).batch([
    stmt(
      db,
      `INSERT INTO game_session_members (session_id, user_id, role, seat, joined_at)
      VALUES (?1, ?2, 'spectator', NULL, ${NOW_MS})
      ON CONFLICT (session_id, user_id) DO NOTHING`,
      sessionId,
      userId,
    ),
    refreshCounters(db, sessionId),
    membershipRead(db, sessionId, userId),
  ]);
  const member = membershipFrom(results);
  if (!member) throw conflict("This game session has ended");
  return { session: await requireSession(db, sessionId), role: member.role, seat: member.seat };
}

/**
 * Leaves the room in one batch: a leaving host hands over to the next seated
 * player (seat order, wrapping), a leaving turn-holder passes the turn the
 * same way, and with nobody seated any more the session completes.
 */
export async function leaveGameSession(db: Db, sessionId: string, userId: string): Promise<GameSessionView> {
  await requireSession(db, sessionId);
  const member = await getMembership(db, sessionId, userId);
  if (!member) throw notFound("You are not in this game session");
  const successor = `(
    SELECT user_id FROM game_session_members
    WHERE session_id = ?1 AND role = 'player' AND user_id != ?2
    ORDER BY (seat < ?3), seat LIMIT 1)`;
  await d1Of(db).batch([
    stmt(
      db,
      `UPDATE game_sessions SET
        host_id = CASE WHEN host_id = ?2 THEN coalesce(${successor}, host_id) ELSE host_id END,
        current_turn = CASE WHEN current_turn = ?2 THEN ${successor} ELSE current_turn END
      WHERE id = ?1`,
      sessionId,
      userId,
      member.seat ?? 0,
    ),
    stmt(db, "DELETE FROM game_session_members WHERE session_id = ?1 AND user_id = ?2", sessionId, userId),
    refreshCounters(db, sessionId),
  ]);
  return requireSession(db, sessionId);
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

/** Host only: waiting → active with the first turn at the lowest seat. */
export async function startGameSession(db: Db, sessionId: string, userId: string): Promise<GameSessionView> {
  const session = await requireSession(db, sessionId);
  if (session.hostId !== userId) throw forbidden("Only the host can start the game");
  if (session.status !== "waiting") throw conflict("The game has already started or ended");
  await stmt(
    db,
    `UPDATE game_sessions SET status = 'active',
      current_turn = (SELECT user_id FROM game_session_members WHERE session_id = ?1 AND role = 'player' ORDER BY seat LIMIT 1),
      updated_at = ${NOW_MS}
    WHERE id = ?1 AND status = 'waiting'`,
    sessionId,
  ).run();
  return requireSession(db, sessionId);
}

/** The room records whose turn it is (the room decides; D1 mirrors it for the lobby and the page). */
export async function setCurrentTurn(db: Db, sessionId: string, userId: string | null): Promise<void> {
  await db.update(gameSessions).set({ currentTurn: userId, updatedAt: Date.now() }).where(eq(gameSessions.id, sessionId));
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
};

/** Everyone in a room with the profile fields the room shows. */
export async function listRoomMembers(db: Db, sessionId: string): Promise<RoomMember[]> {
  return db
    .select({
      userId: gameSessionMembers.userId,
      role: gameSessionMembers.role,
      seat: gameSessionMembers.seat,
      joinedAt: gameSessionMembers.joinedAt,
      ...memberNameColumns,
    })
    .from(gameSessionMembers)
    .innerJoin(users, eq(users.id, gameSessionMembers.userId))
    .where(eq(gameSessionMembers.sessionId, sessionId))
    .all();
}

type IceEnv = { STUN_URLS?: string; TURN_URL?: string; TURN_USERNAME?: string; TURN_CREDENTIAL?: string };
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** Two public STUN servers unless configured (STUN_URLS, comma separated); TURN when TURN_URL is set. */
export const DEFAULT_STUN_URLS = ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"];

export function iceServersFromEnv(env: IceEnv): IceServer[] {
  const stun = (env.STUN_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  const servers: IceServer[] = [{ urls: stun.length > 0 ? stun : DEFAULT_STUN_URLS }];
  if (env.TURN_URL) servers.push({ urls: env.TURN_URL, username: env.TURN_USERNAME, credential: env.TURN_CREDENTIAL });
  return servers;
}
