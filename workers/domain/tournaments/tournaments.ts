/**
 * Tournament queries and membership: list, detail, create, edit, join, leave.
 * The running part (start, rounds, results, drops, rooms, standings) is in
 * tournament-play.ts; the pure rules are in rules/.
 *
 * Query budget (at most 5 D1 round trips per request, the session lookup
 * included): a tournament is read in ONE batch (card, participants, rounds,
 * matches), and a change is written in one batch that reads the tournament
 * again at its end, so the answer shows the change without another round trip.
 *
 * Over 300 lines: the one batch read of a tournament and its mapping are shared by every query and change
 * here; the running part is already split out.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import {
  DEFAULT_ROUND_MINUTES,
  playsInPods,
  podResultSchema,
  startOpensAt,
  type CreateTournamentInput,
  type ListTournamentsQuery,
  type PodResultInput,
  type UpdateTournamentInput,
} from "../../contract/tournaments";
import type { Db } from "../../db/client";
import {
  tournamentMatches,
  tournamentParticipants,
  tournamentPodSeats,
  tournamentRounds,
  tournaments,
  users,
  type User,
} from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { isBlockedEitherWay } from "../blocks";
import { enforceRateLimit } from "../rate-limit";
import { realmRemovalOf, refuseIfRemoved, removedFromRealm, requireRealmOpenTo } from "../moderation/standing";
import { eliminationRoundCount, suggestedSwissRounds } from "./rules/swiss-rounds";
import { suggestedPodRounds } from "./rules/pod-sizes";
import { cutSizeFromFirstRound, topCutRounds, topCutSize } from "./rules/top-cut";
import { displayName, type NamedMember } from "../../contract/display-name";
import { memberNameColumns, pickMemberColumns } from "../member-columns";

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
  // The organizer's id from the tournament row: results read in a D1 batch are keyed by column name,
  // so a second `id` column (users.id) would collide with the tournament's.
  organizer: { id: tournaments.organizerId, ...pickMemberColumns("username", "firstName") },
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
  return listQuery(db, query).all();
}
export type TournamentCard = Awaited<ReturnType<typeof listTournaments>>[number];

function listQuery(db: Db, query: ListTournamentsQuery) {
  const filters: SQL[] = [];
  if (query.communityId) filters.push(eq(tournaments.communityId, resolveCommunityId(query.communityId)));
  if (query.status) filters.push(eq(tournaments.status, query.status));
  return selectCards(db, filters.length ? and(...filters) : undefined)
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * The Tournament Hub in one batch: the realm's cards, and My Tournaments (the
 * member's real events, as a player and as the organizer).
 */
export async function loadTournamentHub(db: Db, communityId: string, userId: string, limit = 60) {
  const joined = db
    .select({ id: tournamentParticipants.tournamentId })
    .from(tournamentParticipants)
    .where(eq(tournamentParticipants.userId, userId));
  const [items, participating, organizing] = await db.batch([
    listQuery(db, { communityId, limit, offset: 0 }),
    selectCards(db, inArray(tournaments.id, joined)).limit(50),
    selectCards(db, eq(tournaments.organizerId, userId)).limit(50),
  ]);
  return { items, mine: { participating, organizing } };
}

export async function findTournament(db: Db, id: string): Promise<Tournament> {
  const row = await db.select().from(tournaments).where(eq(tournaments.id, id)).get();
  if (!row) throw notFound("Tournament not found");
  return row;
}

export function assertOrganizer(organizerId: string, user: User) {
  if (organizerId !== user.id) throw forbidden("Only the organizer can do this");
}

function participantsQuery(db: Db, tournamentId: string) {
  return db
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
    .orderBy(asc(tournamentParticipants.joinedAt), asc(tournamentParticipants.userId));
}

function toParticipant(r: Awaited<ReturnType<typeof participantsQuery>>[number]) {
  return {
    userId: r.userId,
    name: memberName(r),
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImageUrl: r.profileImageUrl,
    seed: r.seed,
    dropped: r.droppedAt !== null,
    joinedAt: new Date(r.joinedAt).toISOString(),
  };
}
export type TournamentParticipant = ReturnType<typeof toParticipant>;

