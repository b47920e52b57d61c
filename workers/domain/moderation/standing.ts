/**
 * A member's standing (issue 38): whether a suspension or a removal from a realm keeps them out right now. Each is
 * a piece of SQL that callers put inside a statement they already run (a seat insert, a join, a create's checks),
 * as blocks are (../blocks.ts), so keeping a member out costs no round trip of its own. Removals and suspensions
 * carry their end (`until`, null for good) and the rule compares it with D1's clock: one ends at its time without
 * a job.
 */
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { REMOVED_FROM_REALM_TEXT, SUSPENDED_TEXT } from "../../contract/moderation-options";
import type { Db } from "../../db/client";
import { communities, users } from "../../db/schema";
import { forbidden, invalid, type DomainError } from "../errors";

type Ref = string | SQLWrapper;

const NOW_MS = sql.raw("CAST(unixepoch('subsec') * 1000 AS INTEGER)");

/** `EXISTS (...)`, 1 while `member` is suspended. */
export function suspendedNow(member: Ref): SQL<number> {
  return sql<number>`(EXISTS (SELECT 1 FROM member_suspensions ms WHERE ms.user_id = ${member} AND (ms.until IS NULL OR ms.until > ${NOW_MS})))`;
}

/** `EXISTS (...)`, 1 while a removal keeps `member` out of the realm `community` (an id or a column). */
export function removedFromRealm(member: Ref, community: Ref): SQL<number> {
  return sql<number>`(EXISTS (SELECT 1 FROM realm_removals rr WHERE rr.user_id = ${member} AND rr.community_id = ${community} AND (rr.until IS NULL OR rr.until > ${NOW_MS})))`;
}

/** The running removal of `member` from `community` as JSON text (`{"until":…,"reason":…}`), or null: for the refusal's words. */
export function realmRemovalOf(member: Ref, community: Ref): SQL<string | null> {
  return sql<string | null>`(SELECT json_object('until', rr.until, 'reason', rr.reason) FROM realm_removals rr
    WHERE rr.user_id = ${member} AND rr.community_id = ${community} AND (rr.until IS NULL OR rr.until > ${NOW_MS}))`;
}

/** The running suspension of `member` as JSON text, or null. */
export function suspensionOf(member: Ref): SQL<string | null> {
  return sql<string | null>`(SELECT json_object('until', ms.until, 'reason', ms.reason) FROM member_suspensions ms
    WHERE ms.user_id = ${member} AND (ms.until IS NULL OR ms.until > ${NOW_MS}))`;
}

type Standing = { until: number | null; reason: string };

function parseStanding(value: string | null | undefined): Standing | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { until?: unknown; reason?: unknown };
    return { until: typeof parsed.until === "number" ? parsed.until : null, reason: String(parsed.reason ?? "") };
  } catch {
    return null;
  }
}

/** "until 2026-12-03 18:00 UTC" or "for good". */
export function untilText(until: number | null): string {
  return until === null ? "for good" : `until ${new Date(until).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What a member kept out of a realm is told: the removal, its end and its reason. */
export function removalMessage(removal: Standing): string {
  return `${REMOVED_FROM_REALM_TEXT.slice(0, -1)} ${untilText(removal.until)}. Reason: ${removal.reason}`;
}

/** What a suspended member is told (the sign-in page, a token's 401). */
export function suspensionMessage(suspension: Standing): string {
  return `${SUSPENDED_TEXT.slice(0, -1)} ${untilText(suspension.until)}. Reason: ${suspension.reason}`;
}

/** The 403 for a running removal (realmRemovalOf's value), or null when there is none. */
export function removalRefusal(value: string | null | undefined): DomainError | null {
  const removal = parseStanding(value);
  return removal ? forbidden(removalMessage(removal)) : null;
}

export function refuseIfRemoved(value: string | null | undefined): void {
  const refusal = removalRefusal(value);
  if (refusal) throw refusal;
}

export function suspensionStanding(value: string | null | undefined): Standing | null {
  return parseStanding(value);
}

/**
 * Before a member creates something in a realm (a post, an event, a tournament): the realm exists (400 beside
 * `communityId` otherwise) and no removal keeps them out of it (403). One statement, where `communityExists` was.
 */
export async function requireRealmOpenTo(db: Db, memberId: string, communityId: string, field = "communityId"): Promise<void> {
  const row = await db
    .select({ removal: realmRemovalOf(memberId, communities.id) })
    .from(communities)
    .where(eq(communities.id, communityId))
    .get();
  if (!row) throw invalid("Unknown community", [{ path: [field], message: "Unknown community" }]);
  refuseIfRemoved(row.removal);
}

/** A member's running suspension, or null (one statement): sign-in asks it before making a session. */
export async function readSuspension(db: Db, memberId: string): Promise<Standing | null> {
  const row = await db
    .select({ suspension: suspensionOf(users.id) })
    .from(users)
    .where(eq(users.id, memberId))
    .get();
  return parseStanding(row?.suspension);
}
