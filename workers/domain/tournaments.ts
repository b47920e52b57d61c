/**
 * Tournament queries and membership: list, detail, create, edit, join, leave.
 * The running part (start, rounds, results, drops, rooms, standings) is in
 * tournament-play.ts; the pure rules are in tournament-rules/.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CreateTournamentInput, ListTournamentsQuery, UpdateTournamentInput } from "../contract/tournaments";
import type { Db } from "../db/client";
import { tournamentMatches, tournamentParticipants, tournamentRounds, tournaments, users, type User } from "../db/schema";
import { conflict, forbidden, invalid, notFound } from "./errors";
import { isBlockedEitherWay } from "./blocks";
import { communityExists } from "./communities";
import { enforceRateLimit } from "./rate-limit";
import { eliminationRoundCount, suggestedSwissRounds } from "./tournament-rules/swiss-rounds";
import { displayName, type NamedMember } from "../contract/display-name";
import { memberNameColumns, pickMemberColumns } from "./member-columns";

/** The spec's default community id 'mtg' is the Magic realm. */
export const COMMUNITY_ALIASES: Record<string, string> = { mtg: "scry-gather" };
export function resolveCommunityId(id: string): string {
  return COMMUNITY_ALIASES[id] ?? id;
}

export type Tournament = typeof tournaments.$inferSelect;

/** Optional text as stored: blank means none. */
function textOrNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** How a member is named in pairings and standings (the one display-name rule). */
export const memberName = (u: NamedMember) => displayName(u);

const participantCount = sql<number>`(SELECT count(*) FROM tournament_participants tp WHERE tp.tournament_id = ${tournaments.id})`.mapWith(
  Number,
);

const cardColumns = {
  id: tournaments.id,
  name: tournaments.name,
  description: tournaments.description,
  gameFormat: tournaments.gameFormat,
  maxParticipants: tournaments.maxParticipants,
  startDate: tournaments.startDate,
  prizePool: tournaments.prizePool,
  rules: tournaments.rules,
  communityId: tournaments.communityId,
  status: tournaments.status,
  pairing: tournaments.pairing,
  currentRound: tournaments.currentRound,
  participantCount,
  organizer: pickMemberColumns("id", "username", "firstName"),
};

// Running events first, then upcoming, then finished; each by start date.
const statusOrder = sql`CASE ${tournaments.status} WHEN 'active' THEN 0 WHEN 'upcoming' THEN 1 ELSE 2 END`;

function selectCards(db: Db, where: SQL | undefined) {
  return db
    .select(cardColumns)
    .from(tournaments)
    .innerJoin(users, eq(users.id, tournaments.organizerId))
    .where(where)
    .orderBy(statusOrder, asc(tournaments.startDate), asc(tournaments.id));
}

export async function listTournaments(db: Db, query: ListTournamentsQuery) {
  const filters: SQL[] = [];
  if (query.communityId) filters.push(eq(tournaments.communityId, resolveCommunityId(query.communityId)));
  if (query.status) filters.push(eq(tournaments.status, query.status));
  return selectCards(db, filters.length ? and(...filters) : undefined)
    .limit(query.limit)
    .offset(query.offset)
    .all();
}
export type TournamentCard = Awaited<ReturnType<typeof listTournaments>>[number];

/** My Tournaments: the member's real events, as a player and as the organizer. */
export async function listMemberTournaments(db: Db, userId: string, limit = 50) {
  const joined = db
    .select({ id: tournamentParticipants.tournamentId })
    .from(tournamentParticipants)
    .where(eq(tournamentParticipants.userId, userId));
  const [participating, organizing] = await Promise.all([
    selectCards(db, inArray(tournaments.id, joined)).limit(limit).all(),
    selectCards(db, eq(tournaments.organizerId, userId)).limit(limit).all(),
  ]);
  return { participating, organizing };
}

export async function findTournament(db: Db, id: string): Promise<Tournament> {
  const row = await db.select().from(tournaments).where(eq(tournaments.id, id)).get();
  if (!row) throw notFound("Tournament not found");
  return row;
}

