/**
 * What results add up to (issue 27): a member's recent games and stats on their profile, and what a realm played
 * this week on its dashboard. Stats count confirmed results only; the recent games list shows pending and disputed
 * ones too, marked. Every read is a statement for the caller's batch (no round trip of its own), each walking an
 * index: game_result_players_user_created_idx for a member, game_results_community_created_idx for a realm.
 */
import { and, count, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gameResultPlayers, gameResults, gameSessions } from "../../db/schema";
import { profileShownTo } from "../members/privacy";

export const RECENT_GAMES = 10;
/** The most played commanders a profile or a realm's week lists. */
export const TOP_COMMANDERS = 5;
export const WEEK_MS = 7 * 86_400_000;

/** The bracket a player's line counts under: the deck's as they said it, else the room's. */
const lineBracket = sql<number | null>`coalesce(${gameResultPlayers.bracket}, ${gameResults.bracket})`;

/**
 * A member's games as `viewerId` may see them: everything for the owner; for anyone else only while the member's
 * profile is shown to them (profileShownTo: the privacy flag and blocks, as every other profile section), decided
 * inside each statement.
 */
function memberWhere(userId: string, viewerId: string, confirmedOnly: boolean) {
  return and(
    eq(gameResultPlayers.userId, userId),
    confirmedOnly ? eq(gameResults.status, "confirmed") : undefined,
    viewerId === userId ? undefined : profileShownTo(userId, viewerId),
  );
}

/** The statements of a member's games and stats, for one `db.batch()`. */
export function memberGamesQueries(db: Db, userId: string, viewerId: string) {
  return [
    db
      .select({
        sessionId: gameResultPlayers.sessionId,
        name: gameSessions.name,
        format: gameResults.format,
        status: gameResults.status,
        outcome: gameResults.outcome,
        won: gameResultPlayers.isWinner,
        commander: gameResultPlayers.commander,
        bracket: lineBracket,
        playedAt: gameResultPlayers.createdAt,
      })
      .from(gameResultPlayers)
      .innerJoin(gameResults, eq(gameResults.sessionId, gameResultPlayers.sessionId))
      .innerJoin(gameSessions, eq(gameSessions.id, gameResultPlayers.sessionId))
      .where(memberWhere(userId, viewerId, false))
      .orderBy(desc(gameResultPlayers.createdAt), desc(gameResultPlayers.sessionId))
      .limit(RECENT_GAMES),
    db
      .select({ games: count(), wins: sql<number>`coalesce(sum(${gameResultPlayers.isWinner}), 0)` })
      .from(gameResultPlayers)
      .innerJoin(gameResults, eq(gameResults.sessionId, gameResultPlayers.sessionId))
      .where(memberWhere(userId, viewerId, true)),
    db
      .select({
        commander: gameResultPlayers.commander,
        games: count(),
        wins: sql<number>`coalesce(sum(${gameResultPlayers.isWinner}), 0)`,
      })
      .from(gameResultPlayers)
      .innerJoin(gameResults, eq(gameResults.sessionId, gameResultPlayers.sessionId))
      .where(and(memberWhere(userId, viewerId, true), isNotNull(gameResultPlayers.commander)))
      .groupBy(gameResultPlayers.commander)
      .orderBy(desc(count()), gameResultPlayers.commander)
      .limit(TOP_COMMANDERS),
    db
      .select({ bracket: lineBracket, games: count(), wins: sql<number>`coalesce(sum(${gameResultPlayers.isWinner}), 0)` })
      .from(gameResultPlayers)
      .innerJoin(gameResults, eq(gameResults.sessionId, gameResultPlayers.sessionId))
      .where(and(memberWhere(userId, viewerId, true), sql`${lineBracket} IS NOT NULL`))
      .groupBy(lineBracket)
      .orderBy(lineBracket),
  ] as const;
}

const tally = (r: { games: number; wins: number }) => ({ games: Number(r.games), wins: Number(r.wins) });

type Queries = ReturnType<typeof memberGamesQueries>;
type MemberGamesRows = readonly [Awaited<Queries[0]>, Awaited<Queries[1]>, Awaited<Queries[2]>, Awaited<Queries[3]>];

/** The rows of `memberGamesQueries` as the profile shows them. */
export function toMemberGames([recent, totals, commanders, brackets]: MemberGamesRows) {
  return {
    recent: recent.map((g) => ({
      ...g,
      bracket: g.bracket === null ? null : Number(g.bracket),
      playedAt: new Date(g.playedAt).toISOString(),
    })),
    stats: {
      ...tally(totals[0] ?? { games: 0, wins: 0 }),
      byCommander: commanders.map((c) => ({ commander: c.commander ?? "", ...tally(c) })),
      byBracket: brackets.map((b) => ({ bracket: Number(b.bracket), ...tally(b) })),
    },
  };
}
export type MemberGames = ReturnType<typeof toMemberGames>;

/** A member's games and stats as `viewerId` may see them (nothing for others while the profile is hidden): one round trip. */
export async function readMemberGames(db: Db, userId: string, viewerId: string): Promise<MemberGames> {
  return toMemberGames(await db.batch(memberGamesQueries(db, userId, viewerId)));
}

/** A realm's confirmed results of the last 7 days, for the dashboard's batch (see `toRealmWeek`). */
export function realmWeekQueries(db: Db, communityId: string, now: number) {
  const week = and(
    eq(gameResults.communityId, communityId),
    eq(gameResults.status, "confirmed"),
    gte(gameResults.createdAt, now - WEEK_MS),
  );
  return [
    db
      .select({ commander: gameResultPlayers.commander, games: count() })
      .from(gameResults)
      .innerJoin(gameResultPlayers, eq(gameResultPlayers.sessionId, gameResults.sessionId))
      .where(and(week, isNotNull(gameResultPlayers.commander)))
      .groupBy(gameResultPlayers.commander)
      .orderBy(desc(count()), gameResultPlayers.commander)
      .limit(TOP_COMMANDERS),
    db
      .select({ bracket: gameResults.bracket, games: count() })
      .from(gameResults)
      .where(week)
      .groupBy(gameResults.bracket)
      .orderBy(gameResults.bracket),
  ] as const;
}

type WeekRows = [Awaited<ReturnType<typeof realmWeekQueries>[0]>, Awaited<ReturnType<typeof realmWeekQueries>[1]>];

/** "Played this week": the most played commanders and the games per bracket (null: rooms without one). */
export function toRealmWeek([commanders, brackets]: WeekRows) {
  return {
    games: brackets.reduce((sum, b) => sum + Number(b.games), 0),
    commanders: commanders.map((c) => ({ commander: c.commander ?? "", games: Number(c.games) })),
    brackets: brackets.map((b) => ({ bracket: b.bracket, games: Number(b.games) })),
  };
}
export type RealmWeek = ReturnType<typeof toRealmWeek>;
