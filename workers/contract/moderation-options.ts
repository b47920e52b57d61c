// Plain values without zod (issue 38), so the report dialog and the moderation pages read them without zod's weight.

/** What a member can report, as the API and the forms name it. */
export const REPORT_ITEM_KINDS = ["forum_post", "forum_reply", "chat_message", "room", "event", "tournament", "profile"] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

/** The short list of reasons a member picks from, with the words the forms and the queue show. */
export const REPORT_REASONS = ["spam", "harassment", "hateful", "cheating", "inappropriate_name_or_picture", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment",
  hateful: "Hateful content",
  cheating: "Cheating or collusion",
  inappropriate_name_or_picture: "Inappropriate name or picture",
  other: "Something else",
};

/** "the post", "the chat message": how a form names the item it reports. */
export const REPORT_ITEM_LABELS: Record<ReportItemKind, string> = {
  forum_post: "post",
  forum_reply: "reply",
  chat_message: "chat message",
  room: "room",
  event: "event",
  tournament: "tournament",
  profile: "profile",
};

/** A report's note, at most this long (the text rules of workers/contract/text.ts apply). */
export const REPORT_NOTE_MAX = 500;
/** A moderator's reason for an action, at most this long: the member it is about reads it. */
export const MODERATION_REASON_MAX = 500;

/** How long a removal from a realm lasts: a number of days, or for good. */
export const REMOVAL_PERIODS = ["1", "7", "30", "forever"] as const;
export type RemovalPeriod = (typeof REMOVAL_PERIODS)[number];
export const REMOVAL_PERIOD_LABELS: Record<RemovalPeriod, string> = {
  "1": "1 day",
  "7": "7 days",
  "30": "30 days",
  forever: "For good",
};

/** When a removal or suspension of `period` taken at `now` ends (epoch ms), or null for good. */
export function periodEnd(period: RemovalPeriod, now: number): number | null {
  return period === "forever" ? null : now + Number(period) * 24 * 60 * 60_000;
}

/** What the close of a suspended member's socket and their sign-in say (the reason follows). */
export const SUSPENDED_TEXT = "This account is suspended.";
/** What a member removed from a realm is told when they try to act in it. */
export const REMOVED_FROM_REALM_TEXT = "A moderator removed you from this realm.";

/** The contact inbox's answer cannot be e-mailed: none is configured today (the answer is kept and shown). */
export const NO_EMAIL_SERVICE_TEXT =
  "No e-mail service is configured, so answers are not sent: the message is marked answered and the answer is kept here.";
