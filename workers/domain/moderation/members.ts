/**
 * Moderation of members outside a report (issue 38): appointing and removing a realm's moderators, ending a removal
 * from a realm early, lifting a suspension; and the lists the moderators' page shows. Each asks the role rule
 * (./roles.ts) and writes its audit entry in the same batch as the change.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { displayName } from "../../contract/display-name";
import type { Db } from "../../db/client";
import { communities, memberSuspensions, realmModerators, realmRemovals, users } from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { notificationInsert } from "../notifications";
import { auditInsert } from "./audit";
import { noticeInsert } from "./notices";
import { roleFactsQuery, toModeratorFacts, toSubjectFacts, roleColumns } from "./facts";
import { can, queueScope, type ModeratorFacts } from "./roles";
import { untilText } from "./standing";

const NOW_MS = sql.raw("CAST(unixepoch('subsec') * 1000 AS INTEGER)");

/** The actor's and the member's facts, and the member's names, in one round trip; 404 for no such member. */
async function actorAndMember(db: Db, actorId: string, memberId: string) {
  const [facts, members] = await db.batch([
    roleFactsQuery(db, actorId),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username, ...roleColumns(users.id) })
      .from(users)
      .where(eq(users.id, memberId)),
  ]);
  const member = members[0];
  if (!member) throw notFound("No such member");
  return {
    actor: toModeratorFacts(actorId, facts[0]),
    subject: toSubjectFacts(memberId, member),
    name: displayName(member),
    suspended: Boolean(Number(member.suspended)),
  };
}

async function realmName(db: Db, communityId: string): Promise<string> {
  const realm = await db.select({ name: communities.displayName }).from(communities).where(eq(communities.id, communityId)).get();
  if (!realm) throw notFound("No such realm");
  return realm.name;
}

export async function appointModerator(db: Db, actorId: string, communityId: string, memberId: string, now = Date.now()): Promise<string> {
  const [{ actor, subject, name, suspended }, realm] = await Promise.all([
    actorAndMember(db, actorId, memberId),
    realmName(db, communityId),
  ]);
  if (!can(actor, "appoint_moderator", { communityId, subject }))
    throw forbidden("Only this realm's moderators and administrators appoint its moderators");
  if (suspended) throw conflict("A suspended member cannot moderate");
  if (subject.moderatorOf.includes(communityId)) throw conflict(`${name} already moderates ${realm}`);
  await db.batch([
    db.insert(realmModerators).values({ communityId, userId: memberId, appointedBy: actorId, createdAt: now }).onConflictDoNothing(),
    auditInsert(
      db,
      { communityId, actorId, action: "appoint_moderator", subjectId: memberId, reason: `Appointed a moderator of ${realm}` },
      now,
    ),
    notificationInsert(db, {
      userId: memberId,
      type: "system",
      title: `You are a moderator of ${realm}`,
      message: `You can now review reports and act on them in ${realm}: open Moderation from your account menu.`,
      actionUrl: "/moderation",
    }),
  ]);
  return `${name} moderates ${realm} now`;
}

export async function removeModerator(db: Db, actorId: string, communityId: string, memberId: string, now = Date.now()): Promise<string> {
  const [{ actor, subject, name }, realm] = await Promise.all([actorAndMember(db, actorId, memberId), realmName(db, communityId)]);
  if (!can(actor, "remove_moderator", { communityId, subject }))
    throw forbidden("Only this realm's moderators and administrators remove its moderators");
  const [removed] = await db.batch([
    db
      .delete(realmModerators)
      .where(and(eq(realmModerators.communityId, communityId), eq(realmModerators.userId, memberId)))
      .returning({ userId: realmModerators.userId }),
    auditInsert(
      db,
      { communityId, actorId, action: "remove_moderator", subjectId: memberId, reason: `No longer a moderator of ${realm}` },
      now,
      sql`changes() = 1`,
    ),
  ]);
  if (removed.length === 0) throw notFound(`${name} does not moderate ${realm}`);
  return `${name} no longer moderates ${realm}`;
}

/** Ends a member's removal from a realm early (it would end at its time anyway). */
export async function reinstateMember(db: Db, actorId: string, communityId: string, memberId: string, reason: string, now = Date.now()) {
  const [{ actor, subject, name }, realm] = await Promise.all([actorAndMember(db, actorId, memberId), realmName(db, communityId)]);
  if (!can(actor, "reinstate_member", { communityId, subject }))
    throw forbidden("Only this realm's moderators and administrators can do this");
  const [ended] = await db.batch([
    db
      .delete(realmRemovals)
      .where(and(eq(realmRemovals.communityId, communityId), eq(realmRemovals.userId, memberId)))
      .returning({ userId: realmRemovals.userId }),
    auditInsert(db, { communityId, actorId, action: "reinstate_member", subjectId: memberId, reason }, now, sql`changes() = 1`),
    // After the audit row, changes() is its insert: the notice goes only with it.
    noticeInsert(
      db,
      memberId,
      {
        title: `You are welcome back in ${realm}`,
        message: `A moderator ended your removal from ${realm}. Reason: ${reason}`,
        actionUrl: null,
      },
      now,
      sql`changes() = 1`,
    ),
  ]);
  if (ended.length === 0) throw notFound(`${name} is not removed from ${realm}`);
  return `${name} is back in ${realm}`;
}

