import { and, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "../lib/zod";
import type { GameSessionView, ListGameSessionsQuery } from "../contract/game-sessions";
import type { Db } from "../db/client";
import { gameSessions, users } from "../db/schema";
import { cursorId, cursorTimestamp, decodeCursor, pageOf } from "./cursor";
import { invalid } from "./errors";
import { containsPattern } from "./forum-cursor";
import { sessionColumns, toView } from "./game-sessions";
import { roomsListedTo } from "./room-visibility";

/**
 * The lobby's list of rooms (GET /api/game-sessions and /tablesync): filtered
 * by status, realm, format, power level and a search of the room's or the
 * host's name; the preferred realm's rooms first, each part newest first;
 * keyset-paginated; private rooms only for those who have a place in them.
 */

/** Where the last room of a page stood: its tier (0 the preferred realm, 1 the rest), createdAt and id. */
const listKey = z.tuple([z.union([z.literal(0), z.literal(1)]), cursorTimestamp, cursorId]);
type Tier = 0 | 1;

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

/** The statement of one tier's rooms after `after`, `limit + 1` of them (the extra one says whether more follow). */
function tierQuery(db: Db, where: SQL[], after: { createdAt: number; id: string } | null, limit: number) {
  const conditions = after ? [...where, sql`(${gameSessions.createdAt}, ${gameSessions.id}) < (${after.createdAt}, ${after.id})`] : where;
  return db
    .select(sessionColumns)
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.hostId))
    .where(and(...conditions))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
    .limit(limit + 1);
}

/**
 * The statements of one page: with a preferred realm and no cursor past it,
 * that realm's rooms (tier 0, on the (community, status, created) index) then
 * the others (tier 1, on the (status, created) index); else the others only.
 * Exported so a test can ask SQLite for their query plans.
 */
export function gameSessionListStatements(db: Db, viewerId: string | null, query: ListGameSessionsQuery) {
  let after: { tier: Tier; createdAt: number; id: string } | null = null;
  if (query.cursor) {
    const key = decodeCursor(query.cursor, listKey);
    if (!key) throw invalid("Invalid cursor");
    after = { tier: key[0], createdAt: key[1], id: key[2] };
  }
  const where: SQL[] = [roomsListedTo(viewerId)];
  if (query.status) where.push(eq(gameSessions.status, query.status));
  if (query.communityId) where.push(eq(gameSessions.communityId, query.communityId));
  if (query.format) where.push(eq(gameSessions.format, query.format));
  if (query.powerLevel) where.push(eq(gameSessions.powerLevel, query.powerLevel));
  if (query.q) where.push(nameMatches(query.q));

  // A realm filter already keeps one realm: nothing to put first.
  const preferred = query.communityId ? undefined : query.preferCommunityId;
  if (!preferred) return { preferred: null, rest: tierQuery(db, where, after, query.limit) };
  const rest = [...where, or(isNull(gameSessions.communityId), ne(gameSessions.communityId, preferred))!];
  if (after?.tier === 1) return { preferred: null, rest: tierQuery(db, rest, after, query.limit) };
  return {
    preferred: tierQuery(db, [...where, eq(gameSessions.communityId, preferred)], after, query.limit),
    rest: tierQuery(db, rest, null, query.limit),
  };
}

/** One page of rooms in one D1 round trip (both tiers in one batch when both are needed). */
export async function listGameSessions(db: Db, viewerId: string | null, query: ListGameSessionsQuery): Promise<GameSessionPage> {
  const statements = gameSessionListStatements(db, viewerId, query);
  let rows: { row: Awaited<ReturnType<typeof tierQuery>>[number]; tier: Tier }[];
  if (statements.preferred) {
    const [first, second] = await db.batch([statements.preferred, statements.rest]);
    rows = [...first.map((row) => ({ row, tier: 0 as const })), ...second.map((row) => ({ row, tier: 1 as const }))];
  } else {
    rows = (await statements.rest).map((row) => ({ row, tier: 1 as const }));
  }
  const { page, nextCursor } = pageOf(rows, query.limit, ({ row, tier }) => [tier, row.session.createdAt, row.session.id]);
  return { sessions: page.map(({ row }) => toView(row)), nextCursor };
}
