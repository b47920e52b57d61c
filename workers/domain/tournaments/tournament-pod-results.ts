/**
 * A pod's result and the round's time (docs/decisions/2026-11-27-commander-pods.md).
 *
 * A pod plays one game: a winner, or a draw shared by the players still in it. The organizer's report is final.
 * A player's report is theirs; the pod's result stands once every player of the pod who has not dropped has
 * reported the same thing (the room's result works the same way: one records, everyone else confirms), and any
 * different report marks it disputed until the organizer records it. The comparison is made by SQL in the
 * same batch that stores the report (D1 runs a batch as one transaction), so reports sent at the same moment
 * cannot miss each other. When time is called, every pod of the round still playing (nobody reported) is a draw
 * for its players who have not dropped.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PodResultInput } from "../../contract/tournaments";
import type { Db } from "../../db/client";
import { tournamentMatches, tournamentParticipants, tournamentPodSeats, tournamentRounds, tournaments, type User } from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { createNotification } from "../notifications";
import { NOT_RUNNING } from "./tournament-play";
import { assertOrganizer, detailOf, loadTournament, publicMatch, writeThenLoad } from "./tournaments";

/** The canonical result: a draw names its players sorted, so equal reports are equal text. */
type PodResult = { outcome: "win"; winnerId: string } | { outcome: "draw"; drawIds: string[] };

/** Each seat's outcome under `result`, as one SQL expression over the seat's user. */
function outcomeSql(result: PodResult): SQL {
  if (result.outcome === "win") return sql`CASE WHEN ${tournamentPodSeats.userId} = ${result.winnerId} THEN 'win' ELSE 'loss' END`;
  return sql`CASE WHEN ${inArray(tournamentPodSeats.userId, result.drawIds)} THEN 'draw' ELSE 'loss' END`;
}

/** Whether the seat `s` belongs to a player who dropped from tournament `id`. */
const droppedSeat = (id: string) =>
  sql`EXISTS (SELECT 1 FROM tournament_participants p WHERE p.tournament_id = ${id} AND p.user_id = s.user_id AND p.dropped_at IS NOT NULL)`;

