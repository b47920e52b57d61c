/**
 * The moderation queue (issue 38): open report cases, one per reported item, newest report first, with the item's
 * text as reported, every reporter's reason and note, what has happened to the item since, and which actions the
 * reading moderator may take on it (the role rule, ./roles.ts). A realm's moderators read their realms' cases;
 * administrators read every realm's and the site-wide ones (profiles). Two D1 round trips per page (the reader's
 * facts, then the cases), 20 cases a page on the (community_id, status, last_reported_at) index.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import type { ReportItemKind, ReportReason } from "../../contract/moderation-options";
import type { ReportSnapshot } from "../../contract/moderation";
import type { Db } from "../../db/client";
import { communities, reportCases, users } from "../../db/schema";
import { decodeCursor, pageOf, timeIdKey } from "../cursor";
import { forbidden, invalid } from "../errors";
import { roleColumns, roleFactsQuery, toModeratorFacts, toSubjectFacts } from "./facts";
import { can, queueScope, type ModeratorFacts } from "./roles";
import { removedFromRealm } from "./standing";

export const QUEUE_PAGE_SIZE = 20;
/** A case shows at most this many of its reports (the count says how many there are). */
const REPORTS_SHOWN = 50;

/** Which cases a page lists: one realm, the site-wide ones (profiles), or all the reader may see. */
export type QueueFilter = { realm: string | "site" | null; cursor?: string };

export type CaseReport = { reason: ReportReason; note: string | null; reporterName: string; at: string };

/** What each action of the queue would do to this case, if the reader may take it. */
export type CaseActions = { dismiss: boolean; hide: boolean; lock: boolean; endRoom: boolean; removeMember: boolean; suspend: boolean };

export type CaseView = {
  id: string;
  kind: ReportItemKind;
  itemId: string;
  communityId: string | null;
  communityName: string | null;
  snapshot: ReportSnapshot;
  subject: { id: string; name: string } | null;
  reports: CaseReport[];
  reportCount: number;
  openedAt: string;
  lastReportedAt: string;
  /** What is true of the item and its member now (the snapshot is what was reported). */
  state: { hidden: boolean; locked: boolean; roomOpen: boolean; subjectRemoved: boolean; subjectSuspended: boolean };
  actions: CaseActions;
};

export type QueuePage = { cases: CaseView[]; nextCursor: string | null };

/** The room a case is about: a room's own id, or a chat line's room. */
const caseRoom = sql<
  string | null
>`coalesce(${reportCases.roomId}, CASE WHEN ${reportCases.itemKind} = 'room' THEN ${reportCases.itemId} END)`;

/** The item's state now, as SQL per kind (null where the kind has no such state). */
const itemState = {
  hidden: sql<number | null>`CASE ${reportCases.itemKind}
    WHEN 'forum_post' THEN (SELECT p.hidden_at IS NOT NULL FROM forum_posts p WHERE p.id = ${reportCases.itemId})
    WHEN 'forum_reply' THEN (SELECT r.hidden_at IS NOT NULL FROM forum_replies r WHERE r.id = ${reportCases.itemId}) END`,
  locked: sql<number | null>`CASE ${reportCases.itemKind}
    WHEN 'forum_post' THEN (SELECT p.locked_at IS NOT NULL FROM forum_posts p WHERE p.id = ${reportCases.itemId})
    WHEN 'forum_reply' THEN (SELECT p.locked_at IS NOT NULL FROM forum_replies r JOIN forum_posts p ON p.id = r.post_id WHERE r.id = ${reportCases.itemId}) END`,
  /** Whether the item (a post or reply) still exists: a deleted one can no longer be hidden or locked. */
  present: sql<number | null>`CASE ${reportCases.itemKind}
    WHEN 'forum_post' THEN EXISTS (SELECT 1 FROM forum_posts p WHERE p.id = ${reportCases.itemId})
    WHEN 'forum_reply' THEN EXISTS (SELECT 1 FROM forum_replies r WHERE r.id = ${reportCases.itemId}) END`,
  roomOpen: sql<number | null>`(SELECT g.status <> 'completed' FROM game_sessions g WHERE g.id = ${caseRoom})`,
};

/** The reports of a case, oldest first, as JSON (one subquery per case, on the reports' (case_id, reporter_id) index). */
const reportsJson = sql<string>`(SELECT json_group_array(json_object('reason', x.reason, 'note', x.note, 'at', x.created_at,
    'firstName', x.first_name, 'lastName', x.last_name, 'username', x.username))
  FROM (SELECT r.reason, r.note, r.created_at, u.first_name, u.last_name, u.username FROM reports r
    LEFT JOIN users u ON u.id = r.reporter_id WHERE r.case_id = ${reportCases.id} ORDER BY r.created_at LIMIT ${REPORTS_SHOWN}) x)`;

/** Every column a case view is built from: the case, its realm, its member's names, roles and standing, the item now. */
function caseColumns() {
  return {
    id: reportCases.id,
    kind: reportCases.itemKind,
    itemId: reportCases.itemId,
    communityId: reportCases.communityId,
    communityName: communities.displayName,
    snapshot: reportCases.snapshot,
    status: reportCases.status,
    subjectId: reportCases.subjectId,
    subjectFirstName: users.firstName,
    subjectLastName: users.lastName,
    subjectUsername: users.username,
    subject: roleColumns(reportCases.subjectId),
    subjectRemoved: removedFromRealm(reportCases.subjectId, reportCases.communityId),
    reports: reportsJson,
    reportCount: sql<number>`(SELECT count(*) FROM reports r WHERE r.case_id = ${reportCases.id})`,
    createdAt: reportCases.createdAt,
    lastReportedAt: reportCases.lastReportedAt,
    roomId: caseRoom,
    ...itemState,
  };
}

