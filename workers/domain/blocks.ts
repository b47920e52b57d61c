/**
 * The block rule, in one place: a block counts in both directions. Members
 * with a block between them cannot invite each other, join what the other
 * hosts, find each other in matchmaking, or cause each other notifications.
 * Callers put the condition inside a statement they already run, so checking
 * a block never costs a D1 round trip of its own.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

type MemberRef = string | SQLWrapper;

/**
 * `EXISTS (...)`, 1 when either member blocked the other. Takes ids or SQL
 * (a column, or `sql\`e.host_id\`` inside raw statements with aliases).
 */
export function isBlockedEitherWay(a: MemberRef, b: MemberRef): SQL<number> {
  return sql<number>`(EXISTS (SELECT 1 FROM user_blocks ub WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b}) OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a})))`;
}

/** `EXISTS (...)`, 1 when `blocker` blocked `blocked` (one direction: who is told about their own block). */
export function hasBlocked(blocker: MemberRef, blocked: MemberRef): SQL<number> {
  return sql<number>`(EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${blocker} AND ub.blocked_id = ${blocked}))`;
}
