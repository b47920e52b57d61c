/**
 * A tournament while it runs: start, next round, finish and standings
 * (results, drops and match rooms are in tournament-matches.ts).
 *
 * D1 has no interactive transactions, so every change is one batch (atomic)
 * whose first statement is a guarded UPDATE; the new round row is inserted only
 * when that guard held, and the matches point at it with a foreign key, so a
 * stale request fails as a whole and nothing is half-written
 * (see docs/decisions/2026-11-22-tournament-pairing.md). The tournament is
 * read in one batch before, and again at the end of the writing batch, so a
 * change costs two round trips.
 *
 * Over 300 lines: start, next round and finish each need the guarded batch and the standings it reads back.
 */
import { and, eq, sql } from "drizzle-orm";
import { CHECK_IN_WINDOW_MINUTES, startOpensAt } from "../../contract/tournaments";
import type { Db } from "../../db/client";
import { tournamentMatches, tournamentParticipants, tournamentRounds, tournaments, type User } from "../../db/schema";
import { conflict } from "../errors";
import { firstPodRound, nextCutPods, nextSwissPods, podRoundStatements, podStandingsRows, type PodStandingsRow } from "./tournament-pods";
import { guardedRoundInsert, runGuarded } from "./tournament-writes";
import { MIN_POD_SIZE } from "./rules/pod-sizes";
import { topCutSize } from "./rules/top-cut";
import { notificationInsert } from "../notifications";
import { firstEliminationRound, matchWinner, nextEliminationRound } from "./rules/elimination";
import { cryptoRandom, shuffled } from "./rules/random";
import { computeStandings, round4, type ScoredMatch } from "./rules/scoring";
import { pairSwissRound, type Pairing } from "./rules/swiss-pairing";
import {
  assertOrganizer,
  detailOf,
  inPods,
  loadTournament,
  roundMinutesOf,
  seedOrder,
  writeThenLoad,
  type MatchRow,
  type TournamentCard,
  type TournamentParticipant,
  type TournamentState,
} from "./tournaments";

const UNFINISHED_ROUND = "Every match of the current round needs a result first";
export const NOT_RUNNING = "The tournament is not running";

type TablePairing = Pairing & { table: number };

function scored(matches: readonly MatchRow[]): ScoredMatch[] {
  return matches
    .filter((m) => m.status === "completed" && m.player1Id !== null)
    .map((m) => ({
      round: m.roundNumber,
      player1Id: m.player1Id!,
      player2Id: m.player2Id,
      player1Wins: m.player1Wins,
      player2Wins: m.player2Wins,
      draws: m.draws,
    }));
}

function standingsOf(participants: readonly TournamentParticipant[], matches: readonly MatchRow[]) {
  return computeStandings(
    participants.map((p) => p.userId),
    scored(matches),
    seedOrder(participants),
  );
}

/** GET /api/tournaments/:id/standings. */
export async function getStandings(db: Db, id: string) {
  return standingsRows(await loadTournament(db, id));
}

/** The standings of a loaded tournament (also shown beside its detail, from the same read): by matches, or by pods. */
export function standingsRows(state: TournamentState): MatchStandingsRow[] | PodStandingsRow[] {
  return inPods(state) ? podStandingsRows(state) : matchStandingsRows(state);
}

/** One-against-one standings (MTR Appendix C). */
function matchStandingsRows({ participants, matches }: Pick<TournamentState, "participants" | "matches">) {
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  return standingsOf(participants, matches)
    .filter((row) => names.has(row.userId))
    .map((row) => ({
      rank: row.rank,
      userId: row.userId,
      name: names.get(row.userId)!,
      matchPoints: row.matchPoints,
      wins: row.wins,
      losses: row.losses,
      draws: row.draws,
      omw: round4(row.omw),
      gw: round4(row.gw),
      ogw: round4(row.ogw),
    }));
}
export type MatchStandingsRow = ReturnType<typeof matchStandingsRows>[number];
export type StandingsRow = MatchStandingsRow | PodStandingsRow;

function withTables(pairings: readonly Pairing[]): TablePairing[] {
  return pairings.map((p, i) => ({ ...p, table: i + 1 }));
}

/** Statements that write one round: its row (only while `guard` holds), its matches and the players' notifications. */
function roundStatements(
  db: Db,
  tournament: Pick<TournamentCard, "id" | "name">,
  number: number,
  pairings: readonly TablePairing[],
  names: ReadonlyMap<string, string>,
) {
  const roundId = crypto.randomUUID();
  const insertRound = guardedRoundInsert(db, tournament.id, roundId, number);
  const matchInserts = pairings.map((p) =>
    db.insert(tournamentMatches).values({
      id: crypto.randomUUID(),
      tournamentId: tournament.id,
      roundId,
      roundNumber: number,
      tableNumber: p.table,
      player1Id: p.player1Id,
      player2Id: p.player2Id,
      // A bye is decided on the spot: a 2-0 win.
      ...(p.player2Id === null ? { status: "completed" as const, player1Wins: 2, player2Wins: 0 } : {}),
    }),
  );
  const actionUrl = `/tournaments/${tournament.id}`;
  const title = `Round ${number} pairings: ${tournament.name}`;
  const notifications = pairings.flatMap((p) =>
    p.player2Id === null
      ? [
          notificationInsert(db, {
            userId: p.player1Id,
            type: "tournament",
            title,
            message: `You have a bye in round ${number}.`,
            actionUrl,
          }),
        ]
      : [
          [p.player1Id, p.player2Id],
          [p.player2Id, p.player1Id],
        ].map(([me, opponent]) =>
          notificationInsert(db, {
            userId: me,
            type: "tournament",
            title,
            message: `You play ${names.get(opponent) ?? "your opponent"} at table ${p.table}.`,
            actionUrl,
          }),
        ),
  );
  return [insertRound, ...matchInserts, ...notifications] as const;
}