/** Ties left after every tiebreaker go to the better (lower) seed, then to the earlier sign-up. */
export function seedOrder(participants: readonly TournamentParticipant[]) {
  const position = new Map(participants.map((p, i) => [p.userId, (p.seed ?? 10_000) * 1000 + i]));
  return (a: string, b: string) => (position.get(a) ?? 0) - (position.get(b) ?? 0);
}

export type MatchRow = typeof tournamentMatches.$inferSelect;
type RoundRow = typeof tournamentRounds.$inferSelect;
export type PodSeatRow = typeof tournamentPodSeats.$inferSelect;

/** A seat's stored report (canonical JSON of a pod result), read back; null when absent or unreadable. */
export function readPodReport(text: string | null): PodResultInput | null {
  if (!text) return null;
  try {
    const parsed = podResultSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A match as the API shows it; a pod's seats (in turn order) come with it, a one-against-one match has none. */
export function publicMatch(m: MatchRow, seats: readonly PodSeatRow[] = []) {
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
    seats: seats
      .filter((s) => s.matchId === m.id)
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({ seat: s.seat, userId: s.userId, report: readPodReport(s.report), outcome: s.outcome })),
  };
}
export type PublicMatch = ReturnType<typeof publicMatch>;

/** The reads that make up a tournament, as batch items: card (with its round time), participants, rounds, matches, pod seats. */
function tournamentQueries(db: Db, id: string) {
  return [
    db
      .select({ ...cardColumns, roundMinutes: tournaments.roundMinutes })
      .from(tournaments)
      .innerJoin(users, eq(users.id, tournaments.organizerId))
      .where(eq(tournaments.id, id))
      .limit(1),
    participantsQuery(db, id),
    db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id)).orderBy(asc(tournamentRounds.number)),
    db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, id))
      .orderBy(asc(tournamentMatches.roundNumber), asc(tournamentMatches.tableNumber)),
    db
      .select()
      .from(tournamentPodSeats)
      .where(eq(tournamentPodSeats.tournamentId, id))
      .orderBy(asc(tournamentPodSeats.roundNumber), asc(tournamentPodSeats.matchId), asc(tournamentPodSeats.seat)),
  ] as const;
}
type TournamentRows = BatchResponse<ReturnType<typeof tournamentQueries>>;

/** A tournament as its rules need it: the card (status, round, organizer...), participants, rounds, matches and pod seats. */
export type TournamentState = {
  card: TournamentCard & { roundMinutes: number | null };
  participants: TournamentParticipant[];
  rounds: RoundRow[];
  matches: MatchRow[];
  seats: PodSeatRow[];
};

function stateOf([cards, participants, rounds, matches, seats]: TournamentRows): TournamentState {
  const card = cards[0];
  if (!card) throw notFound("Tournament not found");
  return { card, participants: participants.map(toParticipant), rounds, matches, seats };
}

/** The whole tournament in one round trip; 404 when there is none. */
export async function loadTournament(db: Db, id: string): Promise<TournamentState> {
  return stateOf(await db.batch(tournamentQueries(db, id)));
}

/**
 * Runs `writes` and then reads the tournament, in ONE batch (one round trip,
 * one transaction): the state as the writes left it. When a statement fails,
 * the whole batch rolls back and the error propagates.
 */
export async function writeThenLoad(db: Db, id: string, writes: readonly BatchItem<"sqlite">[]): Promise<TournamentState> {
  const [first, ...rest] = writes;
  if (!first) return loadTournament(db, id);
  const results = await db.batch([first, ...rest, ...tournamentQueries(db, id)]);
  // The last results are the reads' (a batch answers one result per statement, in order).
  return stateOf(results.slice(writes.length) as unknown as TournamentRows);
}

/** GET /api/tournaments/:id: the card plus participants and rounds with their matches. */
export async function getTournamentDetail(db: Db, id: string) {
  return detailOf(await loadTournament(db, id));
}

