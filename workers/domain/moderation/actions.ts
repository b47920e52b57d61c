/**
 * The queue's actions on a report case (issue 38): dismiss it, hide the post or reply, lock the thread, end the
 * room, remove the member from the realm for a period or for good, suspend the account (administrators). Each is
 * asked of the role rule (./roles.ts) with the facts of the actor and of the member the case is about, then written
 * in ONE batch: the case marked handled (only while it is open, so two moderators cannot both act), the change, the
 * audit entry, the notice to that member and the reporters' notices, every statement after the first guarded by
 * it. What lives outside D1 follows the batch: the room ended, the member's places in rooms ended and their sockets
 * closed with the reason (the room service, ../rooms.ts).
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { periodEnd } from "../../contract/moderation-options";
import type { ModerationCommand, ReportSnapshot } from "../../contract/moderation";
import type { Db } from "../../db/client";
import {
  forumPosts,
  forumReplies,
  gameSessions,
  memberSuspensions,
  notifications,
  realmRemovals,
  reportCases,
  tournamentParticipants,
  tournaments,
  userCommunities,
} from "../../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { endPlaces, endRoomByModerator, openRoomsOf } from "../rooms/rooms";
import { auditInsert, type AuditAction } from "./audit";
import { roleFactsQuery, toModeratorFacts, toSubjectFacts } from "./facts";
import { actionNotice, noticeInsert, reportReviewedNotice, type Notice } from "./notices";
import { casesQuery, toCaseView, type CaseActions, type CaseRow } from "./queue";
import { can, type ModerationAction } from "./roles";

type Intent = ModerationCommand["intent"];

/** Each intent's question to the role rule, and the queue's flag for whether it can be done to this case now. */
const RULES: Record<Intent, { action: ModerationAction; flag: keyof CaseActions; audit: AuditAction; done: string }> = {
  dismiss: { action: "dismiss_report", flag: "dismiss", audit: "dismiss", done: "Report dismissed" },
  hide: { action: "hide_content", flag: "hide", audit: "hide", done: "Hidden from everyone but its author" },
  lock: { action: "lock_thread", flag: "lock", audit: "lock", done: "Thread locked" },
  end_room: { action: "end_room", flag: "endRoom", audit: "end_room", done: "Room ended" },
  remove_member: { action: "remove_member", flag: "removeMember", audit: "remove_member", done: "Member removed from the realm" },
  suspend: { action: "suspend_account", flag: "suspend", audit: "suspend", done: "Account suspended" },
};

/** True while the case is the one this call handled: every write after the first reads it. */
const handledBy = (caseId: string, actorId: string, now: number): SQL =>
  sql`EXISTS (SELECT 1 FROM report_cases hc WHERE hc.id = ${caseId} AND hc.handled_by = ${actorId} AND hc.handled_at = ${now})`;

/** Every reporter of the case told it was reviewed (one row each), only while `guard` holds. */
function reportersNotice(db: Db, caseId: string, notice: Notice, now: number, guard: SQL) {
  return db.insert(notifications).select(
    sql`SELECT lower(hex(randomblob(16))), r.reporter_id, 'system', ${notice.title}, ${notice.message}, ${notice.actionUrl}, 0, ${now}
        FROM reports r WHERE r.case_id = ${caseId} AND ${guard}`,
  );
}

/** A realm's tournaments in one state, as a subquery. */
const realmTournaments = (db: Db, communityId: string, status: "upcoming" | "active") =>
  db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.communityId, communityId), eq(tournaments.status, status)));

/** The post a case's forum item is in: the post itself, or a reply's post. */
const postOf = (row: CaseRow) =>
  row.kind === "forum_post" ? sql`${row.itemId}` : sql`(SELECT fr.post_id FROM forum_replies fr WHERE fr.id = ${row.itemId})`;

/** The writes of the action itself (beyond the case, the log and the notices), each guarded. */
function effectWrites(db: Db, command: ModerationCommand, row: CaseRow, actorId: string, until: number | null, now: number, guard: SQL) {
  const subjectId = row.subjectId ?? "";
  switch (command.intent) {
    case "dismiss":
    case "end_room":
      return [];
    case "hide":
      if (row.kind === "forum_post") {
        return [
          db
            .update(forumPosts)
            .set({ hiddenAt: now, hiddenReason: command.reason })
            .where(and(eq(forumPosts.id, row.itemId), sql`${forumPosts.hiddenAt} IS NULL`, guard)),
        ];
      }
      return [
        db
          .update(forumReplies)
          .set({ hiddenAt: now, hiddenReason: command.reason })
          .where(and(eq(forumReplies.id, row.itemId), sql`${forumReplies.hiddenAt} IS NULL`, guard)),
        // The post's reply count is what everyone sees (forum-visibility.ts): a hidden reply leaves it.
        db
          .update(forumPosts)
          .set({
            replyCount: sql`(SELECT count(*) FROM forum_replies c WHERE c.post_id = forum_posts.id AND c.hidden_at IS NULL)`,
          })
          .where(and(sql`${forumPosts.id} = ${postOf(row)}`, guard)),
      ];
    case "lock":
      return [
        db
          .update(forumPosts)
          .set({ lockedAt: now, lockedReason: command.reason })
          .where(and(sql`${forumPosts.id} = ${postOf(row)}`, sql`${forumPosts.lockedAt} IS NULL`, guard)),
      ];
    case "remove_member": {
      const communityId = row.communityId ?? "";
      // A newer removal replaces an older one (its end and reason). Columns in table order.
      return [
        db
          .insert(realmRemovals)
          .select(sql`SELECT ${communityId}, ${subjectId}, ${until}, ${command.reason}, ${actorId}, ${now} WHERE ${guard}`)
          .onConflictDoUpdate({
            target: [realmRemovals.communityId, realmRemovals.userId],
            set: { until, reason: command.reason, removedBy: actorId, createdAt: now },
          }),
        // Out of the realm: its membership goes, as do places in its tournaments not yet started; a running one drops them.
        db.delete(userCommunities).where(and(eq(userCommunities.userId, subjectId), eq(userCommunities.communityId, communityId), guard)),
        db
          .delete(tournamentParticipants)
          .where(
            and(
              eq(tournamentParticipants.userId, subjectId),
              guard,
              inArray(tournamentParticipants.tournamentId, realmTournaments(db, communityId, "upcoming")),
            ),
          ),
        db
          .update(tournamentParticipants)
          .set({ droppedAt: now })
          .where(
            and(
              eq(tournamentParticipants.userId, subjectId),
              isNull(tournamentParticipants.droppedAt),
              guard,
              inArray(tournamentParticipants.tournamentId, realmTournaments(db, communityId, "active")),
            ),
          ),
      ];
    }
    case "suspend":
      return [
        db
          .insert(memberSuspensions)
          .select(sql`SELECT ${subjectId}, ${until}, ${command.reason}, ${actorId}, ${now} WHERE ${guard}`)
          .onConflictDoUpdate({
            target: memberSuspensions.userId,
            set: { until, reason: command.reason, suspendedBy: actorId, createdAt: now },
          }),
      ];
  }
}