/** Why the organizer may not start it yet: before its date less the check-in window (null once they may). */
export function tooEarlyToStart(startDate: string, now = Date.now()): string | null {
  if (now >= startOpensAt(startDate).getTime()) return null;
  return `This tournament starts ${new Date(startDate).toUTCString()}: its organizer can start it from ${CHECK_IN_WINDOW_MINUTES} minutes before, not earlier`;
}

export async function startTournament(db: Db, id: string, user: User) {
  const state = await loadTournament(db, id);
  const { card: tournament, participants } = state;
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "upcoming") throw conflict("The tournament has already started");
  const now = Date.now();
  const early = tooEarlyToStart(tournament.startDate, now);
  if (early) throw conflict(early);
  const pods = inPods(state);
  if (pods && participants.length < MIN_POD_SIZE)
    throw conflict(`At least ${MIN_POD_SIZE} participants are needed to start a tournament in pods`);
  if (participants.length < 2) throw conflict("At least 2 participants are needed to start");

  // Seeds are drawn at random: there is no rating to seed by. Swiss round 1 is random anyway.
  const seeded = shuffled(
    participants.map((p) => p.userId),
    cryptoRandom,
  );
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const round1 = pods
    ? podRoundStatements(db, tournament, 1, firstPodRound(seeded), names, { stage: "swiss", endsAt: roundEnd(tournament, now) })
    : roundStatements(
        db,
        tournament,
        1,
        tournament.pairing === "single_elimination"
          ? firstEliminationRound(seeded)
          : withTables(
              pairSwissRound({
                players: seeded.map((pid) => ({ id: pid, matchPoints: 0, hadBye: false })),
                previousOpponents: new Map(),
                firstRound: true,
              }),
            ),
        names,
      );
  const started = await runGuarded(
    db,
    id,
    [
      // Guard: still upcoming, its start window open, and nobody joined or left since the participants were read.
      db
        .update(tournaments)
        .set({ status: "active", currentRound: 1, updatedAt: now })
        .where(
          and(
            eq(tournaments.id, id),
            eq(tournaments.status, "upcoming"),
            sql`${tournaments.startDate} <= ${new Date(now + CHECK_IN_WINDOW_MINUTES * 60_000).toISOString()}`,
            sql`(SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = ${id}) = ${participants.length}`,
          ),
        ),
      ...seeded.map((userId, i) =>
        db
          .update(tournamentParticipants)
          .set({ seed: i + 1 })
          .where(and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, userId))),
      ),
      ...round1,
    ],
    "The tournament changed while starting; please try again",
  );
  return detailOf(started);
}

/** When a Swiss pod round started now ends: its time limit from now (one-against-one rounds are untimed). */
function roundEnd(tournament: { roundMinutes: number | null }, now: number): number {
  return now + roundMinutesOf(tournament) * 60_000;
}

function assertRoundComplete(currentRound: number, matches: readonly MatchRow[]) {
  if (matches.some((m) => m.roundNumber === currentRound && m.status !== "completed")) throw conflict(UNFINISHED_ROUND);
}

/** The guard of a new round: same round, still every result in, and no drop since the read. */
function nextRoundGuard(db: Db, id: string, current: number, droppedCount: number) {
  return db
    .update(tournaments)
    .set({ currentRound: current + 1, updatedAt: Date.now() })
    .where(
      and(
        eq(tournaments.id, id),
        eq(tournaments.status, "active"),
        eq(tournaments.currentRound, current),
        sql`NOT EXISTS (SELECT 1 FROM tournament_matches m WHERE m.tournament_id = ${id} AND m.round_number = ${current} AND m.status <> 'completed')`,
        sql`(SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = ${id} AND p.dropped_at IS NOT NULL) = ${droppedCount}`,
      ),
    );
}

/** Statements that close the current round (after the guard). */
function closeRound(db: Db, id: string, current: number) {
  return db
    .update(tournamentRounds)
    .set({ status: "completed" })
    .where(and(eq(tournamentRounds.tournamentId, id), eq(tournamentRounds.number, current)));
}