/** The tournament, the pod, its seats, its round and who dropped, in one round trip (404 for a missing one). */
async function readPod(db: Db, id: string, podId: string) {
  const [[tournament], [match], seats, rounds, dropped] = await db.batch([
    db.select().from(tournaments).where(eq(tournaments.id, id)),
    db
      .select()
      .from(tournamentMatches)
      .where(and(eq(tournamentMatches.id, podId), eq(tournamentMatches.tournamentId, id))),
    db.select().from(tournamentPodSeats).where(eq(tournamentPodSeats.matchId, podId)),
    db
      .select({ stage: tournamentRounds.stage })
      .from(tournamentRounds)
      .innerJoin(tournamentMatches, eq(tournamentMatches.roundId, tournamentRounds.id))
      .where(eq(tournamentMatches.id, podId)),
    db
      .select({ userId: tournamentParticipants.userId })
      .from(tournamentParticipants)
      .where(and(eq(tournamentParticipants.tournamentId, id), sql`${tournamentParticipants.droppedAt} IS NOT NULL`)),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (!match) throw notFound("Pod not found");
  return { tournament, match, seats, stage: rounds[0]?.stage ?? "swiss", dropped: new Set(dropped.map((d) => d.userId)) };
}

/** The report as stored and compared: checked against the pod's players; a draw defaults to those still in the event. */
function canonical(input: PodResultInput, players: readonly string[], dropped: ReadonlySet<string>, cut: boolean): PodResult {
  if (input.outcome === "win") {
    // The schema makes a win name its winner.
    const winnerId = input.winnerId ?? "";
    if (!players.includes(winnerId))
      throw invalid("Invalid request body", [{ path: ["winnerId"], message: "The winner must be a player of this pod" }]);
    return { outcome: "win", winnerId };
  }
  if (cut)
    throw invalid("Invalid request body", [{ path: ["outcome"], message: "A top-cut pod needs a winner: a drawn game is replayed" }]);
  const named = input.drawIds ?? players.filter((p) => !dropped.has(p));
  const drawIds = [...new Set(named.length > 0 ? named : players)].sort();
  if (drawIds.some((p) => !players.includes(p)))
    throw invalid("Invalid request body", [{ path: ["drawIds"], message: "Only players of this pod can share a draw" }]);
  return { outcome: "draw", drawIds };
}

/**
 * POST /api/tournaments/:id/pods/:podId/result: a player of the pod or the organizer reports its game.
 */
export async function reportPodResult(db: Db, id: string, podId: string, user: User, input: PodResultInput) {
  const { tournament, match, seats, stage, dropped } = await readPod(db, id, podId);
  const players = seats.flatMap((s) => (s.userId ? [s.userId] : []));
  const isOrganizer = tournament.organizerId === user.id;
  if (seats.length === 0) throw conflict("This table is a one-against-one match: report its games won instead");
  if (!isOrganizer && !players.includes(user.id)) throw forbidden("Only the pod's players or the organizer can report its result");
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  if (match.roundNumber !== tournament.currentRound) throw conflict("Only results of the current round can be reported");
  const result = canonical(input, players, dropped, stage === "cut");
  const text = JSON.stringify(result);
  const now = Date.now();
  const inRound = and(eq(tournamentMatches.id, podId), eq(tournamentMatches.roundNumber, tournament.currentRound));
  const seatsOfPod = eq(tournamentPodSeats.matchId, podId);
  const podIs = (status: SQL) =>
    sql`EXISTS (SELECT 1 FROM tournament_matches m WHERE m.id = ${podId} AND m.round_number = ${tournament.currentRound} AND ${status})`;

  if (isOrganizer) {
    const [updated, , after] = await db.batch([
      db.update(tournamentMatches).set({ status: "completed", updatedAt: now }).where(inRound).returning(),
      db
        .update(tournamentPodSeats)
        .set({ outcome: outcomeSql(result) })
        .where(and(seatsOfPod, podIs(sql`m.status = 'completed'`))),
      db.select().from(tournamentPodSeats).where(seatsOfPod),
    ]);
    if (updated.length === 0) throw conflict("Only results of the current round can be reported");
    return publicMatch(updated[0], after);
  }

  const [reported, status, , after] = await db.batch([
    db
      .update(tournamentPodSeats)
      .set({ report: text })
      .where(and(seatsOfPod, eq(tournamentPodSeats.userId, user.id), podIs(sql`m.status <> 'completed'`)))
      .returning({ seat: tournamentPodSeats.seat }),
    db
      .update(tournamentMatches)
      .set({
        status: sql`CASE
          WHEN EXISTS (SELECT 1 FROM tournament_pod_seats s WHERE s.match_id = ${podId} AND s.report IS NOT NULL AND s.report <> ${text}) THEN 'disputed'
          WHEN NOT EXISTS (SELECT 1 FROM tournament_pod_seats s WHERE s.match_id = ${podId} AND s.user_id IS NOT NULL
            AND (s.report IS NULL OR s.report <> ${text}) AND NOT ${droppedSeat(id)}) THEN 'completed'
          ELSE 'pending' END`,
        updatedAt: now,
      })
      .where(
        and(
          inRound,
          sql`${tournamentMatches.status} <> 'completed'`,
          sql`EXISTS (SELECT 1 FROM tournament_pod_seats s WHERE s.match_id = ${podId} AND s.user_id = ${user.id} AND s.report = ${text})`,
        ),
      )
      .returning(),
    // Every seat's outcome once the reports agree (only seats without one: an organizer's result stays).
    db
      .update(tournamentPodSeats)
      .set({ outcome: outcomeSql(result) })
      .where(and(seatsOfPod, sql`${tournamentPodSeats.outcome} IS NULL`, podIs(sql`m.status = 'completed'`))),
    db.select().from(tournamentPodSeats).where(seatsOfPod),
  ]);
  if (reported.length === 0) {
    throw conflict(
      match.status === "completed"
        ? "This result is final; ask the organizer to correct it"
        : "Only results of the current round can be reported",
    );
  }
  const pod = status[0] ?? match;
  if (pod.status === "disputed") {
    await createNotification(db, {
      userId: tournament.organizerId,
      type: "tournament",
      title: `Disputed result: ${tournament.name}`,
      message: `The players of pod ${match.tableNumber} in round ${match.roundNumber} reported different results.`,
      actionUrl: `/tournaments/${id}`,
    });
  }
  return publicMatch(pod, after);
}

/**
 * POST /api/tournaments/:id/time: once a timed round's time is up, the organizer calls time and every pod of the
 * round still playing (no report yet) is a draw for its players who have not dropped; a pod whose players
 * reported keeps their reports for the organizer to settle.
 */
export async function callTime(db: Db, id: string, user: User) {
  const state = await loadTournament(db, id);
  const { card: tournament, rounds, matches, seats } = state;
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  const round = rounds.find((r) => r.number === tournament.currentRound);
  if (!round || round.endsAt === null) throw conflict("This round is not timed");
  if (Date.now() < round.endsAt) throw conflict(`Time is up at ${new Date(round.endsAt).toUTCString()}, not before`);
  const reported = new Set(seats.filter((s) => s.report !== null).map((s) => s.matchId));
  const playing = matches.filter((m) => m.roundId === round.id && m.status === "pending" && !reported.has(m.id)).map((m) => m.id);
  if (playing.length === 0) throw conflict("No pod of this round is still playing");
  const drawn = await writeThenLoad(db, id, [
    db
      .update(tournamentMatches)
      .set({ status: "completed", updatedAt: Date.now() })
      .where(
        and(
          inArray(tournamentMatches.id, playing),
          eq(tournamentMatches.status, "pending"),
          sql`NOT EXISTS (SELECT 1 FROM tournament_pod_seats s WHERE s.match_id = ${tournamentMatches.id} AND s.report IS NOT NULL)`,
        ),
      ),
    db
      .update(tournamentPodSeats)
      .set({
        outcome: sql`CASE WHEN EXISTS (SELECT 1 FROM tournament_participants p WHERE p.tournament_id = ${id}
          AND p.user_id = ${tournamentPodSeats.userId} AND p.dropped_at IS NOT NULL) THEN 'loss' ELSE 'draw' END`,
      })
      .where(
        and(
          inArray(tournamentPodSeats.matchId, playing),
          sql`${tournamentPodSeats.outcome} IS NULL`,
          sql`EXISTS (SELECT 1 FROM tournament_matches m WHERE m.id = ${tournamentPodSeats.matchId} AND m.status = 'completed')`,
        ),
      ),
  ]);
  return detailOf(drawn);
}
