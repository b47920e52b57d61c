import { eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  accessTokens,
  contactMessages,
  decks,
  eventAttendees,
  events,
  forumLikes,
  forumPosts,
  forumReplies,
  friendships,
  gameResultPlayers,
  gameSessionInvites,
  gameSessionMembers,
  gameSessions,
  matchmakingGames,
  matchmakingPreferences,
  notifications,
  socialConnections,
  socialLinks,
  socialPosts,
  tournamentParticipants,
  tournaments,
  userBlocks,
  userCommunities,
  users,
  type User,
} from "../../db/schema";
import { deleteMemberAvatars } from "./avatars";
import { consentsForExport } from "../access/bot-consents";
import { endMemberSockets, openRoomsOf, removeMemberFromRooms } from "../rooms/rooms";
import { endInbox } from "../inbox";
import { getSettings } from "./settings";
import { isoInstantOrNull } from "../instants";

/**
 * Everything Realmcast stores about one member, read in one D1 batch. Every
 * query filters on the member's own id (or e-mail for contact messages), so
 * nobody else's rows can appear; other members are referred to by id only.
 */
export async function exportMemberData(db: Db, user: User) {
  const id = user.id;
  const [
    links,
    communities,
    createdEvents,
    attending,
    hostedRooms,
    roomSeats,
    organized,
    entered,
    posts,
    replies,
    likes,
    friends,
    blocks,
    inbox,
    socialDrafts,
    connections,
    matchmaking,
    matchmakingGameRows,
    contact,
    savedDecks,
    tokens,
    results,
    invites,
    botConsents,
  ] = await db.batch([
    db.select().from(socialLinks).where(eq(socialLinks.userId, id)),
    db.select().from(userCommunities).where(eq(userCommunities.userId, id)),
    db
      .select()
      .from(events)
      .where(or(eq(events.creatorId, id), eq(events.hostId, id))),
    db.select().from(eventAttendees).where(eq(eventAttendees.userId, id)),
    db.select().from(gameSessions).where(eq(gameSessions.hostId, id)),
    db.select().from(gameSessionMembers).where(eq(gameSessionMembers.userId, id)),
    db.select().from(tournaments).where(eq(tournaments.organizerId, id)),
    db.select().from(tournamentParticipants).where(eq(tournamentParticipants.userId, id)),
    db.select().from(forumPosts).where(eq(forumPosts.authorId, id)),
    db.select().from(forumReplies).where(eq(forumReplies.authorId, id)),
    db.select().from(forumLikes).where(eq(forumLikes.userId, id)),
    db
      .select()
      .from(friendships)
      .where(or(eq(friendships.requesterId, id), eq(friendships.addresseeId, id))),
    db.select().from(userBlocks).where(eq(userBlocks.blockerId, id)),
    db.select().from(notifications).where(eq(notifications.userId, id)),
    db.select().from(socialPosts).where(eq(socialPosts.userId, id)),
    db.select().from(socialConnections).where(eq(socialConnections.userId, id)),
    db.select().from(matchmakingPreferences).where(eq(matchmakingPreferences.userId, id)),
    db.select().from(matchmakingGames).where(eq(matchmakingGames.userId, id)),
    db.select().from(contactMessages).where(eq(contactMessages.email, user.email)),
    db.select().from(decks).where(eq(decks.ownerId, id)),
    // Never the token's hash or its webhook's signing secret: the export is a file that travels.
    db
      .select({
        id: accessTokens.id,
        name: accessTokens.name,
        prefix: accessTokens.prefix,
        scopes: accessTokens.scopes,
        expiresAt: accessTokens.expiresAt,
        lastUsedAt: accessTokens.lastUsedAt,
        webhookUrl: accessTokens.webhookUrl,
        createdAt: accessTokens.createdAt,
      })
      .from(accessTokens)
      .where(eq(accessTokens.userId, id)),
    db.select().from(gameResultPlayers).where(eq(gameResultPlayers.userId, id)),
    db.select().from(gameSessionInvites).where(eq(gameSessionInvites.userId, id)),
    consentsForExport(db, id),
  ]);
  const { calendarToken: _secret, ...profile } = user;
  void _secret;
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      createdAt: isoInstantOrNull(profile.createdAt),
      updatedAt: isoInstantOrNull(profile.updatedAt),
      lastActiveAt: isoInstantOrNull(profile.lastActiveAt),
    },
    settings: await getSettings(db, id),
    socialLinks: links,
    communities: communities.map((c) => c.communityId),
    events: { createdOrHosted: createdEvents, attending },
    rooms: { hosted: hostedRooms, seats: roomSeats, invites, results },
    tournaments: { organized, entered },
    forum: { posts, replies, likes },
    friends: friends.map((f) => ({
      id: f.id,
      otherMemberId: f.requesterId === id ? f.addresseeId : f.requesterId,
      direction: f.requesterId === id ? ("sent" as const) : ("received" as const),
      status: f.status,
      createdAt: isoInstantOrNull(f.createdAt),
    })),
    blocks: blocks.map((b) => ({ blockedId: b.blockedId, createdAt: isoInstantOrNull(b.createdAt) })),
    notifications: inbox,
    socialPosts: socialDrafts,
    socialConnections: connections,
    matchmaking: { preferences: matchmaking[0] ?? null, games: matchmakingGameRows.map((g) => g.game) },
    contactMessages: contact,
    decks: savedDecks,
    apiTokens: tokens.map((t) => ({
      ...t,
      expiresAt: isoInstantOrNull(t.expiresAt),
      lastUsedAt: isoInstantOrNull(t.lastUsedAt),
      createdAt: isoInstantOrNull(t.createdAt),
    })),
    // Bots the member allowed (or declined, or has not answered yet) to seat them (issue 35).
    botSeatConsents: botConsents.map((c) => ({
      ...c,
      createdAt: isoInstantOrNull(c.createdAt),
      decidedAt: isoInstantOrNull(c.decidedAt),
    })),
  };
}

/** The download's file name: the day of the export. */
export const exportFileName = (data: { exportedAt: string }) => `realmcast-data-${data.exportedAt.slice(0, 10)}.json`;

/**
 * Deletes the member in one batch (one D1 transaction). Forum posts and
 * replies are detached first (author_id NULL) so they survive even if foreign
 * keys were not enforced; the DELETE of the user row then cascades to every
 * row that belongs to them (see docs/decisions/2026-11-22-account-deletion.md).
 * Sessions die with the row: the auth middleware re-reads the user each request.
 * Rooms are told afterwards: they close the member's sockets and recount from D1.
 */
export async function deleteAccount(env: Env, db: Db, user: User): Promise<void> {
  const id = user.id;
  const [rooms] = await db.batch([
    // Read in the same transaction: the rooms that hold the member's places (and so their sockets).
    openRoomsOf(db, id),
    // Counters, turn and status of those rooms without the member, while their places still exist.
    removeMemberFromRooms(db, id),
    db.update(forumPosts).set({ authorId: null }).where(eq(forumPosts.authorId, id)),
    db.update(forumReplies).set({ authorId: null }).where(eq(forumReplies.authorId, id)),
    // Support messages carry the e-mail, not the id: personal data all the same.
    db.delete(contactMessages).where(eq(contactMessages.email, user.email)),
    // D1 enforces foreign keys (checked by test/account.test.ts): this cascades.
    db.delete(users).where(eq(users.id, id)),
  ]);
  await endMemberSockets(
    env,
    rooms.map((r) => r.id),
    { reason: "account_deleted", userId: id },
  );
  await endInbox(env, id);
  await deleteMemberAvatars(env.AVATARS, id);
}