export async function liftSuspension(db: Db, actorId: string, memberId: string, reason: string, now = Date.now()) {
  const { actor, subject, name } = await actorAndMember(db, actorId, memberId);
  if (!can(actor, "lift_suspension", { communityId: null, subject })) throw forbidden("Only administrators lift suspensions");
  const [ended] = await db.batch([
    db.delete(memberSuspensions).where(eq(memberSuspensions.userId, memberId)).returning({ userId: memberSuspensions.userId }),
    auditInsert(db, { communityId: null, actorId, action: "lift_suspension", subjectId: memberId, reason }, now, sql`changes() = 1`),
    noticeInsert(
      db,
      memberId,
      {
        title: "Your account is no longer suspended",
        message: `An administrator lifted your suspension. Reason: ${reason}`,
        actionUrl: null,
      },
      now,
      sql`changes() = 1`,
    ),
  ]);
  if (ended.length === 0) throw notFound(`${name} is not suspended`);
  return `${name} can sign in again`;
}

export type ModeratorListing = {
  realms: { id: string; name: string; moderators: { id: string; name: string; since: string }[]; canAppoint: boolean }[];
  removals: {
    communityId: string;
    realmName: string;
    memberId: string;
    memberName: string;
    until: string;
    reason: string;
    canReinstate: boolean;
  }[];
  suspensions: { memberId: string; memberName: string; until: string; reason: string }[];
};

/**
 * The moderators' page: each realm the actor moderates (all for administrators) with its moderators, the removals
 * still running there, and (administrators) the running suspensions. One batch: one round trip after the facts.
 */
export async function listModeration(db: Db, actorId: string): Promise<{ actor: ModeratorFacts; listing: ModeratorListing }> {
  const actor = toModeratorFacts(actorId, await roleFactsQuery(db, actorId).get());
  const scope = queueScope(actor);
  if (!scope) throw forbidden("Only moderators and administrators open the moderation area");
  const inScope = (column: typeof communities.id | typeof realmModerators.communityId | typeof realmRemovals.communityId) =>
    "all" in scope ? undefined : inArray(column, [...scope.realms]);
  const running = (until: typeof realmRemovals.until | typeof memberSuspensions.until) =>
    or(sql`${until} IS NULL`, sql`${until} > ${NOW_MS}`);
  const [realms, moderators, removals, suspensions] = await db.batch([
    db
      .select({ id: communities.id, name: communities.displayName })
      .from(communities)
      .where(inScope(communities.id))
      .orderBy(asc(communities.sortOrder)),
    db
      .select({
        communityId: realmModerators.communityId,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        since: realmModerators.createdAt,
      })
      .from(realmModerators)
      .innerJoin(users, eq(users.id, realmModerators.userId))
      .where(inScope(realmModerators.communityId))
      .orderBy(asc(realmModerators.createdAt)),
    db
      .select({
        communityId: realmRemovals.communityId,
        realmName: communities.displayName,
        memberId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        until: realmRemovals.until,
        reason: realmRemovals.reason,
      })
      .from(realmRemovals)
      .innerJoin(users, eq(users.id, realmRemovals.userId))
      .innerJoin(communities, eq(communities.id, realmRemovals.communityId))
      .where(and(inScope(realmRemovals.communityId), running(realmRemovals.until)))
      .orderBy(desc(realmRemovals.createdAt))
      .limit(100),
    db
      .select({
        memberId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        until: memberSuspensions.until,
        reason: memberSuspensions.reason,
      })
      .from(memberSuspensions)
      .innerJoin(users, eq(users.id, memberSuspensions.userId))
      .where(and("all" in scope ? undefined : sql`0`, running(memberSuspensions.until)))
      .orderBy(desc(memberSuspensions.createdAt))
      .limit(100),
  ]);
  return {
    actor,
    listing: {
      realms: realms.map((realm) => ({
        ...realm,
        moderators: moderators
          .filter((m) => m.communityId === realm.id)
          .map((m) => ({ id: m.id, name: displayName(m), since: new Date(m.since).toISOString() })),
        canAppoint: can(actor, "appoint_moderator", { communityId: realm.id }),
      })),
      removals: removals.map((r) => ({
        communityId: r.communityId,
        realmName: r.realmName,
        memberId: r.memberId,
        memberName: displayName(r),
        until: untilText(r.until),
        reason: r.reason,
        canReinstate: can(actor, "reinstate_member", { communityId: r.communityId }),
      })),
      suspensions: suspensions.map((s) => ({
        memberId: s.memberId,
        memberName: displayName(s),
        until: untilText(s.until),
        reason: s.reason,
      })),
    },
  };
}

/** A member id from what a moderator pasted (their profile link or the id), checked to be one. */
export function memberIdFrom(value: string): string {
  const id =
    value
      .trim()
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .at(-1) ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id))
    throw invalid("Paste the member's profile link or id", [{ code: "custom", path: ["member"], message: "Not a profile link or id" }]);
  return id;
}