/** The next round of a tournament in pods: Swiss pods, or the cut's next pod once the cut has begun. */
function nextPodRound(db: Db, state: TournamentState, now: number) {
  const { card: tournament, participants, rounds } = state;
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const next = tournament.currentRound + 1;
  if (rounds.some((r) => r.stage === "cut")) {
    const pods = nextCutPods(state);
    if (pods.length === 0) throw conflict("The top cut is decided: finish the tournament");
    return podRoundStatements(db, tournament, next, pods, names, { stage: "cut", endsAt: null });
  }
  return podRoundStatements(db, tournament, next, nextSwissPods(state), names, { stage: "swiss", endsAt: roundEnd(tournament, now) });
}

export async function pairNextRound(db: Db, id: string, user: User) {
  const state = await loadTournament(db, id);
  const { card: tournament, participants, matches } = state;
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  assertRoundComplete(tournament.currentRound, matches);
  const dropped = new Set(participants.filter((p) => p.dropped).map((p) => p.userId));
  const current = tournament.currentRound;
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const next = current + 1;

  let statements: ReturnType<typeof nextPodRound> | ReturnType<typeof roundStatements>;
  if (inPods(state)) {
    statements = nextPodRound(db, state, Date.now());
  } else if (tournament.pairing === "single_elimination") {
    const results = matches.filter((m) => m.roundNumber === current).map((m) => ({ table: m.tableNumber, winnerId: matchWinner(m) }));
    const pairings = nextEliminationRound(results, (pid) => dropped.has(pid));
    if (pairings.length === 0) throw conflict("The bracket has its champion: finish the tournament");
    statements = roundStatements(db, tournament, next, pairings, names);
  } else {
    const standings = standingsOf(participants, matches);
    const active = standings.filter((s) => !dropped.has(s.userId));
    if (active.length < 2) throw conflict("Fewer than 2 active players are left: finish the tournament");
    const pairings = withTables(
      pairSwissRound({
        players: active.map((s) => ({ id: s.userId, matchPoints: s.matchPoints, hadBye: s.byes > 0 })),
        previousOpponents: new Map(standings.map((s) => [s.userId, new Set(s.opponents)])),
        firstRound: false,
      }),
    );
    statements = roundStatements(db, tournament, next, pairings, names);
  }
  const paired = await runGuarded(
    db,
    id,
    [nextRoundGuard(db, id, current, dropped.size), closeRound(db, id, current), ...statements],
    "The round changed while pairing; please reload and try again",
  );
  return detailOf(paired);
}

/**
 * Pods: after the Swiss rounds, the organizer starts the top cut that fits the active players (top 4: one final
 * pod; top 10 and 16: semifinal pods, then the final), seated by Swiss standing, untimed.
 */
export async function startTopCut(db: Db, id: string, user: User) {
  const state = await loadTournament(db, id);
  const { card: tournament, participants, matches, rounds } = state;
  assertOrganizer(tournament.organizer.id, user);
  if (!inPods(state)) throw conflict("Only tournaments played in pods have a top cut");
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  if (rounds.some((r) => r.stage === "cut")) throw conflict("The top cut has already begun");
  assertRoundComplete(tournament.currentRound, matches);
  const dropped = participants.filter((p) => p.dropped).length;
  const size = topCutSize(participants.length - dropped);
  if (!size) throw conflict("A top cut needs more than 4 active players");
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const pods = nextCutPods(state, size);
  const cut = await runGuarded(
    db,
    id,
    [
      nextRoundGuard(db, id, tournament.currentRound, dropped),
      closeRound(db, id, tournament.currentRound),
      ...podRoundStatements(db, tournament, tournament.currentRound + 1, pods, names, { stage: "cut", endsAt: null }),
    ],
    "The round changed while starting the top cut; please reload and try again",
  );
  return detailOf(cut);
}

export async function finishTournament(db: Db, id: string, user: User) {
  const state = await loadTournament(db, id);
  const { card: tournament, participants, matches } = state;
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  assertRoundComplete(tournament.currentRound, matches);
  const [guard] = await db.batch([
    db
      .update(tournaments)
      .set({ status: "completed", updatedAt: Date.now() })
      .where(
        and(
          eq(tournaments.id, id),
          eq(tournaments.status, "active"),
          sql`NOT EXISTS (SELECT 1 FROM tournament_matches m WHERE m.tournament_id = ${id} AND m.round_number = ${tournament.currentRound} AND m.status <> 'completed')`,
        ),
      )
      .returning({ id: tournaments.id }),
    db
      .update(tournamentRounds)
      .set({ status: "completed" })
      .where(
        and(eq(tournamentRounds.tournamentId, id), sql`EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ${id} AND t.status = 'completed')`),
      ),
  ]);
  if (guard.length === 0) throw conflict(UNFINISHED_ROUND);
  // Only the request whose guard held gets here: it tells the players, and reads the result in the same batch.
  const winner = standingsRows(state)[0];
  const winnerName = participants.find((p) => p.userId === winner?.userId)?.name;
  const notices = participants.map((p) =>
    notificationInsert(db, {
      userId: p.userId,
      type: "tournament",
      title: `${tournament.name} is complete`,
      message: winnerName ? `Final standings are up. Winner: ${winnerName}.` : "Final standings are up.",
      actionUrl: `/tournaments/${id}`,
    }),
  );
  return detailOf(await writeThenLoad(db, id, notices));
}
