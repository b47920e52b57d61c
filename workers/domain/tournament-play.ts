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
import type { Db } from "../db/client";
import { tournamentMatches, tournamentParticipants, tournamentRounds, tournaments, type User } from "../db/schema";
import { conflict } from "./errors";
import { notificationInsert } from "./notifications";
import { firstEliminationRound, matchWinner, nextEliminationRound } from "./tournament-rules/elimination";
import { cryptoRandom, shuffled } from "./tournament-rules/random";
import { computeStandings, round4, type ScoredMatch } from "./tournament-rules/scoring";
import { pairSwissRound, type Pairing } from "./tournament-rules/swiss-pairing";
import {
  assertOrganizer,
  detailOf,
  loadTournament,
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

/** Ties left after OGW% go to the better (lower) seed, then to the earlier sign-up. */
function seedOrder(participants: readonly TournamentParticipant[]) {
  const position = new Map(participants.map((p, i) => [p.userId, (p.seed ?? 10_000) * 1000 + i]));
  return (a: string, b: string) => (position.get(a) ?? 0) - (position.get(b) ?? 0);
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

/** The standings of a loaded tournament (also shown beside its detail, from the same read). */
export function standingsRows({ participants, matches }: Pick<TournamentState, "participants" | "matches">) {
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
export type StandingsRow = ReturnType<typeof standingsRows>[number];

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
  // The round's tournament id is read through the guard: when the guarded UPDATE
  // before it did not apply, it is NULL, the NOT NULL constraint fails and the
  // whole batch rolls back. A second copy of the round hits the unique index.
  const insertRound = db.insert(tournamentRounds).values({
    id: roundId,
    tournamentId: sql`(SELECT t.id FROM tournaments t WHERE t.id = ${tournament.id} AND t.status = 'active' AND t.current_round = ${number})`,
    number,
    status: "active",
  });
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

/** True for SQLite constraint failures, however deeply the driver wrapped them. */
function isConstraintError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (/constraint/i.test(e.message)) return true;
  return false;
}

/**
 * Runs a guarded batch and reads the tournament at its end; a failed guard
 * (NOT NULL, foreign key or unique violation) rolls it all back and becomes a 409.
 */
async function runGuarded(db: Db, id: string, statements: Parameters<typeof writeThenLoad>[2], message: string) {
  try {
    return await writeThenLoad(db, id, statements);
  } catch (error) {
    if (isConstraintError(error)) throw conflict(message);
    throw error;
  }
}

export async function startTournament(db: Db, id: string, user: User) {
  const { card: tournament, participants } = await loadTournament(db, id);
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "upcoming") throw conflict("The tournament has already started");
  if (participants.length < 2) throw conflict("At least 2 participants are needed to start");

  // Seeds are drawn at random: there is no rating to seed by. Swiss round 1 is random anyway.
  const seeded = shuffled(
    participants.map((p) => p.userId),
    cryptoRandom,
  );
  const pairings =
    tournament.pairing === "single_elimination"
      ? firstEliminationRound(seeded)
      : withTables(
          pairSwissRound({
            players: seeded.map((pid) => ({ id: pid, matchPoints: 0, hadBye: false })),
            previousOpponents: new Map(),
            firstRound: true,
          }),
        );
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const now = Date.now();
  const started = await runGuarded(
    db,
    id,
    [
      // Guard: still upcoming and nobody joined or left since the participants were read.
      db
        .update(tournaments)
        .set({ status: "active", currentRound: 1, updatedAt: now })
        .where(
          and(
            eq(tournaments.id, id),
            eq(tournaments.status, "upcoming"),
            sql`(SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = ${id}) = ${participants.length}`,
          ),
        ),
      ...seeded.map((userId, i) =>
        db
          .update(tournamentParticipants)
          .set({ seed: i + 1 })
          .where(and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, userId))),
      ),
      ...roundStatements(db, tournament, 1, pairings, names),
    ],
    "The tournament changed while starting; please try again",
  );
  return detailOf(started);
}

function assertRoundComplete(currentRound: number, matches: readonly MatchRow[]) {
  if (matches.some((m) => m.roundNumber === currentRound && m.status !== "completed")) throw conflict(UNFINISHED_ROUND);
}

export async function pairNextRound(db: Db, id: string, user: User) {
  const { card: tournament, participants, matches } = await loadTournament(db, id);
  assertOrganizer(tournament.organizer.id, user);
  if (tournament.status !== "active") throw conflict(NOT_RUNNING);
  assertRoundComplete(tournament.currentRound, matches);
  const dropped = new Set(participants.filter((p) => p.dropped).map((p) => p.userId));
  const current = tournament.currentRound;

  let pairings: TablePairing[];
  if (tournament.pairing === "single_elimination") {
    const results = matches.filter((m) => m.roundNumber === current).map((m) => ({ table: m.tableNumber, winnerId: matchWinner(m) }));
    pairings = nextEliminationRound(results, (pid) => dropped.has(pid));
    if (pairings.length === 0) throw conflict("The bracket has its champion: finish the tournament");
  } else {
    const standings = standingsOf(participants, matches);
    const active = standings.filter((s) => !dropped.has(s.userId));
    if (active.length < 2) throw conflict("Fewer than 2 active players are left: finish the tournament");
    pairings = withTables(
      pairSwissRound({
        players: active.map((s) => ({ id: s.userId, matchPoints: s.matchPoints, hadBye: s.byes > 0 })),
        previousOpponents: new Map(standings.map((s) => [s.userId, new Set(s.opponents)])),
        firstRound: false,
      }),
    );
  }
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const next = current + 1;
  const paired = await runGuarded(
    db,
    id,
    [
      // Guard: same round, still every result in, and no drop since the read.
      db
        .update(tournaments)
        .set({ currentRound: next, updatedAt: Date.now() })
        .where(
          and(
            eq(tournaments.id, id),
            eq(tournaments.status, "active"),
            eq(tournaments.currentRound, current),
            sql`NOT EXISTS (SELECT 1 FROM tournament_matches m WHERE m.tournament_id = ${id} AND m.round_number = ${current} AND m.status <> 'completed')`,
            sql`(SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = ${id} AND p.dropped_at IS NOT NULL) = ${dropped.size}`,
          ),
        ),
      db
        .update(tournamentRounds)
        .set({ status: "completed" })
        .where(and(eq(tournamentRounds.tournamentId, id), eq(tournamentRounds.number, current))),
      ...roundStatements(db, tournament, next, pairings, names),
    ],
    "The round changed while pairing; please reload and try again",
  );
  return detailOf(paired);
}

export async function finishTournament(db: Db, id: string, user: User) {
  const { card: tournament, participants, matches } = await loadTournament(db, id);
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
  const winner = standingsOf(participants, matches)[0];
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
