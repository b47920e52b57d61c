/**
 * Matches of a running tournament: results (with player reports and
 * disputes), drops and the TableSync room of a match.
 */
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { MatchResultInput } from "../../contract/tournaments";
import type { Db } from "../../db/client";
import { tournamentMatches, tournamentParticipants, tournamentPodSeats, tournaments, type User } from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { createGameSession, discardUnusedRoom } from "../rooms/rooms";
import { createNotification } from "../notifications";
import { NOT_RUNNING } from "./tournament-play";
import { impossibleScore } from "./rules/match-score";
import { publicMatch, type MatchRow } from "./tournaments";

async function findMatch(db: Db, tournamentId: string, matchId: string): Promise<MatchRow> {
  const match = await matchQuery(db, tournamentId, matchId).get();
  if (!match) throw notFound("Match not found");
  return match;
}

function matchQuery(db: Db, tournamentId: string, matchId: string) {
  return db
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.tournamentId, tournamentId)));
}

/** The tournament and one of its matches in one round trip (404 for either), with whether the match is a pod. */
async function findTournamentAndMatch(db: Db, id: string, matchId: string) {
  const [[tournament], [match], podSeats] = await db.batch([
    db.select().from(tournaments).where(eq(tournaments.id, id)),
    matchQuery(db, id, matchId),
    db.select({ seat: tournamentPodSeats.seat }).from(tournamentPodSeats).where(eq(tournamentPodSeats.matchId, matchId)).limit(1),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (!match) throw notFound("Match not found");
  return { tournament, match, pod: podSeats.length > 0 };
}

/**
 * Records a result. The organizer's report is final. A player's report is
 * stored as theirs; the match completes when the other player's report agrees
 * and is disputed when it differs. That comparison happens inside one UPDATE
 * (SQLite reads the row's old values in SET), so two players reporting at the
 * same moment cannot both miss each other's report.
 */
export async function reportMatchResult(db: Db, id: string, matchId: string, user: User, input: MatchResultInput) {
  const { tournament, match, pod } = await findTournamentAndMatch(db, id, matchId);
  if (pod) throw conflict("This table is a pod: report its game as a winner or a draw (POST …/pods/{podId}/result)");
  const isOrganizer = tournament.organizerId === user.id;
  const side = match.player1Id === user.id ? 1 : match.player2Id === user.id ? 2 : null;
  if (!isOrganizer && side === null) throw forbidden("Only the match's players or the organizer can report its result");
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  if (match.roundNumber !== tournament.currentRound) throw conflict("Only results of the current round can be reported");
  if (match.player2Id === null) throw conflict("A bye needs no result");
  const impossible = impossibleScore(input);
  if (impossible) throw invalid("Invalid request body", [{ path: [impossible.path], message: impossible.message }]);
  if (tournament.pairing === "single_elimination" && input.player1Wins === input.player2Wins) {
    throw invalid("Invalid request body", [{ path: ["player1Wins"], message: "A single-elimination match needs a winner" }]);
  }
  const report = { player1Wins: input.player1Wins, player2Wins: input.player2Wins, draws: input.draws };
  const where = and(eq(tournamentMatches.id, matchId), eq(tournamentMatches.roundNumber, tournament.currentRound));

  let updated: MatchRow[];
  if (isOrganizer) {
    updated = await db
      .update(tournamentMatches)
      .set({ ...report, status: "completed", updatedAt: Date.now() })
      .where(where)
      .returning();
  } else {
    const text = JSON.stringify(report);
    const theirs = side === 1 ? tournamentMatches.player2Report : tournamentMatches.player1Report;
    const agreed = sql`${theirs} = ${text}`;
    updated = await db
      .update(tournamentMatches)
      .set({
        ...(side === 1 ? { player1Report: report } : { player2Report: report }),
        status: sql`CASE WHEN ${theirs} IS NULL THEN 'pending' WHEN ${agreed} THEN 'completed' ELSE 'disputed' END`,
        player1Wins: sql`CASE WHEN ${agreed} THEN ${report.player1Wins} ELSE ${tournamentMatches.player1Wins} END`,
        player2Wins: sql`CASE WHEN ${agreed} THEN ${report.player2Wins} ELSE ${tournamentMatches.player2Wins} END`,
        draws: sql`CASE WHEN ${agreed} THEN ${report.draws} ELSE ${tournamentMatches.draws} END`,
        updatedAt: Date.now(),
      })
      .where(and(where, sql`${tournamentMatches.status} <> 'completed'`))
      .returning();
    if (updated.length === 0) throw conflict("This result is final; ask the organizer to correct it");
    if (updated[0].status === "disputed") {
      await createNotification(db, {
        userId: tournament.organizerId,
        type: "tournament",
        title: `Disputed result: ${tournament.name}`,
        message: `The players of table ${match.tableNumber} in round ${match.roundNumber} reported different results.`,
        actionUrl: `/tournaments/${id}`,
      });
    }
  }
  if (updated.length === 0) throw conflict("Only results of the current round can be reported");
  return publicMatch(updated[0]);
}

/**
 * A participant leaves a running event: never paired again; an open match of
 * the round is conceded 0-2. One batch: both updates hold only while the event
 * runs, and the reads after them word a refusal.
 */
export async function dropFromTournament(db: Db, id: string, user: User) {
  const now = Date.now();
  const m = tournamentMatches;
  const running = sql`EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ${id} AND t.status = 'active')`;
  const [dropped, , [tournament], [participant]] = await db.batch([
    db
      .update(tournamentParticipants)
      .set({ droppedAt: now })
      .where(
        and(
          eq(tournamentParticipants.tournamentId, id),
          eq(tournamentParticipants.userId, user.id),
          isNull(tournamentParticipants.droppedAt),
          running,
        ),
      )
      .returning({ userId: tournamentParticipants.userId }),
    db
      .update(m)
      .set({
        status: "completed",
        player1Wins: sql`CASE WHEN ${m.player1Id} = ${user.id} THEN 0 ELSE 2 END`,
        player2Wins: sql`CASE WHEN ${m.player2Id} = ${user.id} THEN 0 ELSE 2 END`,
        draws: 0,
        updatedAt: now,
      })
      .where(
        and(
          eq(m.tournamentId, id),
          sql`${m.roundNumber} = (SELECT t.current_round FROM tournaments t WHERE t.id = ${id})`,
          sql`${m.status} <> 'completed'`,
          isNotNull(m.player2Id),
          or(eq(m.player1Id, user.id), eq(m.player2Id, user.id)),
          // Only when this request is the one that dropped them.
          sql`EXISTS (SELECT 1 FROM tournament_participants p WHERE p.tournament_id = ${id} AND p.user_id = ${user.id} AND p.dropped_at = ${now})`,
        ),
      ),
    db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id)),
    db
      .select({ droppedAt: tournamentParticipants.droppedAt })
      .from(tournamentParticipants)
      .where(and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, user.id))),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (dropped.length === 0) {
    if (tournament.status === "upcoming") throw conflict("The tournament has not started: leave it instead");
    if (tournament.status !== "active") throw conflict(NOT_RUNNING);
    throw conflict(participant ? "You have already dropped from this tournament" : "You are not a participant of this tournament");
  }
  return { tournamentId: id, userId: user.id, dropped: true as const };
}

