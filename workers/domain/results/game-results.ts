/**
 * A finished room's result in D1 (issue 27): the host records it, the other players confirm or dispute it, anyone
 * who may see the room reads it. Each request is one read batch (with the rate-limit hit, for writes) and one
 * write batch; the rules are game-result-rules.ts, and the writes repeat their decision in SQL (a primary key,
 * `WHERE response = 'pending'`) so two requests at once never record or answer twice.
 *
 * Over 300 lines: recording, answering and reading share the one result read (its players, seats and decks) and
 * its view; split, each half would repeat it.
 */
import { noteNotified } from "../../lib/notified-members";
import { and, asc, eq, sql } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import type { GameResultView, RecordResultInput, RespondToResultInput } from "../../contract/game-results";
import type { Db } from "../../db/client";
import { decks, gameResultPlayers, gameResults, gameSessionMembers, gameSessions, notifications, users } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";
import { conflict, forbidden, isUniqueViolation, notFound } from "../errors";
import { memberNameColumns } from "../member-columns";
import { notificationInsert } from "../notifications";
import { hitOutcome, rateLimitHit, refuseOverLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";
import {
  recordRefusal,
  resultLines,
  respondRefusal,
  resultRoleOf,
  seatCommander,
  whoIsLeft,
  type ResultRole,
  type SeatedPlayer,
} from "./game-result-rules";
import { emitRoomEvent } from "../webhooks/webhooks";
import { announceResultToDiscord } from "../discord/discord-results";
import { isoInstant, isoInstantOrNull } from "../instants";
import { roomPath } from "../../contract/game-session-options";

/** The room as a result needs it, with whether a block or the host's removal keeps `viewerId` out. */
function roomQuery(db: Db, sessionId: string, viewerId: string) {
  return db
    .select({
      id: gameSessions.id,
      name: gameSessions.name,
      hostId: gameSessions.hostId,
      status: gameSessions.status,
      tournamentMatchId: gameSessions.tournamentMatchId,
      communityId: gameSessions.communityId,
      format: gameSessions.format,
      bracket: gameSessions.bracket,
      hostFirstName: users.firstName,
      hostLastName: users.lastName,
      hostUsername: users.username,
      keptOut: sql<number>`(${isBlockedEitherWay(viewerId, gameSessions.hostId)} OR EXISTS (SELECT 1 FROM game_session_removals r WHERE r.session_id = ${gameSessions.id} AND r.user_id = ${viewerId}))`,
    })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(eq(gameSessions.id, sessionId));
}
type RoomRow = Awaited<ReturnType<typeof roomQuery>>[number];

/** The room's seated players with what their seat said of their deck: who a new result is about. */
function seatedPlayersQuery(db: Db, sessionId: string) {
  return db
    .select({
      userId: gameSessionMembers.userId,
      seat: gameSessionMembers.seat,
      deckCommanders: decks.commanders,
      savedDeckName: decks.name,
      namedDeck: gameSessionMembers.deckName,
      bracket: gameSessionMembers.deckBracket,
      outAt: gameSessionMembers.outAt,
      ...memberNameColumns,
    })
    .from(gameSessionMembers)
    .innerJoin(users, eq(users.id, gameSessionMembers.userId))
    .leftJoin(decks, eq(decks.id, gameSessionMembers.deckId))
    .where(and(eq(gameSessionMembers.sessionId, sessionId), eq(gameSessionMembers.role, "player")));
}

function resultQuery(db: Db, sessionId: string) {
  return db.select().from(gameResults).where(eq(gameResults.sessionId, sessionId));
}

function resultPlayersQuery(db: Db, sessionId: string) {
  return db
    .select({ line: gameResultPlayers, ...memberNameColumns })
    .from(gameResultPlayers)
    .innerJoin(users, eq(users.id, gameResultPlayers.userId))
    .where(eq(gameResultPlayers.sessionId, sessionId))
    .orderBy(asc(gameResultPlayers.seat), asc(gameResultPlayers.userId));
}
type ResultRow = typeof gameResults.$inferSelect;
type ResultPlayerRead = Awaited<ReturnType<typeof resultPlayersQuery>>[number];

export function toResultView(result: ResultRow, players: ResultPlayerRead[]): GameResultView {
  return {
    sessionId: result.sessionId,
    status: result.status,
    outcome: result.outcome,
    winnerId: result.winnerId,
    endTurn: result.endTurn,
    recordedBy: result.recordedBy,
    format: result.format,
    bracket: result.bracket,
    recordedAt: isoInstant(result.createdAt),
    confirmedAt: isoInstantOrNull(result.confirmedAt),
    players: players.map(({ line, ...names }) => ({
      id: line.userId,
      name: displayName(names),
      seat: line.seat,
      commander: line.commander,
      bracket: line.bracket,
      winner: line.isWinner,
      response: line.response,
    })),
  };
}

const hostNameOf = (room: RoomRow) =>
  displayName({ firstName: room.hostFirstName, lastName: room.hostLastName, username: room.hostUsername }, "The host");

/** A block or the host's removal keeps a member from a room's result as from the room (tournament rooms aside). */
function refuseKeptOut(room: RoomRow, userId: string): void {
  if (Number(room.keptOut) && !room.tournamentMatchId && room.hostId !== userId) throw forbidden("You cannot see this room");
}

/**
 * The host records the ended room's result (or corrects it after a dispute): its players are the room's seated
 * players, each other player is asked to confirm it (a notification linking to the room). Two round trips: the
 * read with the rate-limit hit, then one batch that removes the disputed result it corrects (only if it is still
 * the one read) and inserts the new one: a second result for the room breaks the primary key, so a double submit
 * records once and the other gets 409.
 */
export async function recordGameResult(
  db: Db,
  sessionId: string,
  hostId: string,
  body: RecordResultInput,
  now = Date.now(),
): Promise<GameResultView> {
  const rule = RATE_LIMITS.gameResult;
  const [hit, rooms, players, existing] = await db.batch([
    rateLimitHit(db, `gameResult:${hostId}`, rule.windowMs, now),
    roomQuery(db, sessionId, hostId),
    seatedPlayersQuery(db, sessionId),
    resultQuery(db, sessionId),
  ]);
  const room = rooms[0] ?? null;
  const previous = existing[0] ?? null;
  const refused = recordRefusal(room, hostId, previous);
  if (refused || !room) throw refused ?? notFound("Game session not found");
  refuseOverLimit("gameResult", hitOutcome(hit[0], rule.limit, rule.windowMs, now));
  const seated: SeatedPlayer[] = players;
  const lines = resultLines(seated, hostId, body);
  const result: ResultRow = {
    sessionId,
    communityId: room.communityId,
    format: room.format,
    bracket: room.bracket,
    recordedBy: hostId,
    outcome: body.outcome,
    winnerId: body.outcome === "win" ? (body.winnerId ?? null) : null,
    endTurn: body.endTurn ?? null,
    status: "pending",
    confirmedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const hostName = hostNameOf(room);
  const winner = players.find((p) => p.userId === result.winnerId);
  const what = winner ? `${displayName(winner)} won` : "a draw";
  const asks = lines
    .filter((l) => l.response === "pending")
    .map((l) =>
      notificationInsert(db, {
        userId: l.userId,
        type: "system",
        title: "Confirm the result",
        message: `${hostName} recorded ${room.name}: ${what}. Confirm or dispute it.`,
        actionUrl: roomPath(sessionId),
      }),
    );
  try {
    await db.batch([
      // Only the disputed result that was read: if it changed meanwhile, the insert below meets it and fails.
      db
        .delete(gameResults)
        .where(
          and(
            eq(gameResults.sessionId, sessionId),
            eq(gameResults.status, "disputed"),
            eq(gameResults.updatedAt, previous?.updatedAt ?? -1),
          ),
        ),
      db.insert(gameResults).values(result),
      db
        .insert(gameResultPlayers)
        .values(lines.map((l) => ({ ...l, sessionId, respondedAt: l.response === "host" ? now : null, createdAt: now }))),
      ...asks,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("The result is already recorded");
    throw error;
  }
  const byId = new Map(players.map((p) => [p.userId, p]));
  return toResultView(
    result,
    lines.map((l) => ({ line: { ...l, sessionId, respondedAt: null, createdAt: now }, ...namesOf(byId.get(l.userId)) })),
  );
}

const namesOf = (
  p: { firstName: string | null; lastName: string | null; username: string | null; profileImageUrl: string | null } | undefined,
) => ({
  firstName: p?.firstName ?? null,
  lastName: p?.lastName ?? null,
  username: p?.username ?? null,
  profileImageUrl: p?.profileImageUrl ?? null,
});

/**
 * Another player confirms or disputes the result. Two round trips: the read with the rate-limit hit, then one
 * batch that takes the answer only from a player still pending, sets the result's status from every answer in
 * SQL (so two players confirming at once still end it), tells the host of a dispute, and reads the result back.
 * The call whose answer confirmed the result emits `room.ended` to the room's bot.
 */
export async function respondToGameResult(
  env: Env,
  db: Db,
  sessionId: string,
  userId: string,
  body: RespondToResultInput,
  now = Date.now(),
): Promise<GameResultView> {
  const rule = RATE_LIMITS.gameResult;
  const [hit, rooms, results, lines] = await db.batch([
    rateLimitHit(db, `gameResult:${userId}`, rule.windowMs, now),
    roomQuery(db, sessionId, userId),
    resultQuery(db, sessionId),
    resultPlayersQuery(db, sessionId),
  ]);
  const room = rooms[0] ?? null;
  const result = results[0] ?? null;
  const refused = respondRefusal(
    room,
    result,
    lines.map((l) => l.line),
    userId,
  );
  if (refused || !room || !result) throw refused ?? notFound("No result has been recorded for this game");
  refuseOverLimit("gameResult", hitOutcome(hit[0], rule.limit, rule.windowMs, now));
  const response = body.response === "confirm" ? "confirmed" : "disputed";
  const me = lines.find((l) => l.line.userId === userId);
  const reason = body.reason?.trim();
  const hostId = result.recordedBy ?? room.hostId;
  const [answered, status, , readBack, players] = await db.batch([
    db
      .update(gameResultPlayers)
      .set({ response, respondedAt: now })
      .where(
        and(
          eq(gameResultPlayers.sessionId, sessionId),
          eq(gameResultPlayers.userId, userId),
          eq(gameResultPlayers.response, "pending"),
          sql`EXISTS (SELECT 1 FROM game_results WHERE session_id = ${sessionId} AND status = 'pending')`,
        ),
      )
      .returning({ userId: gameResultPlayers.userId }),
    // statusOf (game-result-rules.ts) in SQL, over the answers as they now stand.
    db
      .update(gameResults)
      .set({
        status: sql`CASE WHEN EXISTS (SELECT 1 FROM game_result_players WHERE session_id = ${sessionId} AND response = 'disputed') THEN 'disputed'
          WHEN NOT EXISTS (SELECT 1 FROM game_result_players WHERE session_id = ${sessionId} AND response = 'pending') THEN 'confirmed'
          ELSE 'pending' END`,
        confirmedAt: sql`CASE WHEN NOT EXISTS (SELECT 1 FROM game_result_players WHERE session_id = ${sessionId} AND response IN ('pending', 'disputed')) THEN ${now} ELSE NULL END`,
        updatedAt: now,
      })
      .where(and(eq(gameResults.sessionId, sessionId), eq(gameResults.status, "pending")))
      .returning({ status: gameResults.status }),
    // The host hears of a dispute only when this answer was the one taken.
    db.insert(notifications).select(sql`SELECT lower(hex(randomblob(16))), ${hostId}, 'system', 'The result was disputed',
        ${`${displayName(me)} disputed the result of ${room.name}${reason ? `: ${reason}` : "."} Correct it from the room.`},
        ${roomPath(sessionId)}, 0, ${now}
      WHERE ${response} = 'disputed' AND EXISTS (SELECT 1 FROM game_result_players WHERE session_id = ${sessionId} AND user_id = ${userId}
        AND response = 'disputed' AND responded_at = ${now})`),
    resultQuery(db, sessionId),
    resultPlayersQuery(db, sessionId),
  ]);
  if (answered.length === 0) throw conflict("You already answered this result");
  if (response === "disputed") noteNotified(hostId);
  const view = toResultView(readBack[0]!, players);
  if (status[0]?.status === "confirmed") {
    await emitRoomEvent(env, db, { sessionId, event: "room.ended", result: view });
    // A room a Discord table made tells its channel (issue 39).
    await announceResultToDiscord(env, db, view);
  }
  return view;
}

/** A seated player of the ended room with the commander their seat prefills and whether they were out, for the host's form. */
export type ResultFormPlayer = { id: string; name: string; seat: number | null; commander: string | null; out: boolean };

export type ResultRead = {
  view: GameResultView | null;
  role: ResultRole;
  /** The room's seated players, for the host's form (what a new result would be about): those still in first. */
  seated: ResultFormPlayer[];
  /** The one seated player the room left in the game when all others were out (the form's preselected winner), or null. */
  lastStanding: string | null;
};

/**
 * The room's result as `viewerId` may see it (null before one is recorded), and what the room page offers them:
 * one round trip. 404 for no room; 403 when a block or the host's removal keeps them out of the room.
 */
export async function readGameResult(db: Db, sessionId: string, viewerId: string): Promise<ResultRead> {
  const [rooms, results, players, seated] = await db.batch([
    roomQuery(db, sessionId, viewerId),
    resultQuery(db, sessionId),
    resultPlayersQuery(db, sessionId),
    seatedPlayersQuery(db, sessionId),
  ]);
  const room = rooms[0];
  if (!room) throw notFound("Game session not found");
  refuseKeptOut(room, viewerId);
  const result = results[0] ?? null;
  const role =
    room.tournamentMatchId || room.status !== "completed"
      ? "view"
      : resultRoleOf(
          room.hostId,
          result,
          players.map((p) => p.line),
          viewerId,
        );
  const left = whoIsLeft(seated);
  return {
    view: result ? toResultView(result, players) : null,
    role,
    seated: left.order.map((p) => ({
      id: p.userId,
      name: displayName(p),
      seat: p.seat,
      commander: seatCommander(p),
      out: p.outAt !== null,
    })),
    lastStanding: left.lastStanding,
  };
}
