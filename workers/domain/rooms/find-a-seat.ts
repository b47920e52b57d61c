import { and, asc, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { POWER_LEVEL_BANDS } from "../../contract/brackets";
import type { ListGameSessionsQuery } from "../../contract/game-sessions";
import type { Db } from "../../db/client";
import { gameSessions, matchmakingPreferences, users } from "../../db/schema";
import { DomainError } from "../errors";
import { enforceRateLimit } from "../rate-limit";
import { roomsListedTo } from "./room-visibility";
import { joinRoom } from "./rooms";
import { usualRoomSettings, type UsualRoomSettings } from "./usual-room";

/**
 * "Find me a seat" (issue 25): the lobby's one button that seats a member in the best open room for them, through
 * the same joinRoom the Join button uses (so blocks, removals, the capacity check and the join rate limit apply),
 * or tells them none fits, with their usual settings for a room of their own.
 *
 * What fits: a waiting room listed to them (roomsListedTo: not private to others, not stale, no block with its host)
 * with a free seat, that they have no place in and were not removed from; in the selected realm when
 * one is selected (a realm is a game). The format and power level are the lobby's filters when set, else the
 * member's matchmaking preferences (their formats, their power range against the room's band: a Commander room's
 * bracket, else its power level; workers/contract/brackets.ts). Best first: the
 * fewest seats still needed (one more player starts a game), then the newest. Nothing fits: Create Room starts
 * from the member's usual room (usual-room.ts), read in the same batch.
 */

export type SeatSearch = Pick<ListGameSessionsQuery, "format" | "powerLevel" | "bracket"> & { communityId?: string | null };
export type { UsualRoomSettings };
export type SeatFound = { ok: true; sessionId: string } | { ok: false; usual: UsualRoomSettings };

/** Rooms tried in order: one filled meanwhile, the next is tried; more than this and the member should choose. */
const CANDIDATES = 3;

/**
 * A room's power band on the preferences' 1-10 scale, as workers/contract/brackets.ts roomLevelBand reads it: a
 * Commander room's bracket b covers [2b-1, 2b], any other room its power level's band.
 */
const levelBand = (end: 0 | 1) =>
  sql.raw(
    `CASE WHEN "game_sessions"."bracket" IS NOT NULL THEN "game_sessions"."bracket" * 2 - ${1 - end} ELSE CASE "game_sessions"."power_level" ${Object.entries(
      POWER_LEVEL_BANDS,
    )
      .map(([level, band]) => `WHEN '${level}' THEN ${band[end]}`)
      .join(" ")} END END`,
  );
const bandLow = levelBand(0);
const bandHigh = levelBand(1);

/** The member's preferences in SQL (a probe of their primary key): no row, no formats or no power level on the room means any. */
function preferencesAllow(userId: string, search: SeatSearch): SQL[] {
  const prefs = sql`(select mp.selected_formats from ${matchmakingPreferences} mp where mp.user_id = ${userId})`;
  const conditions: SQL[] = [];
  if (!search.format) {
    conditions.push(
      sql`(${prefs} is null or json_array_length(${prefs}) = 0 or ${gameSessions.format} in (select value from json_each(${prefs})))`,
    );
  }
  if (!search.powerLevel && !search.bracket) {
    conditions.push(sql`(${gameSessions.powerLevel} is null or not exists (select 1 from ${matchmakingPreferences} mp where mp.user_id = ${userId})
      or exists (select 1 from ${matchmakingPreferences} mp where mp.user_id = ${userId} and ${bandLow} <= mp.power_level_max and ${bandHigh} >= mp.power_level_min))`);
  }
  return conditions;
}

/** The statement of the best open rooms for `userId`, best first. Exported for its test. */
export function openSeatsQuery(db: Db, userId: string, search: SeatSearch) {
  const where: SQL[] = [
    roomsListedTo(userId),
    eq(gameSessions.status, "waiting"),
    lt(gameSessions.currentPlayers, gameSessions.maxPlayers),
    sql`not exists (select 1 from game_session_members m where m.session_id = ${gameSessions.id} and m.user_id = ${userId})`,
    sql`not exists (select 1 from game_session_removals r where r.session_id = ${gameSessions.id} and r.user_id = ${userId})`,
    ...preferencesAllow(userId, search),
  ];
  if (search.communityId) where.push(eq(gameSessions.communityId, search.communityId));
  if (search.format) where.push(eq(gameSessions.format, search.format));
  if (search.powerLevel) where.push(eq(gameSessions.powerLevel, search.powerLevel));
  if (search.bracket) where.push(eq(gameSessions.bracket, search.bracket));
  return db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(and(...where))
    .orderBy(asc(sql`${gameSessions.maxPlayers} - ${gameSessions.currentPlayers}`), desc(gameSessions.createdAt), desc(gameSessions.id))
    .limit(CANDIDATES);
}

/** The member's last room as host: their usual format, power level, table size and realm (the host index). */
function lastHostedRoom(db: Db, userId: string) {
  return db
    .select({
      format: gameSessions.format,
      powerLevel: gameSessions.powerLevel,
      bracket: gameSessions.bracket,
      maxPlayers: gameSessions.maxPlayers,
      communityId: gameSessions.communityId,
    })
    .from(gameSessions)
    .where(eq(gameSessions.hostId, userId))
    .orderBy(desc(gameSessions.createdAt))
    .limit(1);
}

/** A refusal that means "try the next room" (it filled, ended, or a block or removal stands), not "stop". */
const nextRoomWill = (error: unknown) => error instanceof DomainError && ["not_found", "forbidden", "conflict"].includes(error.kind);

/** The member's saved matchmaking formats and power range, and their own realm (both primary keys). */
function seatPreferences(db: Db, userId: string) {
  return db
    .select({
      selectedFormats: matchmakingPreferences.selectedFormats,
      powerLevelMin: matchmakingPreferences.powerLevelMin,
      powerLevelMax: matchmakingPreferences.powerLevelMax,
      primaryCommunity: users.primaryCommunity,
    })
    .from(users)
    .leftJoin(matchmakingPreferences, eq(matchmakingPreferences.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
}

export async function findMeASeat(env: Env, db: Db, userId: string, search: SeatSearch): Promise<SeatFound> {
  const [candidates, last, mine] = await db.batch([
    openSeatsQuery(db, userId, search),
    lastHostedRoom(db, userId),
    seatPreferences(db, userId),
  ]);
  for (const { id } of candidates) {
    try {
      const seat = await joinRoom(env, db, id, userId);
      if (seat.ok) return { ok: true, sessionId: id };
    } catch (error) {
      if (!nextRoomWill(error)) throw error;
    }
  }
  // A search that seats nobody still counts as a join, so the button cannot be pressed faster than Join.
  if (candidates.length === 0) await enforceRateLimit(db, "gameSessionJoin", userId);
  const own = mine[0];
  const usual = usualRoomSettings({
    search,
    lastRoom: last[0] ?? null,
    preferences:
      own?.selectedFormats && own.powerLevelMin !== null && own.powerLevelMax !== null
        ? { selectedFormats: own.selectedFormats, powerLevelMin: own.powerLevelMin, powerLevelMax: own.powerLevelMax }
        : null,
    primaryCommunity: own?.primaryCommunity ?? null,
  });
  return { ok: false, usual };
}