/**
 * Whether a tournament plays in pods: its format seats more than two at a game (PLAYERS_PER_GAME), unless it had
 * started as one-against-one matches before pods existed (issue 37): that one finishes the way it began.
 */
export function inPods(state: Pick<TournamentState, "card" | "matches" | "seats">): boolean {
  return playsInPods(state.card.gameFormat) && (state.matches.length === 0 || state.seats.length > 0);
}

/** A pod round's minutes (tournaments from before round times existed: the default). */
export const roundMinutesOf = (card: { roundMinutes: number | null }) => card.roundMinutes ?? DEFAULT_ROUND_MINUTES;

function suggestedRounds(card: Pick<TournamentCard, "pairing">, pods: boolean, players: number) {
  if (pods) return suggestedPodRounds(players);
  return card.pairing === "swiss" ? suggestedSwissRounds(players) : eliminationRoundCount(players);
}

export function detailOf(state: TournamentState) {
  const { card, participants, rounds, matches, seats } = state;
  const activeCount = participants.filter((p) => !p.dropped).length;
  const pods = inPods(state);
  // The cut that fits the active players; once it has begun, the one being played.
  const firstCut = rounds.find((r) => r.stage === "cut");
  const cutSize = !pods
    ? null
    : firstCut
      ? cutSizeFromFirstRound(matches.filter((m) => m.roundId === firstCut.id).length)
      : topCutSize(activeCount);
  return {
    ...card,
    suggestedRounds: suggestedRounds(card, pods, participants.length),
    activeParticipantCount: activeCount,
    pods,
    roundMinutes: pods ? roundMinutesOf(card) : null,
    startOpensAt: startOpensAt(card.startDate).toISOString(),
    stage: rounds.some((r) => r.stage === "cut") ? ("cut" as const) : ("swiss" as const),
    topCut: cutSize ? { size: cutSize, rounds: topCutRounds(cutSize) } : null,
    participants,
    rounds: rounds.map((r) => ({
      number: r.number,
      status: r.status,
      stage: r.stage,
      endsAt: r.endsAt === null ? null : new Date(r.endsAt).toISOString(),
      matches: matches.filter((m) => m.roundId === r.id).map((m) => publicMatch(m, seats)),
    })),
  };
}
export type TournamentDetail = ReturnType<typeof detailOf>;

export async function createTournament(db: Db, organizer: User, input: CreateTournamentInput) {
  const communityId = resolveCommunityId(input.communityId);
  // The realm exists and no moderator removed the organizer from it (issue 38).
  await requireRealmOpenTo(db, organizer.id, communityId);
  const pods = playsInPods(input.gameFormat);
  if (pods && input.pairing !== "swiss") {
    throw invalid("Invalid request body", [
      { path: ["pairing"], message: "Commander is played in Swiss pods with a top cut; single elimination is for one-against-one formats" },
    ]);
  }
  await enforceRateLimit(db, "tournamentCreate", organizer.id);
  const id = crypto.randomUUID();
  const insert = db.insert(tournaments).values({
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
    roundMinutes: pods ? (input.roundMinutes ?? DEFAULT_ROUND_MINUTES) : null,
  });
  return detailOf(await writeThenLoad(db, id, [insert]));
}

/** Organizer-only edit of the texts; absent fields stay, blank or null optional text is cleared. */
export async function updateTournament(db: Db, id: string, user: User, input: UpdateTournamentInput) {
  const tournament = await findTournament(db, id);
  assertOrganizer(tournament.organizerId, user);
  if (tournament.status === "completed") throw conflict("A completed tournament can no longer be edited");
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: textOrNull(input.description) } : {}),
    ...(input.rules !== undefined ? { rules: textOrNull(input.rules) } : {}),
    ...(input.prizePool !== undefined ? { prizePool: textOrNull(input.prizePool) } : {}),
  };
  if (Object.keys(changes).length === 0) return getTournamentDetail(db, id);
  // The status condition makes a finish that lands in between win.
  const [updated, ...rows] = await db.batch([
    db
      .update(tournaments)
      .set({ ...changes, updatedAt: Date.now() })
      .where(and(eq(tournaments.id, id), sql`${tournaments.status} <> 'completed'`))
      .returning({ id: tournaments.id }),
    ...tournamentQueries(db, id),
  ]);
  if (updated.length === 0) throw conflict("A completed tournament can no longer be edited");
  return detailOf(stateOf(rows));
}