/** The statement reading cases (for a batch): `where` picks them. */
export function casesQuery(db: Db, where: SQL | undefined) {
  return db
    .select(caseColumns())
    .from(reportCases)
    .leftJoin(communities, eq(communities.id, reportCases.communityId))
    .leftJoin(users, eq(users.id, reportCases.subjectId))
    .where(where);
}
export type CaseRow = Awaited<ReturnType<ReturnType<typeof casesQuery>["all"]>>[number];

const flag = (value: unknown) => Boolean(Number(value ?? 0));

/** The actions `actor` may take on a case, given what it is about and what is true of it now. */
function actionsOn(actor: ModeratorFacts, row: CaseRow, state: CaseView["state"]): CaseActions {
  const subject = row.subjectId ? toSubjectFacts(row.subjectId, row.subject) : null;
  const target = { communityId: row.communityId, subject };
  const forum = row.kind === "forum_post" || row.kind === "forum_reply";
  const present = flag(row.present);
  return {
    dismiss: can(actor, "dismiss_report", target),
    hide: forum && present && !state.hidden && can(actor, "hide_content", target),
    lock: forum && present && !state.locked && can(actor, "lock_thread", target),
    endRoom: (row.kind === "room" || row.kind === "chat_message") && state.roomOpen && can(actor, "end_room", target),
    removeMember: subject !== null && row.communityId !== null && !state.subjectRemoved && can(actor, "remove_member", target),
    suspend: subject !== null && !state.subjectSuspended && can(actor, "suspend_account", target),
  };
}

function parseReports(json: string | null): CaseReport[] {
  const rows = JSON.parse(json ?? "[]") as {
    reason: ReportReason;
    note: string | null;
    at: number;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
  }[];
  return rows.map((r) => ({ reason: r.reason, note: r.note, reporterName: displayName(r), at: new Date(r.at).toISOString() }));
}

export function toCaseView(actor: ModeratorFacts, row: CaseRow): CaseView {
  const subjectFacts = row.subjectId ? toModeratorFacts(row.subjectId, row.subject) : null;
  const state = {
    hidden: flag(row.hidden),
    locked: flag(row.locked),
    roomOpen: flag(row.roomOpen),
    subjectRemoved: flag(row.subjectRemoved),
    subjectSuspended: subjectFacts?.suspended ?? false,
  };
  const snapshot = row.snapshot as ReportSnapshot;
  return {
    id: row.id,
    kind: row.kind,
    itemId: row.itemId,
    communityId: row.communityId,
    communityName: row.communityName,
    snapshot,
    subject: row.subjectId
      ? {
          id: row.subjectId,
          name: displayName(
            { firstName: row.subjectFirstName, lastName: row.subjectLastName, username: row.subjectUsername },
            snapshot.subjectName ?? "Member",
          ),
        }
      : null,
    reports: parseReports(row.reports),
    reportCount: Number(row.reportCount),
    openedAt: new Date(row.createdAt).toISOString(),
    lastReportedAt: new Date(row.lastReportedAt).toISOString(),
    state,
    actions: actionsOn(actor, row, state),
  };
}

/** Which cases `actor` may read under `filter`, as SQL; a filter beyond their reach is refused. */
function scopeCondition(actor: ModeratorFacts, filter: QueueFilter): SQL | undefined {
  const scope = queueScope(actor);
  if (!scope) throw forbidden("Only moderators and administrators can open the moderation queue");
  if (filter.realm === "site") {
    if (!can(actor, "read_queue", { communityId: null })) throw forbidden("Only administrators read the site-wide reports");
    return isNull(reportCases.communityId);
  }
  if (filter.realm) {
    if (!can(actor, "read_queue", { communityId: filter.realm })) throw forbidden("You do not moderate this realm");
    return eq(reportCases.communityId, filter.realm);
  }
  return "all" in scope ? undefined : inArray(reportCases.communityId, [...scope.realms]);
}

/** One page of the open cases `actorId` may read, newest report first. */
export async function listQueue(db: Db, actorId: string, filter: QueueFilter): Promise<QueuePage & { actor: ModeratorFacts }> {
  const after = filter.cursor ? decodeCursor(filter.cursor, timeIdKey) : null;
  if (filter.cursor && !after) throw invalid("Invalid cursor");
  const actor = toModeratorFacts(actorId, await roleFactsQuery(db, actorId).get());
  const scope = scopeCondition(actor, filter);
  const conditions = [eq(reportCases.status, "open"), scope];
  if (after) {
    const [at, id] = after;
    conditions.push(
      or(sql`${reportCases.lastReportedAt} < ${at}`, and(eq(reportCases.lastReportedAt, at), sql`${reportCases.id} < ${id}`)),
    );
  }
  const rows = await casesQuery(db, and(...conditions))
    .orderBy(desc(reportCases.lastReportedAt), desc(reportCases.id))
    .limit(QUEUE_PAGE_SIZE + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, QUEUE_PAGE_SIZE, (r) => [r.lastReportedAt, r.id]);
  return { actor, cases: page.map((row) => toCaseView(actor, row)), nextCursor };
}

/** Open cases `actor` may read, in all: the administrators' page and the queue's heading. One statement. */
export function openCaseCountQuery(db: Db, realms: readonly string[] | "all") {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(reportCases)
    .where(and(eq(reportCases.status, "open"), realms === "all" ? undefined : inArray(reportCases.communityId, [...realms])));
}
