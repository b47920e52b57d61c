import { z } from "../lib/zod";
import { cursorParam } from "./cursor";
import { MODERATION_REASON_MAX, REMOVAL_PERIODS, REPORT_ITEM_KINDS, REPORT_NOTE_MAX, REPORT_REASONS } from "./moderation-options";
import { multiLine } from "./text";

/**
 * Reports and moderation (issue 38): what the API and the pages' forms take and answer. The words and lists live
 * in ./moderation-options (no zod), the rules in workers/domain/moderation/.
 */

const id = z.string().trim().min(1).max(64);

export const reportItemKind = z.enum(REPORT_ITEM_KINDS, { error: "Choose what to report" });
export const reportReason = z.enum(REPORT_REASONS, { error: "Choose a reason" });

/** A report's optional note: empty means none. */
const note = multiLine({ max: REPORT_NOTE_MAX, tooLong: `The note must be at most ${REPORT_NOTE_MAX} characters` })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * `POST /api/reports` and the report form: the item (`kind` and `id`; a chat message also names its room, whose
 * history keeps the line's id and text), a reason from the list and an optional note.
 */
export const reportBody = z
  .object({
    kind: reportItemKind,
    id,
    roomId: id.optional().describe("The room of a chat message (required for chat_message, ignored otherwise)"),
    reason: reportReason,
    note,
  })
  .superRefine((body, ctx) => {
    if (body.kind === "chat_message" && !body.roomId) {
      ctx.addIssue({ code: "custom", path: ["roomId"], message: "A chat message is reported with its room" });
    }
  });
export type ReportBody = z.infer<typeof reportBody>;

export const reportReceipt = z.object({
  id: z.string(),
  caseId: z.string(),
  message: z.string().describe("What the member is told: moderators will review it"),
});
export type ReportReceipt = z.infer<typeof reportReceipt>;

/** A moderator's reason: required, shown to the member the action is about. */
export const moderationReason = multiLine({
  min: 1,
  max: MODERATION_REASON_MAX,
  required: "Say why: the member is told",
  tooLong: `At most ${MODERATION_REASON_MAX} characters`,
});

const removalPeriod = z.enum(REMOVAL_PERIODS, { error: "Choose how long" });

/** The actions of the queue and the other moderation pages, one `intent` each (forms and tests send the same). */
export const moderationCommand = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), caseId: id, note: note }),
  z.object({ intent: z.literal("hide"), caseId: id, reason: moderationReason }),
  z.object({ intent: z.literal("lock"), caseId: id, reason: moderationReason }),
  z.object({ intent: z.literal("end_room"), caseId: id, reason: moderationReason }),
  z.object({ intent: z.literal("remove_member"), caseId: id, period: removalPeriod, reason: moderationReason }),
  z.object({ intent: z.literal("suspend"), caseId: id, period: removalPeriod, reason: moderationReason }),
]);
export type ModerationCommand = z.infer<typeof moderationCommand>;

/** Undoing: a hidden post or reply shown again, a lock lifted, a removal or a suspension ended early. */
export const moderationUndo = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reinstate_member"), communityId: id, memberId: id, reason: moderationReason }),
  z.object({ intent: z.literal("lift_suspension"), memberId: id, reason: moderationReason }),
]);
export type ModerationUndo = z.infer<typeof moderationUndo>;

/** Appointing a moderator: the member is named by their profile link or id. */
export const moderatorAppointment = z.object({
  communityId: id,
  member: z
    .string()
    .trim()
    .min(1, "Paste the member's profile link or id")
    .max(300)
    .transform((value) => value.replace(/\/+$/, "").split("/").at(-1) ?? value),
});

export const contactAnswer = z.object({
  messageId: id,
  answer: multiLine({ min: 1, max: 5_000, required: "Write the answer", tooLong: "At most 5000 characters" }),
});

export const queueQuery = z.object({ realm: id.optional(), cursor: cursorParam.optional() });

/** What a report case keeps of its item, as it was when first reported (kept whatever happens to the item). */
export const reportSnapshot = z.object({
  /** The post's title (a reply's: its post's), the room's, event's or tournament's name; null for a profile or a chat line. */
  title: z.string().nullable(),
  /** The text reported: the post, reply or chat line, a description, a profile's bio. */
  text: z.string(),
  /** The member it is by, as named then. */
  subjectName: z.string().nullable(),
  /** Where it is (or was) on the site. */
  url: z.string(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshot>;
