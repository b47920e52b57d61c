import { describe, expect, it } from "vitest";
import { can, MODERATION_ACTIONS, queueScope, type ModerationAction, type ModeratorFacts, type SubjectFacts } from "./roles";

const REALM = "duelcraft";
const OTHER_REALM = "bladeforge";

const facts = (over: Partial<ModeratorFacts> = {}): ModeratorFacts => ({
  memberId: crypto.randomUUID(),
  siteAdmin: false,
  moderatorOf: [],
  suspended: false,
  ...over,
});
const someone = (over: Partial<SubjectFacts> = {}): SubjectFacts => ({
  memberId: crypto.randomUUID(),
  siteAdmin: false,
  moderatorOf: [],
  ...over,
});

const ROLES = {
  member: facts(),
  moderator: facts({ moderatorOf: [REALM] }),
  otherRealmModerator: facts({ moderatorOf: [OTHER_REALM] }),
  admin: facts({ siteAdmin: true }),
  suspendedMember: facts({ suspended: true }),
  suspendedModerator: facts({ moderatorOf: [REALM], suspended: true }),
  suspendedAdmin: facts({ siteAdmin: true, suspended: true }),
} as const;
type Role = keyof typeof ROLES;

/**
 * Every role × action on a thing in REALM about an ordinary member: who may. A row per action, so a change of the
 * rule changes one visible line here.
 */
const EXPECTED: Record<ModerationAction, Role[]> = {
  open_moderation: ["moderator", "otherRealmModerator", "admin"],
  report: ["member", "moderator", "otherRealmModerator", "admin"],
  read_queue: ["moderator", "admin"],
  dismiss_report: ["moderator", "admin"],
  hide_content: ["moderator", "admin"],
  lock_thread: ["moderator", "admin"],
  end_room: ["moderator", "admin"],
  remove_member: ["moderator", "admin"],
  reinstate_member: ["moderator", "admin"],
  suspend_account: ["admin"],
  lift_suspension: ["admin"],
  appoint_moderator: ["moderator", "admin"],
  remove_moderator: ["moderator", "admin"],
  handle_contact: ["admin"],
  read_operator_figures: ["admin"],
};

describe("can(member, action, target)", () => {
  const target = { communityId: REALM, subject: someone() };
  for (const action of MODERATION_ACTIONS) {
    for (const role of Object.keys(ROLES) as Role[]) {
      const allowed = EXPECTED[action].includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(ROLES[role], action, target)).toBe(allowed);
      });
    }
  }

  it("a visitor (no member) may do nothing, not even report", () => {
    for (const action of MODERATION_ACTIONS) expect(can(null, action, target)).toBe(false);
  });

  it("site-wide things (a profile: no realm) are the administrators' alone", () => {
    const siteWide = { communityId: null, subject: someone() };
    for (const action of ["read_queue", "dismiss_report", "remove_member", "end_room"] as const) {
      expect(can(ROLES.moderator, action, siteWide)).toBe(false);
      expect(can(ROLES.admin, action, siteWide)).toBe(true);
    }
    expect(can(ROLES.member, "report", siteWide)).toBe(true);
  });

  it("nobody removes or suspends themselves, or an administrator", () => {
    const admin = ROLES.admin;
    const self = { memberId: admin.memberId, siteAdmin: true, moderatorOf: [] };
    expect(can(admin, "suspend_account", { communityId: null, subject: self })).toBe(false);
    expect(can(admin, "remove_member", { communityId: REALM, subject: self })).toBe(false);
    const otherAdmin = someone({ siteAdmin: true });
    expect(can(admin, "suspend_account", { communityId: null, subject: otherAdmin })).toBe(false);
    expect(can(ROLES.moderator, "remove_member", { communityId: REALM, subject: otherAdmin })).toBe(false);
    const mod = ROLES.moderator;
    expect(
      can(mod, "remove_member", { communityId: REALM, subject: { memberId: mod.memberId, siteAdmin: false, moderatorOf: [REALM] } }),
    ).toBe(false);
  });

  it("a moderator acts on no administrator's things, and removes a fellow moderator only after taking the role away", () => {
    const admin = someone({ siteAdmin: true });
    for (const action of ["hide_content", "lock_thread", "end_room", "remove_moderator"] as const) {
      expect(can(ROLES.moderator, action, { communityId: REALM, subject: admin })).toBe(false);
      expect(can(ROLES.admin, action, { communityId: REALM, subject: admin })).toBe(true);
    }
    // Reading and dismissing a report about an administrator's post is still the realm's moderators' work.
    expect(can(ROLES.moderator, "dismiss_report", { communityId: REALM, subject: admin })).toBe(true);
    const fellow = someone({ moderatorOf: [REALM] });
    expect(can(ROLES.moderator, "remove_member", { communityId: REALM, subject: fellow })).toBe(false);
    expect(can(ROLES.moderator, "remove_moderator", { communityId: REALM, subject: fellow })).toBe(true);
    expect(can(ROLES.moderator, "hide_content", { communityId: REALM, subject: fellow })).toBe(true);
    expect(can(ROLES.admin, "remove_member", { communityId: REALM, subject: fellow })).toBe(true);
    // A moderator of another realm is an ordinary member here.
    expect(can(ROLES.moderator, "remove_member", { communityId: REALM, subject: someone({ moderatorOf: [OTHER_REALM] }) })).toBe(true);
  });

  it("names the queue each role reads", () => {
    expect(queueScope(ROLES.admin)).toEqual({ all: true });
    expect(queueScope(ROLES.moderator)).toEqual({ realms: [REALM] });
    expect(queueScope(ROLES.member)).toBeNull();
    expect(queueScope(ROLES.suspendedAdmin)).toBeNull();
    expect(queueScope(null)).toBeNull();
  });
});
