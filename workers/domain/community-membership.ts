/**
 * Realm membership: a member joins or leaves a realm (one `user_communities`
 * row per member and realm). Counts read the (community_id) index of that join
 * table, never a scan of users. Joining and leaving are idempotent and share
 * one rate limit.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { communities, userCommunities } from "../db/schema";
import { notFound } from "./errors";
import { profileShownTo } from "./members/privacy";
import { enforceRateLimit } from "./rate-limit";
import { realmRemovalOf, refuseIfRemoved, removedFromRealm } from "./moderation/standing";

export type CommunityMembership = { communityId: string; isMember: boolean; memberCount: number };

/** The realm's member count and whether `userId` is one, as one statement (for batches); no row for an unknown realm. */
export function membershipStateQuery(db: Db, userId: string, communityId: string) {
  return db
    .select({
      communityId: communities.id,
      memberCount: sql<number>`(SELECT count(*) FROM user_communities uc WHERE uc.community_id = ${communities.id})`,
      isMember: sql<number>`EXISTS (SELECT 1 FROM user_communities uc WHERE uc.community_id = ${communities.id} AND uc.user_id = ${userId})`,
    })
    .from(communities)
    .where(eq(communities.id, communityId));
}

export function toMembership(row: { communityId: string; memberCount: number; isMember: number } | undefined): CommunityMembership | null {
  return row ? { communityId: row.communityId, memberCount: Number(row.memberCount), isMember: Boolean(Number(row.isMember)) } : null;
}

/** Joins the realm (a no-op when already a member). 404 for an unknown realm. */
export async function joinCommunity(db: Db, userId: string, communityId: string, now = Date.now()): Promise<CommunityMembership> {
  await enforceRateLimit(db, "communityMembership", userId, now);
  // The INSERT selects from communities, so an unknown realm inserts nothing instead of failing its foreign key.
  const [, state, removal] = await db.batch([
    db
      .insert(userCommunities)
      .select(
        db
          .select({
            userId: sql<string>`${userId}`.as("user_id"),
            communityId: communities.id,
            joinedAt: sql<number>`${now}`.as("joined_at"),
          })
          .from(communities)
          // A member a moderator removed from the realm cannot join it again until the removal ends (issue 38).
          .where(and(eq(communities.id, communityId), sql`NOT ${removedFromRealm(userId, communities.id)}`)),
      )
      .onConflictDoNothing(),
    membershipStateQuery(db, userId, communityId),
    db
      .select({ removal: realmRemovalOf(userId, communities.id) })
      .from(communities)
      .where(eq(communities.id, communityId)),
  ]);
  const membership = toMembership(state[0]);
  if (!membership) throw notFound("Realm not found");
  refuseIfRemoved(removal[0]?.removal);
  return membership;
}

/** Leaves the realm (a no-op when not a member). 404 for an unknown realm. */
export async function leaveCommunity(db: Db, userId: string, communityId: string, now = Date.now()): Promise<CommunityMembership> {
  await enforceRateLimit(db, "communityMembership", userId, now);
  const [, state] = await db.batch([
    db.delete(userCommunities).where(and(eq(userCommunities.userId, userId), eq(userCommunities.communityId, communityId))),
    membershipStateQuery(db, userId, communityId),
  ]);
  const membership = toMembership(state[0]);
  if (!membership) throw notFound("Realm not found");
  return membership;
}

/** Member count of every realm that has members (grouped on the community index). */
export function communityMemberCountsQuery(db: Db) {
  return db.select({ communityId: userCommunities.communityId, n: count() }).from(userCommunities).groupBy(userCommunities.communityId);
}

export function toCountMap(rows: { communityId: string; n: number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.communityId, Number(r.n)]));
}

/** Realm id → member count (realms without members are absent). */
export async function communityMemberCounts(db: Db): Promise<Record<string, number>> {
  return toCountMap(await communityMemberCountsQuery(db).all());
}

/**
 * The realms a member belongs to, in display order, as `viewerId` may see
 * them: a member whose profile is private (`profileVisible` off), or with a block between the two, shows their
 * realms to themselves only, like their bio and links (profileShownTo).
 */
export async function listMemberCommunities(db: Db, userId: string, viewerId: string) {
  return memberCommunitiesQuery(db, userId, viewerId).all();
}

/** The statement `listMemberCommunities` runs (for batches). */
export function memberCommunitiesQuery(db: Db, userId: string, viewerId: string) {
  return db
    .select({ id: communities.id, displayName: communities.displayName })
    .from(userCommunities)
    .innerJoin(communities, eq(communities.id, userCommunities.communityId))
    .where(and(eq(userCommunities.userId, userId), viewerId === userId ? undefined : profileShownTo(userId, viewerId)))
    .orderBy(asc(communities.sortOrder));
}
export type MemberCommunity = Awaited<ReturnType<typeof listMemberCommunities>>[number];
