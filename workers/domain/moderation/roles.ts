/**
 * Who may moderate what (issue 38): the ONE rule, `can(member, action, target)`. Pure over the facts it is given
 * (a loader gathers them: ./facts.ts), so every page, action and API route that moderates asks it the same way,
 * and each role × action has a unit test beside this file. Lint keeps the role tables out of every other module
 * (eslint.config.js, "roles"): a role is decided here or nowhere.
 *
 * Roles: site administrators (named by an operator's command, never by the product) may do everything; a realm's
 * moderators may act within their realm; every other member may only report. A suspended member may do nothing.
 */

/** What is known about the member who acts (./facts.ts loadModerator). */
export type ModeratorFacts = {
  memberId: string;
  siteAdmin: boolean;
  /** Realms the member moderates. */
  moderatorOf: readonly string[];
  suspended: boolean;
};

/** What is known about the member an action is about (the author, host, the member removed). */
export type SubjectFacts = {
  memberId: string;
  siteAdmin: boolean;
  moderatorOf: readonly string[];
};

export const MODERATION_ACTIONS = [
  /** Open the moderation area at all (the account menu's link). Target: none. */
  "open_moderation",
  /** File a report. Target: the item's realm (or none). */
  "report",
  /** Read a realm's queue and audit log (a null realm: site-wide cases, profiles). */
  "read_queue",
  "dismiss_report",
  "hide_content",
  "lock_thread",
  "end_room",
  "remove_member",
  "reinstate_member",
  "suspend_account",
  "lift_suspension",
  "appoint_moderator",
  "remove_moderator",
  "handle_contact",
  "read_operator_figures",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What an action is on: a thing in a realm (`communityId`), or site-wide (null), and whom it is about, if anyone. */
export type ModerationTarget = { communityId: string | null; subject?: SubjectFacts | null };

const NO_TARGET: ModerationTarget = { communityId: null };

/** Actions only administrators take, whatever the realm. */
const ADMIN_ONLY: ReadonlySet<ModerationAction> = new Set([
  "suspend_account",
  "lift_suspension",
  "handle_contact",
  "read_operator_figures",
]);

/** Actions against a member: nobody takes them against themselves or an administrator (an operator revokes one first). */
const AGAINST_A_MEMBER: ReadonlySet<ModerationAction> = new Set(["remove_member", "suspend_account"]);

/** Actions on a member's things or role: a moderator takes none of them against an administrator. */
const ON_A_MEMBER: ReadonlySet<ModerationAction> = new Set([
  "hide_content",
  "lock_thread",
  "end_room",
  "remove_member",
  "remove_moderator",
]);

const moderates = (facts: { moderatorOf: readonly string[] }, communityId: string | null) =>
  communityId !== null && facts.moderatorOf.includes(communityId);

export function can(member: ModeratorFacts | null, action: ModerationAction, target: ModerationTarget = NO_TARGET): boolean {
  if (!member || member.suspended) return false;
  if (action === "report") return true;
  const subject = target.subject ?? null;
  if (AGAINST_A_MEMBER.has(action) && subject && (subject.memberId === member.memberId || subject.siteAdmin)) return false;
  if (member.siteAdmin) return true;
  if (ADMIN_ONLY.has(action)) return false;
  if (action === "open_moderation") return member.moderatorOf.length > 0;
  if (!moderates(member, target.communityId)) return false;
  // Within their realm a moderator acts on everyone's things, an administrator's excepted; a fellow moderator
  // is removed from the realm only after losing the role (which any of the realm's moderators may take away).
  if (subject?.siteAdmin && ON_A_MEMBER.has(action)) return false;
  if (action === "remove_member" && subject && moderates(subject, target.communityId)) return false;
  return true;
}

/** The realms whose queue `member` reads: every realm's and the site-wide cases for an administrator. */
export function queueScope(member: ModeratorFacts | null): { all: true } | { realms: readonly string[] } | null {
  if (!member || member.suspended) return null;
  if (member.siteAdmin) return { all: true };
  return member.moderatorOf.length > 0 ? { realms: member.moderatorOf } : null;
}
