/**
 * Filing a report (issue 38): any member reports a forum post or reply, a chat line, a room, an event, a tournament
 * or a profile, with a reason from the short list and an optional note. Reports of one item while it is open join
 * one case (the moderators' queue shows each item once, with every reporter's reason); a member reports an item
 * once (a second time is a 409); reports are limited per member and per item (rate-limit-rules.ts `report`,
 * `reportItem`). Three D1 round trips: the item with both limits' hits, then the case and the report in one batch
 * (a chat line also asks its room for the line).
 */
import { and, eq, sql } from "drizzle-orm";
import { REPORT_ITEM_LABELS } from "../../contract/moderation-options";
import type { ReportBody, ReportReceipt } from "../../contract/moderation";
import type { Db } from "../../db/client";
import { reportCases, reports } from "../../db/schema";
import { conflict } from "../errors";
import { hitOutcome, rateLimitHit, refuseOverLimit } from "../rate-limit";
import { RATE_LIMITS } from "../rate-limit-rules";
import { readReportedItem } from "./report-items";

/** What the reporter is told: the report reached the moderators, and nothing about what they will do. */
export const REPORT_RECEIVED = "Thanks for the report. A moderator will review it.";
export const ALREADY_REPORTED = "You already reported this. A moderator will review it.";

/** The open case of an item, as SQL (the partial unique index: one open case per item). */
const openCaseOf = (kind: string, itemId: string) =>
  sql`(SELECT rc.id FROM report_cases rc WHERE rc.item_kind = ${kind} AND rc.item_id = ${itemId} AND rc.status = 'open')`;

export async function fileReport(env: Env, db: Db, reporterId: string, body: ReportBody, now = Date.now()): Promise<ReportReceipt> {
  const member = RATE_LIMITS.report;
  const item = RATE_LIMITS.reportItem;
  // Both limits count in one round trip, before the item is read: a refused report reads nothing else.
  const [memberHit, itemHit] = await db.batch([
    rateLimitHit(db, `report:${reporterId}`, member.windowMs, now),
    rateLimitHit(db, `reportItem:${body.kind}:${body.id}`, item.windowMs, now),
  ]);
  refuseOverLimit("report", hitOutcome(memberHit[0], member.limit, member.windowMs, now));
  refuseOverLimit("reportItem", hitOutcome(itemHit[0], item.limit, item.windowMs, now));
  const reported = await readReportedItem(env, db, body, reporterId);
  const reportId = crypto.randomUUID();
  const [, inserted, , openCase] = await db.batch([
    // A new case unless the item has an open one (the partial unique index decides, whatever runs at the same time).
    db
      .insert(reportCases)
      .values({
        id: crypto.randomUUID(),
        communityId: reported.communityId,
        itemKind: body.kind,
        itemId: body.id,
        roomId: reported.roomId,
        subjectId: reported.subjectId,
        snapshot: reported.snapshot,
        lastReportedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing(),
    // One report per member and case (reports_case_reporter_unique).
    db
      .insert(reports)
      .select(sql`SELECT ${reportId}, ${openCaseOf(body.kind, body.id)}, ${reporterId}, ${body.reason}, ${body.note ?? null}, ${now}`)
      .onConflictDoNothing()
      .returning({ id: reports.id }),
    db
      .update(reportCases)
      .set({ lastReportedAt: now })
      .where(and(eq(reportCases.itemKind, body.kind), eq(reportCases.itemId, body.id), eq(reportCases.status, "open"))),
    db
      .select({ id: reportCases.id })
      .from(reportCases)
      .where(and(eq(reportCases.itemKind, body.kind), eq(reportCases.itemId, body.id), eq(reportCases.status, "open"))),
  ]);
  if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
  return { id: reportId, caseId: openCase[0]?.id ?? "", message: REPORT_RECEIVED };
}

/** "the post", "a chat message": how a notice names a case's item. */
export const itemNoun = (kind: keyof typeof REPORT_ITEM_LABELS) => REPORT_ITEM_LABELS[kind];
