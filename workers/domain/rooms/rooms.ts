/**
 * The room service: every change to a room's places (create, join, watch, leave, remove, start, blocks),
 * what the room itself asks of D1, and the sockets that end with a session. Over 300 lines because each
 * change is one batch plus its read-back, and they share the read helpers and the room notification.
 */
import { and, asc, eq, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { resolvePower } from "../../contract/brackets";
import type { CreateGameSessionBody, GameSessionView, MembershipView } from "../../contract/game-sessions";
import type { ChatMessage } from "../../contract/room/protocol";
import type { Db } from "../../db/client";
import { gameSessionMembers, gameSessions, users } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { sessionQuery, toView } from "./game-sessions";
import { enforceRateLimit, hitOutcome, rateLimitHit, refuseOverLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";
import { emitRoomEvent } from "../webhooks/webhooks";
import { hostOfNewRoom, inviteesQuery, inviteWrites, refusedInvitees, seatsAnotherMember } from "./room-invites";
import { askSeatConsent, consentLetsBotSeat, consentStatusOf } from "../access/bot-consents";
import { HOST_CONSENT_REQUIRED } from "../../contract/bot-consents";
import { displayName } from "../../contract/display-name";
import { givePlaceUpAndRead, readOf, readRoomSnapshot, snapshotOf, type PlaceEnd, type RoomSnapshot, type SocketEnd } from "./room-d1";
import { ROOM_REFUSALS, seatOutcome, watchOutcome, type RoomRead, type SeatOutcome, type WatchOutcome } from "./room-rules";
import { realmRemovalOf, refuseIfRemoved } from "../moderation/standing";
import {
  givePlaceUp,
  insertRoom,
  recordRemoval,
  refreshCounters,
  roomReadBack,
  startGame,
  takeSeat,
  takeSpectatorPlace,
  type NewGameSession,
} from "./room-seats";

/**
 * The room service. Every change of a place in a room goes through here: the
 * API and the pages' actions (join, spectate, enter, leave, start, create),
 * tournaments (match rooms), account deletion and sign-out; what the GameRoom
 * itself changes (a spectator's place ending, a seat held too long) is in room-d1.ts. D1 decides each
 * change in one batch that also reads the room back; the room's Durable Object
 * is then told that snapshot, so it never reads D1 to let a member in.
 * Decision: docs/decisions/2026-11-25-room-service-one-request-join.md.
 */

export { removeMemberFromRooms, type NewGameSession } from "./room-seats";

/** A seat request either seats the member or says why not; "full" is an answer, not an error to compare text with. */
export type SeatResult =
  | { ok: true; membership: MembershipView }
  | { ok: false; reason: "full"; maxPlayers: number }
  | { ok: false; reason: "match_players_only" }
  | { ok: false; reason: "invited_only" };

export type EnterMode = "play" | "spectate";

/**
 * Tells the room's Durable Object what it now holds (it broadcasts the new
 * roster; `leftUserId`'s sockets close). A room that cannot be told catches up
 * by itself: a member it does not know makes it read D1 once.
 */
async function tellRoom(
  env: Env,
  sessionId: string,
  snapshot: RoomSnapshot | null,
  leftUserId: string | null = null,
  end: PlaceEnd = { how: "left" },
): Promise<void> {
  try {
    const room = await getServerByName(env.GameRoom, sessionId);
    await room.applyRoster(snapshot, leftUserId, end);
  } catch (error) {
    currentLogger().error("Could not tell a room about a change", { sessionId, error });
  }
}

// ------------------------------------------------------------------ creating

/** Creates a waiting session with its host in seat 1 (tournaments' match rooms too); returns its id. */
export async function createGameSession(db: Db, hostId: string, input: NewGameSession): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([...insertRoom(db, id, hostId, input)]);
  return id;
}

/** A match room that lost the race to be linked to its match: nobody but its host ever had a place in it. */
export async function discardUnusedRoom(db: Db, sessionId: string): Promise<void> {
  await db.delete(gameSessions).where(eq(gameSessions.id, sessionId));
}

/** How a room was asked for: with an API token (a bot) or not. */
export type CreateOptions = { tokenId?: string | null };

/**
 * A member's room (API and lobby): checks the realm, the event and the invitees, then creates it with the host
 * seated, its invites and their notifications. Two D1 round trips: the rate-limit hit with the checks, then the
 * writes with the read-back. A bot (an API token) that invites members hosts nobody itself: the host is the named
 * invitee or the first (room-invites.ts hostOfNewRoom), and the token is recorded for its webhook. A bot seats
 * another member as host only with that member's consent (bot-consents.ts, issue 35): without it nothing is
 * created, the member is asked once (a notification), and the bot gets a 403 (a third round trip).
 */
export async function createRoom(
  db: Db,
  creatorId: string,
  body: CreateGameSessionBody,
  { tokenId = null }: CreateOptions = {},
): Promise<GameSessionView & { invitedMemberIds: string[] }> {
  const invited = body.invitedMemberIds ?? [];
  const hostId = hostOfNewRoom(creatorId, tokenId !== null, body);
  if (!hostId) {
    throw invalid("Only an API token names another host: you host the rooms you create", [
      { code: "custom", path: ["hostMemberId"], message: "Leave it out, or name yourself" },
    ]);
  }
  const eventId = body.eventId ?? null;
  const rule = RATE_LIMITS.gameSessionCreate;
  const now = Date.now();
  const [hit, knownRows, invitees] = await db.batch([
    rateLimitHit(db, `gameSessionCreate:${creatorId}`, rule.windowMs, now),
    db
      .select({
        community: sql<number>`EXISTS (SELECT 1 FROM communities WHERE id = ${body.communityId})`,
        // A moderator's removal from the realm keeps its creator and its host from opening a room there (issue 38).
        // Named: D1 hands a batch's rows back by column name, and the two subqueries' texts are the same.
        creatorRemoval: realmRemovalOf(creatorId, body.communityId).as("creator_removal"),
        hostRemoval: realmRemovalOf(hostId, body.communityId).as("host_removal"),
        event: sql<number>`(${eventId} IS NULL OR EXISTS (SELECT 1 FROM events WHERE id = ${eventId}))`,
        // What a bot's room needs to seat its host: the host's answer to this bot, and the names the asking shows.
        hostConsent: consentStatusOf(creatorId, hostId),
        botName: sql<string | null>`(SELECT name FROM access_tokens WHERE id = ${tokenId})`,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(users)
      .where(eq(users.id, creatorId)),
    inviteesQuery(db, invited, creatorId, hostId),
  ]);
  refuseOverLimit("gameSessionCreate", hitOutcome(hit[0], rule.limit, rule.windowMs, now));
  const known = knownRows[0];
  if (!known?.community) throw invalid("Unknown community");
  refuseIfRemoved(known.creatorRemoval);
  if (known.hostRemoval) throw forbidden(ROOM_REFUSALS.realmRemoved);
  if (!known.event) throw invalid("Unknown event");
  const refused = refusedInvitees(invited, invitees);
  if (refused.length > 0) {
    throw invalid(
      "Some invited members cannot be invited: no such member, or a block stands between them and you or the host",
      refused.map((id) => ({ code: "custom", path: ["invitedMemberIds", invited.indexOf(id)], message: `Cannot invite ${id}` })),
    );
  }
  if (seatsAnotherMember(creatorId, tokenId !== null, hostId) && !consentLetsBotSeat(known.hostConsent)) {
    if (known.hostConsent === null) {
      await askSeatConsent(db, {
        memberId: hostId,
        botOwnerId: creatorId,
        botName: known.botName ?? "A bot",
        ownerName: displayName(known),
      });
    }
    throw forbidden(HOST_CONSENT_REQUIRED);
  }
  const id = crypto.randomUUID();
  const power = resolvePower(body.gameData);
  const room = { id, name: body.gameData.name, format: body.gameData.format, bracket: power.ok ? power.value.bracket : null };
  const writes = invited.length > 0 ? inviteWrites(db, room, invited, creatorId) : [];
  const results = await db.batch([...insertRoom(db, id, hostId, { ...body, createdByTokenId: tokenId }), ...writes, sessionQuery(db, id)]);
  const sessions = results[results.length - 1] as Awaited<ReturnType<typeof sessionQuery>>;
  return { ...toView(sessions[0]), invitedMemberIds: invited };
}

// ------------------------------------------------------------------ places

/** The refusals joining and watching share, as the domain's errors. */
function placeRefused(kind: "not_found" | "blocked" | "host_blocked" | "realm_removed" | "ended") {
  if (kind === "not_found") return notFound("Game session not found");
  if (kind === "blocked") return forbidden(ROOM_REFUSALS.blocked);
  if (kind === "realm_removed") return forbidden(ROOM_REFUSALS.realmRemoved);
  if (kind === "host_blocked") return forbidden(ROOM_REFUSALS.hostBlocked);
  return conflict("This game session has ended");
}

/**
 * What differs between a seat and a spectator's place: the statement that takes it (room-seats.ts) and the rule
 * that reads the room back (room-rules.ts). The rest is one path.
 */
const PLACES = {
  player: { take: takeSeat, outcome: seatOutcome },
  spectator: { take: takeSpectatorPlace, outcome: watchOutcome },
} satisfies Record<MembershipView["role"], { take: typeof takeSeat; outcome: (read: RoomRead) => SeatOutcome | WatchOutcome }>;

/**
 * Takes a seat or a spectator's place (idempotent) in one batch that also reads the room back, then tells the room.
 * The refusals both share (no such room, a block, a removal from the realm, an ended game) are errors; a seat's own
 * (full, match players only, invited only) are answers. A spectator's place has none of those (watchOutcome), so
 * asking for one answers a membership or throws.
 */
async function takePlace(env: Env, db: Db, sessionId: string, userId: string, role: "player"): Promise<SeatResult>;
async function takePlace(env: Env, db: Db, sessionId: string, userId: string, role: "spectator"): Promise<SeatResult & { ok: true }>;
async function takePlace(env: Env, db: Db, sessionId: string, userId: string, role: MembershipView["role"]): Promise<SeatResult> {
  const { take, outcome: outcomeOf } = PLACES[role];
  const [, , sessions, members] = await db.batch([
    take(db, sessionId, userId),
    refreshCounters(db, sessionId),
    ...roomReadBack(db, sessionId, userId),
  ]);
  const read = readOf(sessions, members, userId);
  const outcome = outcomeOf(read);
  switch (outcome.kind) {
    case "not_found":
    case "blocked":
    case "host_blocked":
    case "realm_removed":
    case "ended":
      throw placeRefused(outcome.kind);
    case "full":
      return { ok: false, reason: "full", maxPlayers: outcome.maxPlayers };
    case "match_players_only":
    case "invited_only":
      return { ok: false, reason: outcome.kind };
    case "seated":
    case "watching": {
      await tellRoom(env, sessionId, read.snapshot);
      const place = outcome.kind === "seated" ? { role: "player" as const, seat: outcome.seat } : outcome.place;
      return { ok: true, membership: { session: read.snapshot!.session, ...place } };
    }
  }
}

/**
 * Takes a free seat (idempotent; a spectator is upgraded). One conditional
 * statement decides, so simultaneous joins never overfill; the joins and
 * watches of a member share one rate limit.
 */
export async function joinRoom(env: Env, db: Db, sessionId: string, userId: string): Promise<SeatResult> {
  await enforceRateLimit(db, "gameSessionJoin", userId);
  return takePlace(env, db, sessionId, userId, "player");
}

/** Watches as a spectator; a seated member keeps their seat. Idempotent. */
export async function spectateRoom(env: Env, db: Db, sessionId: string, userId: string): Promise<MembershipView> {
  await enforceRateLimit(db, "gameSessionJoin", userId);
  return (await takePlace(env, db, sessionId, userId, "spectator")).membership;
}

/**
 * A member opens a room they have no place in (a shared link, a match room):
 * `play` takes a seat while one is free and watches otherwise (a full room, a
 * match room of others, a room with invites that did not invite them); `spectate` watches. `fullAt` says the seat
 * was refused because the room is full, `invitedOnly` because the room seats only its invited (the page says so).
 */
export async function enterRoom(
  env: Env,
  db: Db,
  sessionId: string,
  userId: string,
  mode: EnterMode,
): Promise<MembershipView & { fullAt?: number; invitedOnly?: true }> {
  await enforceRateLimit(db, "gameSessionJoin", userId);
  if (mode === "play") {
    const seated = await takePlace(env, db, sessionId, userId, "player");
    if (seated.ok) return seated.membership;
    const { membership: watching } = await takePlace(env, db, sessionId, userId, "spectator");
    if (seated.reason === "full") return { ...watching, fullAt: seated.maxPlayers };
    return seated.reason === "invited_only" ? { ...watching, invitedOnly: true } : watching;
  }
  return (await takePlace(env, db, sessionId, userId, "spectator")).membership;
}

/** Leaves: a leaving host hands over to the next seated player; when nobody is seated the session completes. */
export async function leaveRoom(env: Env, db: Db, sessionId: string, userId: string): Promise<GameSessionView> {
  const { gone, snapshot } = await givePlaceUpAndRead(db, sessionId, userId);
  if (!snapshot) throw notFound("Game session not found");
  if (!gone) throw notFound("You are not in this game session");
  await tellRoom(env, sessionId, snapshot, userId);
  return snapshot.session;
}

/**
 * Host only: takes a player's or spectator's place away (their sockets close
 * with ROOM_CLOSE.removed) and keeps them out of the room, by the lobby or a
 * link (room-seats.ts mayEnter). The host cannot remove themselves: they leave.
 */
export async function removeFromRoom(env: Env, db: Db, sessionId: string, hostId: string, targetId: string): Promise<GameSessionView> {
  const session = await sessionQuery(db, sessionId).get();
  if (!session) throw notFound("Game session not found");
  if (session.session.hostId !== hostId) throw forbidden("Only the host can remove someone from the room");
  if (targetId === hostId) throw invalid("Use Leave Room to leave your own room");
  if (session.session.status === "completed") throw conflict("This game session has ended");
  const [, , gone, , sessions, members] = await db.batch([
    recordRemoval(db, sessionId, targetId),
    ...givePlaceUp(db, sessionId, targetId),
    refreshCounters(db, sessionId),
    ...roomReadBack(db, sessionId, hostId),
  ]);
  const snapshot = snapshotOf(sessions, members);
  if (!snapshot) throw notFound("Game session not found");
  if (gone.length === 0) throw notFound("That member is not in this room");
  await tellRoom(env, sessionId, snapshot, targetId, { how: "removed" });
  return snapshot.session;
}

/** Host only: waiting → active, the first turn to a seated player picked at random. */
export async function startRoom(env: Env, db: Db, sessionId: string, userId: string): Promise<GameSessionView> {
  const [started, sessions, members] = await db.batch([startGame(db, sessionId, userId), ...roomReadBack(db, sessionId, userId)]);
  const snapshot = snapshotOf(sessions, members);
  if (!snapshot) throw notFound("Game session not found");
  if (started.length === 0) {
    if (snapshot.session.hostId !== userId) throw forbidden("Only the host can start the game");
    throw conflict("The game has already started or ended");
  }
  await tellRoom(env, sessionId, snapshot);
  // A bot's room (created with an API token) tells the token's webhook, if it has one.
  if (sessions[0]?.session.createdByTokenId) {
    await emitRoomEvent(env, db, { sessionId, event: "room.started", result: null, room: snapshot.session });
  }
  return snapshot.session;
}

// ------------------------------------------------------------------ blocks

/**
 * The rooms a block takes a member out of: the member's open rooms (openRoomsOf) that the blocker hosts, tournament
 * match rooms excepted (the pairing decides who plays there). A query builder, so the block can read it in its own
 * batch.
 */
export function roomsHostedWith(db: Db, hostId: string, memberId: string) {
  return openRoomsOf(db, memberId, eq(gameSessions.hostId, hostId), isNull(gameSessions.tournamentMatchId));
}

/**
 * After a block: the blocked member loses their place in each room the blocker hosts, and their sockets there
 * close as after a host's removal (the block keeps them out from then on, room-rules.ts). One batch per room; a
 * member rarely has a place in more than one room of the same host.
 */
export async function endPlacesAfterBlock(env: Env, db: Db, roomIds: string[], blockedId: string): Promise<void> {
  await endPlaces(env, db, roomIds, blockedId, { how: "removed" });
}

/**
 * A member loses their place in each of `roomIds`, and their sockets there close `end`'s way: after a block (as
 * after a host's removal), a moderator's removal from the realm, or a suspension (issue 38, with the reason). One
 * batch per room.
 */
export async function endPlaces(env: Env, db: Db, roomIds: string[], memberId: string, end: PlaceEnd): Promise<void> {
  for (const sessionId of roomIds) {
    const { gone, snapshot } = await givePlaceUpAndRead(db, sessionId, memberId);
    if (gone) await tellRoom(env, sessionId, snapshot, memberId, end);
  }
}

// ------------------------------------------------------------------ moderation (issue 38)

/**
 * A moderator ends a room: completed in D1 (unless it already is), then the room tells every socket the reason
 * and closes them (`room_ended` `moderator_ended`). Returns whether this call ended it.
 */
export async function endRoomByModerator(env: Env, db: Db, sessionId: string, reason: string): Promise<boolean> {
  const ended = await db
    .update(gameSessions)
    .set({ status: "completed", updatedAt: sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)` })
    .where(and(eq(gameSessions.id, sessionId), ne(gameSessions.status, "completed")))
    .returning({ id: gameSessions.id });
  if (ended.length === 0) return false;
  const snapshot = await readRoomSnapshot(db, sessionId);
  try {
    await (await getServerByName(env.GameRoom, sessionId)).endByModerator(snapshot, reason);
  } catch (error) {
    currentLogger().error("Could not tell a room a moderator ended it", { sessionId, error });
  }
  return true;
}

/** A line of a room's chat as the room has it (a report keeps its text), or null when the room has no such line. */
export async function readChatLine(env: Env, sessionId: string, lineId: string): Promise<ChatMessage | null> {
  return (await getServerByName(env.GameRoom, sessionId)).chatLine(lineId);
}

// ------------------------------------------------------------------ sockets that end with their session

/**
 * The rooms that may hold a member's sockets: game sessions not yet completed
 * where they have a seat or a spectator place, narrowed by `only` when given. A
 * query builder, so the account deletion and a block can read it inside their
 * own batch.
 */
export function openRoomsOf(db: Db, userId: string, ...only: SQL[]) {
  return db
    .select({ id: gameSessionMembers.sessionId })
    .from(gameSessionMembers)
    .innerJoin(gameSessions, eq(gameSessions.id, gameSessionMembers.sessionId))
    .where(and(eq(gameSessionMembers.userId, userId), ne(gameSessions.status, "completed"), ...only));
}

/**
 * Ends a member's open room sockets at once: the one path for sign-out and
 * account deletion. Rooms are told in parallel; a room that fails does not
 * stop the others (and its sockets still fail their next session re-check).
 */
export async function endMemberSockets(env: Env, roomIds: string[], end: SocketEnd): Promise<void> {
  const results = await Promise.allSettled(roomIds.map(async (id) => (await getServerByName(env.GameRoom, id)).endMemberSockets(end)));
  for (const result of results) {
    if (result.status === "rejected")
      currentLogger().error("Could not end a member's room sockets", { reason: end.reason, error: result.reason });
  }
}

/**
 * Sign-out: ends the sockets this browser session opened, in every open room of the member. Takes the session's
 * key (its hash, workers/auth/session.ts `sessionKey`), the name rooms know a session by.
 */
export async function signOutOfRooms(env: Env, db: Db, userId: string | undefined, sessionKey: string | undefined): Promise<void> {
  if (!userId || !sessionKey) return;
  const rooms = await openRoomsOf(db, userId);
  if (rooms.length === 0) return;
  await endMemberSockets(
    env,
    rooms.map((r) => r.id),
    { reason: "signed_out", userId, sessionKey },
  );
}

// ------------------------------------------------------------------ for the cron trigger

/**
 * Ends waiting rooms created and last changed before `idleBefore` (workers/domain/operations/housekeeping.ts): one
 * statement marks at most `limit` of them completed, over the (status, created_at) index, then each room is
 * told, so sockets still open in it hear that it ended. Returns how many ended.
 */
export async function endAbandonedRooms(env: Env, db: Db, idleBefore: number, limit: number): Promise<number> {
  const abandoned = db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(and(eq(gameSessions.status, "waiting"), lt(gameSessions.createdAt, idleBefore), lt(gameSessions.updatedAt, idleBefore)))
    .orderBy(asc(gameSessions.createdAt))
    .limit(limit);
  const ended = await db
    .update(gameSessions)
    .set({ status: "completed", updatedAt: sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)` })
    .where(and(inArray(gameSessions.id, abandoned), eq(gameSessions.status, "waiting")))
    .returning({ id: gameSessions.id });
  await Promise.all(ended.map(async ({ id }) => tellRoom(env, id, await readRoomSnapshot(db, id))));
  return ended.length;
}
