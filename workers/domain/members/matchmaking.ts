import { and, desc, eq, gte, inArray, ne, not } from "drizzle-orm";
import {
  DEFAULT_PREFERENCES,
  MAX_MATCH_RESULTS,
  matchmakingPreferencesSchema,
  type MatchmakingPreferences,
  type MatchResult,
} from "../../contract/matchmaking";
import type { Db } from "../../db/client";
import { matchmakingGames, matchmakingPreferences, users } from "../../db/schema";
import { isBlockedEitherWay } from "../blocks";
import { isMemberOnline, ONLINE_WINDOW_MS, rankCandidates } from "./match-scoring";
import { privacyFlag } from "./privacy";
import { displayName, type NamedMember } from "../../contract/display-name";
import { publicMemberColumns } from "../member-columns";
import { enforceRateLimit } from "../rate-limit";
import { friendCountQuery, friendRequestsQuery, friendsPageQuery, toFriendRequests, toFriendsPage } from "./friends";
import { FRIENDS_PAGE_SIZE } from "../../contract/friends";

/**
 * How many candidates are scored per search: the most recently active members
 * who share a game. Bounds the work per request whatever the member count.
 */
export const CANDIDATE_LIMIT = 500;

type PreferencesRow = typeof matchmakingPreferences.$inferSelect;

/**
 * Stored rows come from parsed payloads, but their enum columns are plain
 * text: parse them again rather than cast, and fall back to the defaults if an
 * option was ever retired.
 */
function toPreferences(row: PreferencesRow): MatchmakingPreferences {
  const { userId: _userId, updatedAt: _updatedAt, ...stored } = row;
  const parsed = matchmakingPreferencesSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

const preferencesQuery = (db: Db, userId: string) =>
  db.select().from(matchmakingPreferences).where(eq(matchmakingPreferences.userId, userId)).limit(1);

const savedOrDefaults = (row: PreferencesRow | undefined): MatchmakingPreferences & { saved: boolean } =>
  row ? { ...toPreferences(row), saved: true } : { ...DEFAULT_PREFERENCES, saved: false };

/** The member's saved preferences, or the spec §9 defaults when nothing is stored. */
export async function getPreferences(db: Db, userId: string): Promise<MatchmakingPreferences & { saved: boolean }> {
  const [row] = await preferencesQuery(db, userId);
  return savedOrDefaults(row);
}

/**
 * What the /matchmaking page shows: the member's preferences, pending requests
 * both ways, the first page of friends and their count. One D1 batch.
 */
export async function loadMatchmakingPage(db: Db, userId: string, now = Date.now()) {
  const page = { limit: FRIENDS_PAGE_SIZE, offset: 0 };
  const [preferences, requests, friends, friendCount] = await db.batch([
    preferencesQuery(db, userId),
    friendRequestsQuery(db, userId),
    friendsPageQuery(db, userId, page),
    friendCountQuery(db, userId),
  ]);
  return {
    preferences: savedOrDefaults(preferences[0]),
    requests: toFriendRequests(requests, userId, now),
    friends: toFriendsPage(friends, page, now),
    friendCount: friendCount[0]?.n ?? 0,
  };
}

/**
 * Saves preferences and the member's games index (one matchmaking_games row per
 * game, which find-players filters on) in one batch, so they never disagree.
 */
export async function savePreferences(db: Db, userId: string, prefs: MatchmakingPreferences) {
  const values = { ...prefs, userId, updatedAt: Date.now() };
  const { userId: _u, ...updates } = values;
  await db.batch([
    db.insert(matchmakingPreferences).values(values).onConflictDoUpdate({ target: matchmakingPreferences.userId, set: updates }),
    db.delete(matchmakingGames).where(eq(matchmakingGames.userId, userId)),
    db.insert(matchmakingGames).values(prefs.selectedGames.map((game) => ({ userId, game }))),
  ]);
  return { ...prefs, saved: true };
}

/** A match result's `username` (spec 001 §3): the member's handle, else their display name. */
function resultName(u: NamedMember): string {
  return u.username?.trim() || displayName(u, "Player");
}

/**
 * Up to 20 compatible members, best first. SQL narrows the field (shares a game
 * through the matchmaking_games index, not the searcher, not blocked either
 * way, online when asked, the CANDIDATE_LIMIT most recently active); the pure
 * scoring function in match-scoring.ts ranks what is left. Members who hide
 * their online status are never shown online, never found by an online-only
 * search and have no lastOnline. Rate-limited per member (each search scores
 * hundreds of candidates).
 */
export async function findPlayers(db: Db, searcherId: string, search: MatchmakingPreferences, now = Date.now()): Promise<MatchResult[]> {
  await enforceRateLimit(db, "matchmakingSearch", searcherId, now);
  const onlineSince = now - ONLINE_WINDOW_MS;
  const sharesAGame = db
    .select({ userId: matchmakingGames.userId })
    .from(matchmakingGames)
    .where(inArray(matchmakingGames.game, search.selectedGames));

  const rows = await db
    .select({
      ...publicMemberColumns,
      status: users.status,
      lastActiveAt: users.lastActiveAt,
      showOnlineStatus: privacyFlag(users.id, "showOnlineStatus"),
      prefs: matchmakingPreferences,
    })
    .from(users)
    .innerJoin(matchmakingPreferences, eq(matchmakingPreferences.userId, users.id))
    .where(
      and(
        inArray(users.id, sharesAGame),
        ne(users.id, searcherId),
        not(isBlockedEitherWay(searcherId, users.id)),
        search.onlineOnly
          ? and(gte(users.lastActiveAt, onlineSince), ne(users.status, "offline"), privacyFlag(users.id, "showOnlineStatus"))
          : undefined,
      ),
    )
    .orderBy(desc(users.lastActiveAt))
    .limit(CANDIDATE_LIMIT)
    .all();

  const candidates = rows.map((r) => ({
    ...r.prefs,
    id: r.id,
    user: r,
    lastActiveAt: r.lastActiveAt,
    hidesOnlineStatus: !r.showOnlineStatus,
    isOnline: r.showOnlineStatus && isMemberOnline(r.status, r.lastActiveAt, now),
  }));

  return rankCandidates(search, candidates, now, MAX_MATCH_RESULTS).map((c) => ({
    id: c.id,
    username: resultName(c.user),
    avatar: c.user.profileImageUrl,
    games: c.selectedGames,
    formats: c.selectedFormats,
    powerLevel: c.powerLevelMin === c.powerLevelMax ? String(c.powerLevelMin) : `${c.powerLevelMin}-${c.powerLevelMax}`,
    playstyle: c.playstyle,
    location: c.location,
    availability: c.availability,
    matchScore: c.score,
    commonInterests: c.commonInterests,
    lastOnline: c.hidesOnlineStatus ? null : new Date(c.lastActiveAt).toISOString(),
    isOnline: c.isOnline,
  }));
}
