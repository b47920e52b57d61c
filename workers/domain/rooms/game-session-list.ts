import { and, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { GameSessionView, ListGameSessionsQuery } from "../../contract/game-sessions";
import type { Db } from "../../db/client";
import { gameSessions, users } from "../../db/schema";
import { cursorId, cursorTimestamp, decodeCursor, pageOf } from "../cursor";
import { invalid } from "../errors";
import { containsPattern } from "../forum/forum-cursor";
import { sessionColumns, toView } from "./game-sessions";
import { roomsListedTo } from "./room-visibility";

/**
 * The lobby's list of rooms (GET /api/game-sessions and /tablesync): filtered
 * by status, realm, format, power level and a search of the room's or the
 * host's name; ordered by what a member can join now: the preferred realm's
 * rooms first (a realm is the game a member plays: another game's table is no
 * seat for them), then by seats still needed (one more player first, a full
 * room last), each part newest first; keyset-paginated; private and stale
 * rooms as roomsListedTo decides.
 */

/**
 * Seats a room still needs, in list order: 1 first, then 2, ..., a full room (0)
 * last. Rooms hold at most 8 (MAX_PLAYER_OPTIONS), so 7 is the most needed.
 */
export const SEATS_NEEDED_ORDER = [1, 2, 3, 4, 5, 6, 7, 0] as const;
const seatTier = z
  .number()
  .int()
  .min(0)
  .max(SEATS_NEEDED_ORDER.length - 1);

/** Where the last room of a page stood: its realm tier (0 the preferred realm, 1 the rest), seats tier, createdAt and id. */
const listKey = z.tuple([z.union([z.literal(0), z.literal(1)]), seatTier, cursorTimestamp, cursorId]);
type RealmTier = 0 | 1;
type Tier = { realm: RealmTier; seats: number };

export type GameSessionPage = { sessions: GameSessionView[]; nextCursor: string | null };

/**
 * The host's display name in SQL, as `displayName` (workers/contract/display-name.ts)
 * builds it: first and last name, else the username.
 */
const hostDisplayName = sql`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.username}, '')`;

/** The room's name or its host's display name contains `q` (LIKE is case-insensitive for ASCII; % and _ are literal). */
function nameMatches(q: string): SQL {
  const pattern = containsPattern(q);
  return or(sql`${gameSessions.name} like ${pattern} escape '\\'`, sql`${hostDisplayName} like ${pattern} escape '\\'`)!;
}

/** Rooms needing exactly `needed` more players (0: full). */
function seatsNeeded(needed: number): SQL {
  return needed === 0
    ? sql`${gameSessions.currentPlayers} >= ${gameSessions.maxPlayers}`
    : sql`${gameSessions.maxPlayers} - ${gameSessions.currentPlayers} = ${needed}`;
}

/**
 * Whether the host removed the viewer from the room (a probe of the removals' primary key). Named: D1 batches
 * return rows as objects, and an unnamed `0` would be an integer key, which objects put first.
 */
const viewerRemoved = (viewerId: string | null) =>
  (viewerId
    ? sql<number>`exists (select 1 from game_session_removals r where r.session_id = ${gameSessions.id} and r.user_id = ${viewerId})`
    : sql<number>`0`
  ).as("viewer_removed");

/** The statement of one tier's rooms after `after`, `limit + 1` of them (the extra one says whether more follow). */
function tierQuery(db: Db, viewerId: string | null, where: SQL[], after: { createdAt: number; id: string } | null, limit: number) {
  const conditions = after ? [...where, sql`(${gameSessions.createdAt}, ${gameSessions.id}) < (${after.createdAt}, ${after.id})`] : where;
  return db
    .select({ ...sessionColumns, removed: viewerRemoved(viewerId) })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(and(...conditions))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
    .limit(limit + 1);
}

/**
 * The statements of one page, one per tier from the cursor's on, in list
 * order: with a preferred realm, that realm's rooms (on the (community,
 * status, created) index) then the others (on the (status, created) index),
 * each by seats needed. Exported so a test can ask SQLite for their query plans.
 */
export function gameSessionListStatements(db: Db, viewerId: string | null, query: ListGameSessionsQuery) {
  let after: { tier: Tier; createdAt: number; id: string } | null = null;
  if (query.cursor) {
    const key = decodeCursor(query.cursor, listKey);
    if (!key) throw invalid("Invalid cursor");
    after = { tier: { realm: key[0], seats: key[1] }, createdAt: key[2], id: key[3] };
  }
  const where: SQL[] = [roomsListedTo(viewerId)];
  if (query.status) where.push(eq(gameSessions.status, query.status));
  if (query.communityId) where.push(eq(gameSessions.communityId, query.communityId));
  if (query.format) where.push(eq(gameSessions.format, query.format));
  if (query.powerLevel) where.push(eq(gameSessions.powerLevel, query.powerLevel));
  if (query.bracket) where.push(eq(gameSessions.bracket, query.bracket));
  if (query.q) where.push(nameMatches(query.q));

  // A realm filter already keeps one realm: nothing to put first.
  const preferred = query.communityId ? undefined : query.preferCommunityId;
  const realms: { realm: RealmTier; where: SQL[] }[] = preferred
    ? [
        { realm: 0, where: [...where, eq(gameSessions.communityId, preferred)] },
        { realm: 1, where: [...where, or(isNull(gameSessions.communityId), ne(gameSessions.communityId, preferred))!] },
      ]
    : [{ realm: 1, where }];
  const statements = [];
  for (const { realm, where: realmWhere } of realms) {
    for (let seats = 0; seats < SEATS_NEEDED_ORDER.length; seats++) {
      const tier = { realm, seats };
      if (after && compareTiers(tier, after.tier) < 0) continue;
      const from = after && compareTiers(tier, after.tier) === 0 ? after : null;
      statements.push({
        tier,
        statement: tierQuery(db, viewerId, [...realmWhere, seatsNeeded(SEATS_NEEDED_ORDER[seats])], from, query.limit),
      });
    }
  }
  return statements;
}

const compareTiers = (a: Tier, b: Tier) => a.realm - b.realm || a.seats - b.seats;

/** One page of rooms in one D1 round trip (every tier's statement in one batch). */
export async function listGameSessions(db: Db, viewerId: string | null, query: ListGameSessionsQuery): Promise<GameSessionPage> {
  const statements = gameSessionListStatements(db, viewerId, query);
  const [first, ...others] = statements.map((s) => s.statement);
  const results = statements.length === 0 ? [] : await db.batch([first, ...others]);
  const rows = results.flatMap((tierRows, i) => tierRows.map((row) => ({ row, tier: statements[i].tier })));
  const { page, nextCursor } = pageOf(rows, query.limit, ({ row, tier }) => [
    tier.realm,
    tier.seats,
    row.session.createdAt,
    row.session.id,
  ]);
  return { sessions: page.map(({ row }) => ({ ...toView(row), viewerRemoved: Boolean(row.removed) })), nextCursor };
}
