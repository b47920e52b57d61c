/**
 * The audit log (issue 38): every moderation action with who, when, what and why. Written in the same batch as the
 * action (guarded by the same condition, so a refused or lost race logs nothing); read by a realm's moderators for
 * their realms and by administrators for all, newest first, 30 a page on the (community_id, created_at) index.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import type { ReportItemKind } from "../../contract/moderation-options";
import type { ReportSnapshot } from "../../contract/moderation";
import type { Db } from "../../db/client";
import { communities, moderationActions, reportCases, users } from "../../db/schema";
import { decodeCursor, pageOf, timeIdKey } from "../cursor";
import { forbidden, invalid } from "../errors";
import { roleFactsQuery, toModeratorFacts } from "./facts";
import { can, queueScope } from "./roles";
import { alias } from "drizzle-orm/sqlite-core";

export const AUDIT_ACTIONS = [
  "dismiss",
  "hide",
  "lock",
  "end_room",
  "remove_member",
  "suspend",
  "reinstate_member",
  "lift_suspension",
  "appoint_moderator",
  "remove_moderator",
  "answer_contact",
  "close_contact",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = {
  communityId: string | null;
  actorId: string;
  action: AuditAction;
  caseId?: string | null;
  targetKind?: string | null;
  targetId?: string | null;
  subjectId?: string | null;
  reason: string;
  until?: number | null;
};

/**
 * The audit row's insert, only while `guard` holds (the action's own condition: the case it handled, the removal
 * it wrote), so the log never tells of an action that did not happen. For the action's batch.
 */
export function auditInsert(db: Db, entry: AuditEntry, now: number, guard: SQL = sql`1`) {
  // Columns in table order: id, community_id, actor_id, action, case_id, target_kind, target_id, subject_id, reason, until, created_at.
  return db.insert(moderationActions).select(
    sql`SELECT ${crypto.randomUUID()}, ${entry.communityId}, ${entry.actorId}, ${entry.action}, ${entry.caseId ?? null},
      ${entry.targetKind ?? null}, ${entry.targetId ?? null}, ${entry.subjectId ?? null}, ${entry.reason}, ${entry.until ?? null}, ${now}
      WHERE ${guard}`,
  );
}

export const AUDIT_PAGE_SIZE = 30;

export type AuditView = {
  id: string;
  at: string;
  communityId: string | null;
  communityName: string | null;
  actorName: string;
  action: AuditAction;
  /** What it was about: the reported item's kind and title, when the action handled a report. */
  item: { kind: ReportItemKind; title: string | null; url: string } | null;
  subjectName: string | null;
  reason: string;
  until: string | null;
};

const actor = alias(users, "actor");
const subject = alias(users, "subject");

/** One page of the log `actorId` may read: `realm` narrows it (a realm id, or "site" for entries without one). */
export async function listAudit(
  db: Db,
  actorId: string,
  filter: { realm: string | "site" | null; cursor?: string },
): Promise<{ entries: AuditView[]; nextCursor: string | null }> {
  const after = filter.cursor ? decodeCursor(filter.cursor, timeIdKey) : null;
  if (filter.cursor && !after) throw invalid("Invalid cursor");
  const facts = toModeratorFacts(actorId, await roleFactsQuery(db, actorId).get());
  const scope = queueScope(facts);
  if (!scope) throw forbidden("Only moderators and administrators read the audit log");
  let where: SQL | undefined;
  if (filter.realm === "site") {
    if (!can(facts, "read_queue", { communityId: null })) throw forbidden("Only administrators read the site-wide entries");
    where = isNull(moderationActions.communityId);
  } else if (filter.realm) {
    if (!can(facts, "read_queue", { communityId: filter.realm })) throw forbidden("You do not moderate this realm");
    where = eq(moderationActions.communityId, filter.realm);
  } else if (!("all" in scope)) {
    where = inArray(moderationActions.communityId, [...scope.realms]);
  }
  const conditions = [where];
  if (after) {
    const [at, id] = after;
    conditions.push(
      or(sql`${moderationActions.createdAt} < ${at}`, and(eq(moderationActions.createdAt, at), sql`${moderationActions.id} < ${id}`)),
    );
  }
  const rows = await db
    .select({
      id: moderationActions.id,
      createdAt: moderationActions.createdAt,
      communityId: moderationActions.communityId,
      communityName: communities.displayName,
      action: moderationActions.action,
      reason: moderationActions.reason,
      until: moderationActions.until,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorUsername: actor.username,
      subjectId: moderationActions.subjectId,
      subjectFirstName: subject.firstName,
      subjectLastName: subject.lastName,
      subjectUsername: subject.username,
      caseKind: reportCases.itemKind,
      caseSnapshot: reportCases.snapshot,
    })
    .from(moderationActions)
    .leftJoin(communities, eq(communities.id, moderationActions.communityId))
    .leftJoin(actor, eq(actor.id, moderationActions.actorId))
    .leftJoin(subject, eq(subject.id, moderationActions.subjectId))
    .leftJoin(reportCases, eq(reportCases.id, moderationActions.caseId))
    .where(and(...conditions))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, AUDIT_PAGE_SIZE, (r) => [r.createdAt, r.id]);
  return {
    entries: page.map((r) => {
      const snapshot = r.caseSnapshot as ReportSnapshot | null;
      return {
        id: r.id,
        at: new Date(r.createdAt).toISOString(),
        communityId: r.communityId,
        communityName: r.communityName,
        actorName: displayName({ firstName: r.actorFirstName, lastName: r.actorLastName, username: r.actorUsername }, "A former member"),
        action: r.action as AuditAction,
        item: r.caseKind && snapshot ? { kind: r.caseKind, title: snapshot.title, url: snapshot.url } : null,
        subjectName: r.subjectId
          ? displayName({ firstName: r.subjectFirstName, lastName: r.subjectLastName, username: r.subjectUsername })
          : (snapshot?.subjectName ?? null),
        reason: r.reason,
        until: r.until === null ? null : new Date(r.until).toISOString(),
      };
    }),
    nextCursor,
  };
}
