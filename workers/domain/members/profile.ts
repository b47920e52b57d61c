import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { socialLinks, users } from "../../db/schema";
import { SOCIAL_LINKS_MAX, type ProfileUpdateBody, type SocialLinkBody } from "../../contract/profile";
import { conflict, invalid } from "../errors";
import { communityExists } from "../communities";
import { hasBlocked } from "../blocks";
import { privacyFlag, profileShownTo, visibleProfileFields } from "./privacy";

/** Counted stats of one member, as SQL subqueries (each served by an index). */
export function memberStatsColumns(userId: string) {
  return {
    friendCount: sql<number>`(SELECT count(*) FROM friendships WHERE status = 'accepted' AND (requester_id = ${userId} OR addressee_id = ${userId}))`,
    eventsJoined: sql<number>`(SELECT count(*) FROM event_attendees WHERE user_id = ${userId})`,
    eventsHosted: sql<number>`(SELECT count(*) FROM events WHERE creator_id = ${userId} OR host_id = ${userId})`,
  };
}

/**
 * Spec 000 §3 User profile plus counted stats, in one query; null when no such
 * member. The e-mail is only on the owner's own profile (the key is absent for
 * anyone else), and the member's privacy settings and blocks decide what others
 * see of bio and status (`profileShownTo`, `visibleProfileFields`). `isPrivate`
 * says the profile is hidden from the viewer, so pages can say so; `blockedByYou`
 * (others' profiles only) that the viewer blocked the member.
 */
export async function getProfile(db: Db, userId: string, viewerId: string = userId) {
  return toProfile(await profileQuery(db, userId, viewerId).get(), userId, viewerId);
}

/** The row `getProfile` reads, as one statement (for batches). */
export function profileQuery(db: Db, userId: string, viewerId: string = userId) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      bio: users.bio,
      status: users.status,
      primaryCommunity: users.primaryCommunity,
      profileImageUrl: users.profileImageUrl,
      createdAt: users.createdAt,
      // Named: in a batch D1 answers rows keyed by column name, and the two flags' SQL reads the same.
      profileVisible: privacyFlag(users.id, "profileVisible").as("profile_visible"),
      profileShown: profileShownTo(userId, viewerId).as("profile_shown"),
      blockedByYou: hasBlocked(viewerId, userId)
        .mapWith((v) => Boolean(Number(v)))
        .as("blocked_by_you"),
      showOnlineStatus: privacyFlag(users.id, "showOnlineStatus").as("show_online_status"),
      ...memberStatsColumns(userId),
    })
    .from(users)
    .where(eq(users.id, userId));
}

/** `profileQuery`'s row as `viewerId` may see it (see `getProfile`); null when no such member. */
export function toProfile(row: Awaited<ReturnType<typeof profileQuery>>[number] | undefined, userId: string, viewerId: string) {
  if (!row) return null;
  const { email, profileVisible, profileShown, blockedByYou, showOnlineStatus, ...fields } = row;
  const isOwner = viewerId === userId;
  // The e-mail only for the owner, whether the viewer blocked the member only for others: each key absent otherwise.
  const perViewer: { email?: string; blockedByYou?: boolean } = isOwner ? { email } : { blockedByYou };
  return {
    ...visibleProfileFields(fields, { profileVisible: profileShown, showOnlineStatus }, isOwner),
    ...perViewer,
    // The owner is told of their own setting; anyone else whether the profile is hidden from them (a block reads the same).
    isPrivate: isOwner ? !profileVisible : !profileShown,
    primaryCommunity: row.primaryCommunity ?? "",
    friendCount: Number(row.friendCount),
    eventsJoined: Number(row.eventsJoined),
    eventsHosted: Number(row.eventsHosted),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
export type UserProfile = NonNullable<ReturnType<typeof toProfile>>;

/**
 * Applies a validated update to the member `userId` only (the caller passes the
 * signed-in member's id; there is no parameter naming anyone else).
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdateBody): Promise<UserProfile> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.bio !== undefined) changes.bio = input.bio === "" ? null : input.bio;
  if (input.status !== undefined) changes.status = input.status;
  if (input.primaryCommunity !== undefined) {
    if (input.primaryCommunity !== "" && !(await communityExists(db, input.primaryCommunity))) {
      throw invalid("Invalid request body", [{ path: ["primaryCommunity"], message: "Unknown community" }]);
    }
    changes.primaryCommunity = input.primaryCommunity === "" ? null : input.primaryCommunity;
  }
  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(users.id, userId))
      .run();
  }
  return (await getProfile(db, userId))!;
}

/**
 * A member's social links as `viewerId` sees them: all of them for the owner,
 * none when the profile is not shown to them (profileShownTo, decided in the same query).
 */
export async function listSocialLinks(db: Db, userId: string, viewerId: string) {
  return socialLinksQuery(db, userId, viewerId).all();
}

/** The statement `listSocialLinks` runs (for batches). */
export function socialLinksQuery(db: Db, userId: string, viewerId: string) {
  return db
    .select({ id: socialLinks.id, platform: socialLinks.platform, username: socialLinks.username })
    .from(socialLinks)
    .where(and(eq(socialLinks.userId, userId), viewerId === userId ? undefined : profileShownTo(userId, viewerId)))
    .orderBy(asc(socialLinks.createdAt), asc(socialLinks.id));
}
export type SocialLink = Awaited<ReturnType<typeof listSocialLinks>>[number];

/** Adds a link unless the member already has the maximum: one conditional INSERT, no race. */
export async function addSocialLink(db: Db, userId: string, input: SocialLinkBody): Promise<SocialLink> {
  const id = crypto.randomUUID();
  const result = await db.run(sql`
    INSERT INTO social_links (id, user_id, platform, username)
    SELECT ${id}, ${userId}, ${input.platform}, ${input.username}
    WHERE (SELECT count(*) FROM social_links WHERE user_id = ${userId}) < ${SOCIAL_LINKS_MAX}`);
  if (result.meta.changes === 0) throw conflict(`You can add at most ${SOCIAL_LINKS_MAX} social links`);
  return { id, platform: input.platform, username: input.username };
}

/** Deletes the link only when it belongs to `userId`; false when there was none. */
export async function deleteSocialLink(db: Db, userId: string, linkId: string): Promise<boolean> {
  const deleted = await db
    .delete(socialLinks)
    .where(and(eq(socialLinks.id, linkId), eq(socialLinks.userId, userId)))
    .returning({ id: socialLinks.id })
    .all();
  return deleted.length > 0;
}

export async function memberExists(db: Db, userId: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) !== undefined;
}
