/**
 * The facts the role rule (./roles.ts `can`) decides on, read from D1: whether a member is a site administrator,
 * which realms they moderate, whether they are suspended. One statement per member, for a batch or alone. The
 * role tables are read here and nowhere else (eslint.config.js, "roles").
 */
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { ModeratorFacts, SubjectFacts } from "./roles";
import { suspendedNow } from "./standing";

type Ref = string | SQLWrapper;

/** Columns of a member's role facts, for any statement over a member (a subquery each, on primary keys). */
export function roleColumns(member: Ref) {
  return {
    siteAdmin: sql<number>`(EXISTS (SELECT 1 FROM site_admins sa WHERE sa.user_id = ${member}))`,
    moderatorOf: sql<string | null>`(SELECT group_concat(rm.community_id, ',') FROM realm_moderators rm WHERE rm.user_id = ${member})`,
    suspended: suspendedNow(member),
  };
}

type RoleRow = { siteAdmin: number | boolean; moderatorOf: string | null; suspended: number | boolean };

export function toModeratorFacts(memberId: string, row: RoleRow | undefined): ModeratorFacts {
  return {
    memberId,
    siteAdmin: Boolean(Number(row?.siteAdmin ?? 0)),
    moderatorOf: row?.moderatorOf ? row.moderatorOf.split(",") : [],
    suspended: Boolean(Number(row?.suspended ?? 0)),
  };
}

export function toSubjectFacts(memberId: string, row: RoleRow | undefined): SubjectFacts {
  const { siteAdmin, moderatorOf } = toModeratorFacts(memberId, row);
  return { memberId, siteAdmin, moderatorOf };
}

/** A member's role facts as one statement (for a batch); no row for an unknown member. */
export function roleFactsQuery(db: Db, memberId: string) {
  return db.select(roleColumns(memberId)).from(users).where(eq(users.id, memberId));
}

/** The acting member's facts: one D1 round trip. An unknown member has no role (and is refused everything but nothing). */
export async function loadModerator(db: Db, memberId: string): Promise<ModeratorFacts> {
  return toModeratorFacts(memberId, await roleFactsQuery(db, memberId).get());
}