/** The notice of the member the case is about, for the actions that change something of theirs. */
function subjectNotice(command: ModerationCommand, row: CaseRow, until: number | null): Notice | null {
  const snapshot = row.snapshot as ReportSnapshot;
  switch (command.intent) {
    case "dismiss":
      return null;
    case "hide":
    case "lock":
    case "end_room":
      return actionNotice({ action: command.intent, kind: row.kind, snapshot, reason: command.reason });
    case "remove_member":
      return actionNotice({ action: "remove_member", realmName: row.communityName ?? "the realm", until, reason: command.reason });
    case "suspend":
      return actionNotice({ action: "suspend", until, reason: command.reason });
  }
}

export type ModerationOutcome = { message: string };

/**
 * Takes `command` on its case as `actorId`: 404 for no such case, 409 when it was handled already (or the item
 * cannot take the action any more: hidden already, the room over), 403 when the role rule says no. Three D1 round
 * trips (the facts and the case; the batch; the rooms' reads), plus the rooms told.
 */
export async function moderateCase(
  env: Env,
  db: Db,
  actorId: string,
  command: ModerationCommand,
  now = Date.now(),
): Promise<ModerationOutcome> {
  const [facts, cases] = await db.batch([roleFactsQuery(db, actorId), casesQuery(db, eq(reportCases.id, command.caseId))]);
  const row = cases[0];
  if (!row) throw notFound("No such report");
  const actor = toModeratorFacts(actorId, facts[0]);
  const rule = RULES[command.intent];
  const subject = row.subjectId ? toSubjectFacts(row.subjectId, row.subject) : null;
  if (!can(actor, rule.action, { communityId: row.communityId, subject })) throw forbidden("You may not do this to this report");
  if (row.status !== "open") throw conflict("This report was already handled");
  if (!toCaseView(actor, row).actions[rule.flag]) throw conflict("This cannot be done to this item now");

  const until = command.intent === "remove_member" || command.intent === "suspend" ? periodEnd(command.period, now) : null;
  const reason = "reason" in command ? command.reason : (command.note ?? "Dismissed");
  const guard = handledBy(row.id, actorId, now);
  const notice = subjectNotice(command, row, until);
  const subjectId = row.subjectId;
  // The rooms the member loses their place in: the realm's (a removal) or every one (a suspension).
  const roomsRead =
    command.intent === "remove_member" && subjectId
      ? [openRoomsOf(db, subjectId, eq(gameSessions.communityId, row.communityId ?? ""))]
      : command.intent === "suspend" && subjectId
        ? [openRoomsOf(db, subjectId)]
        : [];
  const [handled, ...rest] = await db.batch([
    db
      .update(reportCases)
      .set({ status: command.intent === "dismiss" ? "dismissed" : "actioned", handledBy: actorId, handledAt: now })
      .where(and(eq(reportCases.id, row.id), eq(reportCases.status, "open")))
      .returning({ id: reportCases.id }),
    ...effectWrites(db, command, row, actorId, until, now, guard),
    auditInsert(
      db,
      {
        communityId: command.intent === "suspend" ? null : row.communityId,
        actorId,
        action: rule.audit,
        caseId: row.id,
        targetKind: row.kind,
        targetId: row.itemId,
        subjectId,
        reason,
        until,
      },
      now,
      guard,
    ),
    ...(notice && subjectId ? [noticeInsert(db, subjectId, notice, now, guard)] : []),
    reportersNotice(db, row.id, reportReviewedNotice(row.kind, row.snapshot as ReportSnapshot), now, guard),
    ...roomsRead,
  ]);
  if (handled.length === 0) throw conflict("This report was already handled");

  if (command.intent === "end_room" && row.roomId) await endRoomByModerator(env, db, row.roomId, reason);
  if (roomsRead.length > 0 && subjectId) {
    const rooms = rest.at(-1) as { id: string }[];
    const end = command.intent === "suspend" ? ({ how: "suspended", reason } as const) : ({ how: "removed_from_realm", reason } as const);
    await endPlaces(
      env,
      db,
      rooms.map((r) => r.id),
      subjectId,
      end,
    );
  }
  return { message: rule.done };
}