export function assertOrganizer(tournament: Tournament, user: User) {
  if (tournament.organizerId !== user.id) throw forbidden("Only the organizer can do this");
}

export async function listParticipants(db: Db, tournamentId: string) {
  const rows = await db
    .select({
      userId: tournamentParticipants.userId,
      seed: tournamentParticipants.seed,
      droppedAt: tournamentParticipants.droppedAt,
      joinedAt: tournamentParticipants.joinedAt,
      ...memberNameColumns,
    })
    .from(tournamentParticipants)
    .innerJoin(users, eq(users.id, tournamentParticipants.userId))
    .where(eq(tournamentParticipants.tournamentId, tournamentId))
    .orderBy(asc(tournamentParticipants.joinedAt), asc(tournamentParticipants.userId))
    .all();
  return rows.map((r) => ({
    userId: r.userId,
    name: memberName(r),
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImageUrl: r.profileImageUrl,
    seed: r.seed,
    dropped: r.droppedAt !== null,
    joinedAt: new Date(r.joinedAt).toISOString(),
  }));
}
export type TournamentParticipant = Awaited<ReturnType<typeof listParticipants>>[number];

export async function listMatches(db: Db, tournamentId: string) {
  return db
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .orderBy(asc(tournamentMatches.roundNumber), asc(tournamentMatches.tableNumber))
    .all();
}
export type MatchRow = Awaited<ReturnType<typeof listMatches>>[number];

export function publicMatch(m: MatchRow) {
  return {
    id: m.id,
    table: m.tableNumber,
    player1Id: m.player1Id,
    player2Id: m.player2Id,
    status: m.status,
    player1Wins: m.player1Wins,
    player2Wins: m.player2Wins,
    draws: m.draws,
    player1Reported: m.player1Report !== null,
    player2Reported: m.player2Report !== null,
    gameSessionId: m.gameSessionId,
  };
}
export type PublicMatch = ReturnType<typeof publicMatch>;

/** GET /api/tournaments/:id: the card plus participants and rounds with their matches. */
export async function getTournamentDetail(db: Db, id: string) {
  const [card, participants, rounds, matches] = await Promise.all([
    selectCards(db, eq(tournaments.id, id)).get(),
    listParticipants(db, id),
    db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id)).orderBy(asc(tournamentRounds.number)).all(),
    listMatches(db, id),
  ]);
  if (!card) throw notFound("Tournament not found");
  return detailOf(card, participants, rounds, matches);
}

function detailOf(
  card: TournamentCard,
  participants: TournamentParticipant[],
  rounds: (typeof tournamentRounds.$inferSelect)[],
  matches: MatchRow[],
) {
  const activeCount = participants.filter((p) => !p.dropped).length;
  return {
    ...card,
    suggestedRounds: card.pairing === "swiss" ? suggestedSwissRounds(participants.length) : eliminationRoundCount(participants.length),
    activeParticipantCount: activeCount,
    participants,
    rounds: rounds.map((r) => ({
      number: r.number,
      status: r.status,
      matches: matches.filter((m) => m.roundId === r.id).map(publicMatch),
    })),
  };
}
export type TournamentDetail = Awaited<ReturnType<typeof getTournamentDetail>>;

export async function createTournament(db: Db, organizer: User, input: CreateTournamentInput) {
  const communityId = resolveCommunityId(input.communityId);
  if (!(await communityExists(db, communityId))) {
    throw invalid("Invalid request body", [{ path: ["communityId"], message: "Unknown community" }]);
  }
  await enforceRateLimit(db, "tournamentCreate", organizer.id);
  const id = crypto.randomUUID();
  await db.insert(tournaments).values({
    id,
    name: input.name,
    description: textOrNull(input.description),
    gameFormat: input.gameFormat,
    maxParticipants: input.maxParticipants,
    startDate: new Date(input.startDate).toISOString(),
    prizePool: textOrNull(input.prizePool),
    rules: textOrNull(input.rules),
    communityId,
    organizerId: organizer.id,
    pairing: input.pairing,
  });
  // A new tournament has no participants or rounds: its card is the whole detail (one query instead of four).
  const card = await selectCards(db, eq(tournaments.id, id)).get();
  if (!card) throw notFound("Tournament not found");
  return detailOf(card, [], [], []);
}