/** Who sits where in a match's room: its players with their seats (a pod's turn order; a match's two). */
function roomSeatsOf(match: MatchRow, podSeats: readonly { seat: number; userId: string | null }[]) {
  if (podSeats.length > 0) return podSeats.flatMap((s) => (s.userId ? [{ userId: s.userId, seat: s.seat }] : []));
  return [match.player1Id, match.player2Id].flatMap((userId, i) => (userId ? [{ userId, seat: i + 1 }] : []));
}

/**
 * Opens the match's TableSync room once: a waiting game session with a seat for each of the match's players
 * (two, or a pod's three to five), a player seated as host (in their pod seat; the first seat's player when the
 * organizer opens it), linked both ways. A concurrent second open loses the conditional link and its session is
 * removed, so both callers get the same room.
 */
export async function openMatchRoom(db: Db, id: string, matchId: string, user: User) {
  // One round trip: the tournament, the match and a pod's seats.
  const [[tournament], [match], podSeats] = await db.batch([
    db.select().from(tournaments).where(eq(tournaments.id, id)),
    matchQuery(db, id, matchId),
    db
      .select({ seat: tournamentPodSeats.seat, userId: tournamentPodSeats.userId })
      .from(tournamentPodSeats)
      .where(eq(tournamentPodSeats.matchId, matchId))
      .orderBy(tournamentPodSeats.seat),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (!match) throw notFound("Match not found");
  const pod = podSeats.length > 0;
  const seats = roomSeatsOf(match, podSeats);
  const mine = seats.find((s) => s.userId === user.id);
  if (!mine && tournament.organizerId !== user.id) throw forbidden("Only the match's players or the organizer can open its room");
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  if (!pod && (match.player2Id === null || match.player1Id === null)) throw conflict("A bye has no opponent to play");
  if (match.gameSessionId) return { gameSessionId: match.gameSessionId };

  const host = mine ?? seats[0];
  if (!host) throw conflict("Nobody is left to play this match");
  const sessionId = await createGameSession(db, host.userId, {
    communityId: tournament.communityId,
    maxPlayers: pod ? podSeats.length : 2,
    tournamentMatchId: match.id,
    // A pod's players sit in its turn order: the host takes their own seat.
    hostSeat: pod ? host.seat : 1,
    gameData: {
      name: `${tournament.name}: Round ${match.roundNumber}, ${pod ? "Pod" : "Table"} ${match.tableNumber}`,
      format: tournament.gameFormat,
      description: `Tournament ${pod ? "pod" : "match"} of ${tournament.name}`,
    },
  });
  const linked = await db
    .update(tournamentMatches)
    .set({ gameSessionId: sessionId, updatedAt: Date.now() })
    .where(and(eq(tournamentMatches.id, matchId), sql`${tournamentMatches.gameSessionId} IS NULL`))
    .returning({ id: tournamentMatches.id });
  if (linked.length === 0) {
    await discardUnusedRoom(db, sessionId);
    const winner = await findMatch(db, id, matchId);
    return { gameSessionId: winner.gameSessionId! };
  }
  return { gameSessionId: sessionId };
}
