/**
 * What members are told of moderation (issue 38), as notifications: the member an action is about learns what was
 * done and why; a reporter learns only that their report was reviewed, never what was done to someone else (that
 * member's standing is between them and the moderators, and a reporter who learned it could use reports to
 * pressure or to probe; docs/decisions/2026-11-27-moderation.md). The wording is pure, unit-tested beside it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { REPORT_ITEM_LABELS, type ReportItemKind } from "../../contract/moderation-options";
import type { ReportSnapshot } from "../../contract/moderation";
import { untilText } from "./standing";

export type Notice = { title: string; message: string; actionUrl: string | null };

/** How a notice names an item: `the post "Title"`, `a chat message in "Room"`, `your profile`. */
export function itemPhrase(kind: ReportItemKind, snapshot: Pick<ReportSnapshot, "title">, own = false): string {
  const noun = REPORT_ITEM_LABELS[kind];
  const title = snapshot.title ? `"${snapshot.title}"` : null;
  if (kind === "profile") return own ? "your profile" : "a profile";
  if (kind === "forum_reply" || kind === "chat_message") {
    const where = title ? ` in ${title}` : "";
    return `${own ? "your" : "a"} ${noun}${where}`;
  }
  return `${own ? "your" : "the"} ${noun}${title ? ` ${title}` : ""}`;
}

/** A reporter's notice: reviewed, and nothing of the outcome. */
export function reportReviewedNotice(kind: ReportItemKind, snapshot: ReportSnapshot): Notice {
  return {
    title: "Your report was reviewed",
    message: `A moderator reviewed your report about ${itemPhrase(kind, snapshot)}. Thank you for helping keep the community welcoming.`,
    actionUrl: null,
  };
}

export type ActionNoticeInput =
  | { action: "hide" | "lock" | "end_room"; kind: ReportItemKind; snapshot: ReportSnapshot; reason: string }
  | { action: "remove_member"; realmName: string; until: number | null; reason: string }
  | { action: "suspend"; until: number | null; reason: string };

/** The notice of the member an action is about: what was done and why. */
export function actionNotice(input: ActionNoticeInput): Notice {
  const why = `Reason: ${input.reason}`;
  switch (input.action) {
    case "hide":
      return {
        title: `A moderator hid ${itemPhrase(input.kind, input.snapshot, true)}`,
        message: `Other members no longer see it; you still do, marked hidden. ${why}`,
        actionUrl: input.snapshot.url,
      };
    case "lock":
      return {
        title: `A moderator locked your thread${input.snapshot.title ? ` "${input.snapshot.title}"` : ""}`,
        message: `Nobody can reply to it any more. ${why}`,
        actionUrl: input.snapshot.url,
      };
    case "end_room":
      return {
        title: "A moderator ended a room",
        message: `The room${input.snapshot.title ? ` "${input.snapshot.title}"` : ""} was ended after a report about ${itemPhrase(input.kind, input.snapshot, true)}. ${why}`,
        actionUrl: null,
      };
    case "remove_member":
      return {
        title: `You were removed from ${input.realmName}`,
        message: `A moderator removed you from ${input.realmName} ${untilText(input.until)}: you cannot post, join rooms, events or tournaments there. ${why}`,
        actionUrl: null,
      };
    case "suspend":
      return {
        title: "Your account is suspended",
        message: `An administrator suspended your account ${untilText(input.until)}. ${why}`,
        actionUrl: null,
      };
  }
}

/**
 * A notice's insert, only while `guard` holds (the action's own condition), for the action's batch. Columns in
 * table order: id, user_id, type, title, message, action_url, read, created_at.
 */
export function noticeInsert(db: Db, userId: string, notice: Notice, now: number, guard: SQL) {
  return db
    .insert(notifications)
    .select(
      sql`SELECT ${crypto.randomUUID()}, ${userId}, 'system', ${notice.title}, ${notice.message}, ${notice.actionUrl}, 0, ${now} WHERE ${guard}`,
    );
}