export async function updateTournament(db: Db, id: string, user: User, input: UpdateTournamentInput) {
  const tournament = await findTournament(db, id);
  assertOrganizer(tournament, user);
  if (tournament.status === "completed") throw conflict("A completed tournament can no longer be edited");
  // Absent fields stay as they are; blank or null optional text is cleared.
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: textOrNull(input.description) } : {}),
    ...(input.rules !== undefined ? { rules: textOrNull(input.rules) } : {}),
    ...(input.prizePool !== undefined ? { prizePool: textOrNull(input.prizePool) } : {}),
  };
  if (Object.keys(changes).length > 0) {
    // The status condition makes a finish that lands in between win.
    const updated = await db
      .update(tournaments)
      .set({ ...changes, updatedAt: Date.now() })
      .where(and(eq(tournaments.id, id), sql`${tournaments.status} <> 'completed'`))
      .returning({ id: tournaments.id });
    if (updated.length === 0) throw conflict("A completed tournament can no longer be edited");
  }
  return getTournamentDetail(db, id);
}

async function countParticipants(db: Db, tournamentId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tournamentParticipants)
    .where(eq(tournamentParticipants.tournamentId, tournamentId))
    .get();
  return row?.n ?? 0;
}

/**
 * Takes a seat in ONE statement: the insert only happens while the event is
 * upcoming and has fewer participants than seats, so concurrent joins can never
 * overfill it (D1 runs statements one at a time). The reason for a refusal is
 * read afterwards, only to word the 409.
 */
/** Registers the member; refused when a block stands between them and the organizer. */
export async function joinTournament(db: Db, id: string, user: User) {
  await findTournament(db, id);
  const result = await db.run(sql`
    INSERT INTO tournament_participants (tournament_id, user_id)
    SELECT t.id, ${user.id} FROM tournaments t
    WHERE t.id = ${id}
      AND t.status = 'upcoming'
      AND (SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = t.id) < t.max_participants
      AND NOT ${isBlockedEitherWay(user.id, sql`t.organizer_id`)}
    ON CONFLICT DO NOTHING`);
  if (result.meta.changes === 0) {
    const [tournament, mine, block] = await Promise.all([
      findTournament(db, id),
      db
        .select({ userId: tournamentParticipants.userId })
        .from(tournamentParticipants)
        .where(and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, user.id)))
        .get(),
      db
        .select({ blocked: isBlockedEitherWay(user.id, tournaments.organizerId) })
        .from(tournaments)
        .where(eq(tournaments.id, id))
        .get(),
    ]);
    if (mine) throw conflict("You have already joined this tournament");
    if (block?.blocked) throw forbidden("You cannot join this tournament");
    if (tournament.status !== "upcoming") throw conflict("This tournament is no longer open for registration");
    throw conflict("This tournament is full");
  }
  return { tournamentId: id, userId: user.id, participantCount: await countParticipants(db, id) };
}

export async function leaveTournament(db: Db, id: string, user: User) {
  const tournament = await findTournament(db, id);
  if (tournament.status !== "upcoming") throw conflict("The tournament has started: drop instead of leaving");
  const result = await db.run(sql`
    DELETE FROM tournament_participants
    WHERE tournament_id = ${id} AND user_id = ${user.id}
      AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ${id} AND t.status = 'upcoming')`);
  if (result.meta.changes === 0) {
    const now = await findTournament(db, id);
    if (now.status !== "upcoming") throw conflict("The tournament has started: drop instead of leaving");
    throw conflict("You are not registered for this tournament");
  }
  return { tournamentId: id, userId: user.id, participantCount: await countParticipants(db, id) };
}