/** Who the member is to the tournament, read in the statement batch of a join or leave. */
function membershipReads(db: Db, id: string, user: User) {
  return [
    db
      .select({
        status: tournaments.status,
        blocked: isBlockedEitherWay(user.id, tournaments.organizerId),
        removal: realmRemovalOf(user.id, tournaments.communityId),
      })
      .from(tournaments)
      .where(eq(tournaments.id, id)),
    db
      .select({ userId: tournamentParticipants.userId })
      .from(tournamentParticipants)
      .where(and(eq(tournamentParticipants.tournamentId, id), eq(tournamentParticipants.userId, user.id))),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tournamentParticipants)
      .where(eq(tournamentParticipants.tournamentId, id)),
  ] as const;
}

/**
 * Registers the member, taking the seat in ONE statement: the insert only
 * happens while the event is upcoming, has fewer participants than seats and
 * no block stands between the member and the organizer, so concurrent joins
 * can never overfill it (D1 runs statements one at a time). The same batch
 * reads what words a refusal.
 */
export async function joinTournament(db: Db, id: string, user: User) {
  const [inserted, [tournament], [mine], [count]] = await db.batch([
    db
      .insert(tournamentParticipants)
      .select(
        db
          // INSERT ... SELECT names every column in table order.
          .select({
            tournamentId: tournaments.id,
            userId: sql<string>`${user.id}`.as("user_id"),
            seed: sql<null>`NULL`.as("seed"),
            droppedAt: sql<null>`NULL`.as("dropped_at"),
            joinedAt: sql<number>`${Date.now()}`.as("joined_at"),
          })
          .from(tournaments)
          .where(
            and(
              eq(tournaments.id, id),
              eq(tournaments.status, "upcoming"),
              sql`(SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = ${tournaments.id}) < ${tournaments.maxParticipants}`,
              sql`NOT ${isBlockedEitherWay(user.id, tournaments.organizerId)}`,
              sql`NOT ${removedFromRealm(user.id, tournaments.communityId)}`,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ userId: tournamentParticipants.userId }),
    ...membershipReads(db, id, user),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (inserted.length === 0) {
    if (mine) throw conflict("You have already joined this tournament");
    refuseIfRemoved(tournament.removal);
    if (tournament.blocked) throw forbidden("You cannot join this tournament");
    if (tournament.status !== "upcoming") throw conflict("This tournament is no longer open for registration");
    throw conflict("This tournament is full");
  }
  return { tournamentId: id, userId: user.id, participantCount: count?.n ?? 0 };
}

/** Leaves before the start, in one batch: the delete only happens while the event is upcoming. */
export async function leaveTournament(db: Db, id: string, user: User) {
  const [removed, [tournament], , [count]] = await db.batch([
    db
      .delete(tournamentParticipants)
      .where(
        and(
          eq(tournamentParticipants.tournamentId, id),
          eq(tournamentParticipants.userId, user.id),
          sql`EXISTS (SELECT 1 FROM tournaments t WHERE t.id = ${id} AND t.status = 'upcoming')`,
        ),
      )
      .returning({ userId: tournamentParticipants.userId }),
    ...membershipReads(db, id, user),
  ]);
  if (!tournament) throw notFound("Tournament not found");
  if (tournament.status !== "upcoming") throw conflict("The tournament has started: drop instead of leaving");
  if (removed.length === 0) throw conflict("You are not registered for this tournament");
  return { tournamentId: id, userId: user.id, participantCount: count?.n ?? 0 };
}
