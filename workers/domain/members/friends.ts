/**
 * Friends, friend requests and blocks. One `friendships` row per pair and
 * direction (requester → addressee) with status pending | accepted | declined;
 * a block removes every friendship row of the pair and stops new requests.
 * Notifications are written in the same batch as the change that causes them.
 *
 * Over 300 lines: requests, friendships and blocks share the pair condition and the block rule; the
 * block's room side is in rooms.ts.
 */
import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { FriendRequestsResponse, FriendsResponse, PublicMember } from "../../contract/friends";
import type { Db } from "../../db/client";
import { friendships, userBlocks, users, type User } from "../../db/schema";
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from "../errors";
import { isBlockedEitherWay } from "../blocks";
import { isMemberOnline } from "./match-scoring";
import { notificationInsert } from "../notifications";
import { privacyFlag } from "./privacy";
import { enforceRateLimit } from "../rate-limit";
import { roomsHostedWith } from "../rooms/rooms";
import { displayName, type NamedMember } from "../../contract/display-name";
import { publicMemberColumns } from "../member-columns";

type Friendship = typeof friendships.$inferSelect;
export type FriendRequestResult = Pick<Friendship, "id" | "status" | "requesterId" | "addresseeId">;

const CONNECTIONS_URL = "/matchmaking?tab=connections";
const REQUEST_LIST_LIMIT = 100;
const BLOCK_LIST_LIMIT = 200;

const friendColumns = {
  ...publicMemberColumns,
  status: users.status,
  lastActiveAt: users.lastActiveAt,
  showOnlineStatus: privacyFlag(users.id, "showOnlineStatus"),
};
type PublicMemberRow = Pick<User, "id" | "firstName" | "lastName" | "username" | "profileImageUrl" | "status" | "lastActiveAt"> & {
  showOnlineStatus: boolean;
};

/** A member who hides their online status is never shown online. */
function toPublicMember(row: PublicMemberRow, now: number): PublicMember {
  const { status, lastActiveAt, showOnlineStatus, ...rest } = row;
  return { ...rest, isOnline: showOnlineStatus && isMemberOnline(status, lastActiveAt, now) };
}

/** How a member is named in notifications. */
const memberName = (u: NamedMember) => displayName(u, "A player");

/** Rows of the pair in either direction. */
function pairCondition(a: string, b: string): SQL {
  return or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  )!;
}

/**
 * Deletes the pair's rows other than `keepId`. Run with every acceptance, so two
 * crossing requests sent at the same moment still end as exactly one friendship.
 */
function otherRowsOfPair(db: Db, a: string, b: string, keepId: string) {
  return db.delete(friendships).where(and(pairCondition(a, b), ne(friendships.id, keepId)));
}

async function requireMemberExists(db: Db, id: string) {
  const member = await db.select(publicMemberColumns).from(users).where(eq(users.id, id)).get();
  if (!member) throw notFound("Member not found");
  return member;
}

/**
 * Invites `addresseeId`. If they already invited the requester, that request is
 * accepted instead. A declined request cannot be repeated by its requester (no
 * nagging); the member who declined may still invite them. A friend request is
 * the one way a member reaches a stranger today (there are no direct messages
 * yet), so a member who turned `allowDirectMessages` off receives none.
 * Rate-limited per member: it creates rows and notifies.
 */
export async function sendFriendRequest(
  db: Db,
  requester: User,
  addresseeId: string,
): Promise<{ result: FriendRequestResult; created: boolean }> {
  await enforceRateLimit(db, "friendRequest", requester.id);
  if (addresseeId === requester.id) throw invalid("You cannot send a friend request to yourself");
  const [found, rows] = await db.batch([
    db
      .select({
        id: users.id,
        blocked: isBlockedEitherWay(requester.id, addresseeId),
        acceptsRequests: privacyFlag(users.id, "allowDirectMessages"),
      })
      .from(users)
      .where(eq(users.id, addresseeId)),
    db.select().from(friendships).where(pairCondition(requester.id, addresseeId)),
  ]);
  const addressee = found[0];
  if (!addressee) throw notFound("Member not found");
  if (addressee.blocked) throw forbidden("You cannot connect with this member");
  if (rows.some((r) => r.status === "accepted")) throw conflict("You are already friends");
  const mine = rows.find((r) => r.requesterId === requester.id);
  const theirs = rows.find((r) => r.requesterId === addresseeId);
  if (mine) throw conflict("Friend request already sent");
  if (theirs?.status !== "pending" && !addressee.acceptsRequests) throw forbidden("This member is not accepting friend requests");

  if (theirs?.status === "pending") {
    await db.batch([
      db
        .update(friendships)
        .set({ status: "accepted", updatedAt: Date.now() })
        .where(and(eq(friendships.id, theirs.id), eq(friendships.status, "pending"))),
      otherRowsOfPair(db, requester.id, addresseeId, theirs.id),
      notificationInsert(db, {
        userId: addresseeId,
        type: "friend_request",
        title: "Friend request accepted",
        message: `${memberName(requester)} accepted your friend request.`,
        actionUrl: CONNECTIONS_URL,
      }),
    ]);
    return { result: { id: theirs.id, status: "accepted", requesterId: addresseeId, addresseeId: requester.id }, created: false };
  }

  const id = crypto.randomUUID();
  const insertRequest = db.insert(friendships).values({ id, requesterId: requester.id, addresseeId, status: "pending" });
  const notify = notificationInsert(db, {
    userId: addressee.id,
    type: "friend_request",
    title: "New friend request",
    message: `${memberName(requester)} wants to connect with you.`,
    actionUrl: CONNECTIONS_URL,
  });
  try {
    if (theirs) {
      // Their old request was declined: it gives way to this new one.
      await db.batch([db.delete(friendships).where(eq(friendships.id, theirs.id)), insertRequest, notify]);
    } else {
      await db.batch([insertRequest, notify]);
    }
  } catch (error) {
    // A concurrent identical request won the pair's unique index.
    if (isUniqueViolation(error)) throw conflict("Friend request already sent");
    throw error;
  }
  return { result: { id, status: "pending", requesterId: requester.id, addresseeId }, created: true };
}

/**
 * Loads a request the member takes part in. Strangers get 404 (the request's
 * existence is not theirs to know); the wrong side gets 403.
 */
async function requestForParticipant(db: Db, id: string, memberId: string, side: "requester" | "addressee") {
  const row = await db.select().from(friendships).where(eq(friendships.id, id)).get();
  if (!row || (row.requesterId !== memberId && row.addresseeId !== memberId)) throw notFound("Friend request not found");
  const allowed = side === "addressee" ? row.addresseeId === memberId : row.requesterId === memberId;
  if (!allowed) {
    throw forbidden(
      side === "addressee" ? "Only the invited member can answer this request" : "Only the member who sent this request can cancel it",
    );
  }
  if (row.status !== "pending") throw conflict("This friend request is no longer pending");
  return row;
}

export async function acceptFriendRequest(db: Db, member: User, id: string): Promise<FriendRequestResult> {
  const row = await requestForParticipant(db, id, member.id, "addressee");
  const [updated] = await db.batch([
    db
      .update(friendships)
      .set({ status: "accepted", updatedAt: Date.now() })
      .where(and(eq(friendships.id, id), eq(friendships.status, "pending")))
      .returning({ id: friendships.id }),
    otherRowsOfPair(db, row.requesterId, row.addresseeId, id),
    notificationInsert(db, {
      userId: row.requesterId,
      type: "friend_request",
      title: "Friend request accepted",
      message: `${memberName(member)} accepted your friend request.`,
      actionUrl: CONNECTIONS_URL,
    }),
  ]);
  if (updated.length === 0) throw conflict("This friend request is no longer pending");
  return { id, status: "accepted", requesterId: row.requesterId, addresseeId: row.addresseeId };
}

export async function declineFriendRequest(db: Db, member: User, id: string): Promise<FriendRequestResult> {
  const row = await requestForParticipant(db, id, member.id, "addressee");
  const updated = await db
    .update(friendships)
    .set({ status: "declined", updatedAt: Date.now() })
    .where(and(eq(friendships.id, id), eq(friendships.status, "pending")))
    .returning({ id: friendships.id });
  if (updated.length === 0) throw conflict("This friend request is no longer pending");
  return { id, status: "declined", requesterId: row.requesterId, addresseeId: row.addresseeId };
}

export async function cancelFriendRequest(db: Db, member: User, id: string): Promise<void> {
  await requestForParticipant(db, id, member.id, "requester");
  const deleted = await db
    .delete(friendships)
    .where(and(eq(friendships.id, id), eq(friendships.status, "pending")))
    .returning({ id: friendships.id });
  if (deleted.length === 0) throw conflict("This friend request is no longer pending");
}

const otherMemberOf = (memberId: string) =>
  sql`CASE WHEN ${friendships.requesterId} = ${memberId} THEN ${friendships.addresseeId} ELSE ${friendships.requesterId} END`;

/**
 * Pending requests to and from the member, newest first, with the other member's public fields.
 * One query for both directions (joined on whichever side is not the member) keeps the
 * matchmaking page within its D1 query budget.
 */
export function friendRequestsQuery(db: Db, memberId: string) {
  return db
    .select({
      // Named apart from the member's id and status: a D1 batch returns rows keyed by column name.
      requestId: sql<string>`${friendships.id}`.as("request_id"),
      requestStatus: sql<Friendship["status"]>`${friendships.status}`.as("request_status"),
      createdAt: friendships.createdAt,
      requesterId: friendships.requesterId,
      ...friendColumns,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherMemberOf(memberId)))
    .where(and(or(eq(friendships.addresseeId, memberId), eq(friendships.requesterId, memberId)), eq(friendships.status, "pending")))
    .orderBy(desc(friendships.createdAt))
    .limit(REQUEST_LIST_LIMIT * 2);
}

export function toFriendRequests(
  rows: Awaited<ReturnType<typeof friendRequestsQuery>>,
  memberId: string,
  now = Date.now(),
): FriendRequestsResponse {
  const view = ({ requestId, requestStatus, createdAt, requesterId: _requester, ...member }: (typeof rows)[number]) => ({
    id: requestId,
    status: requestStatus,
    createdAt: new Date(createdAt).toISOString(),
    user: toPublicMember(member, now),
  });
  return {
    incoming: rows
      .filter((r) => r.requesterId !== memberId)
      .slice(0, REQUEST_LIST_LIMIT)
      .map(view),
    outgoing: rows
      .filter((r) => r.requesterId === memberId)
      .slice(0, REQUEST_LIST_LIMIT)
      .map(view),
  };
}

export async function listFriendRequests(db: Db, memberId: string, now = Date.now()): Promise<FriendRequestsResponse> {
  return toFriendRequests(await friendRequestsQuery(db, memberId), memberId, now);
}

const acceptedWith = (memberId: string) =>
  and(or(eq(friendships.requesterId, memberId), eq(friendships.addresseeId, memberId)), eq(friendships.status, "accepted"));

type FriendsPage = { limit: number; offset: number };

/** The member's friends, newest friendship first, one page at a time (one extra row tells if more follow). */
export function friendsPageQuery(db: Db, memberId: string, page: FriendsPage) {
  return db
    .select({ friendshipId: sql<string>`${friendships.id}`.as("friendship_id"), since: friendships.updatedAt, ...friendColumns })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherMemberOf(memberId)))
    .where(acceptedWith(memberId))
    .orderBy(desc(friendships.updatedAt), friendships.id)
    .limit(page.limit + 1)
    .offset(page.offset);
}

export function toFriendsPage(rows: Awaited<ReturnType<typeof friendsPageQuery>>, page: FriendsPage, now = Date.now()): FriendsResponse {
  const hasMore = rows.length > page.limit;
  return {
    friends: rows.slice(0, page.limit).map(({ friendshipId, since, ...member }) => ({
      friendshipId,
      since: new Date(since).toISOString(),
      user: toPublicMember(member, now),
    })),
    nextOffset: hasMore ? page.offset + page.limit : null,
  };
}

export async function listFriends(db: Db, memberId: string, page: FriendsPage, now = Date.now()): Promise<FriendsResponse> {
  return toFriendsPage(await friendsPageQuery(db, memberId, page), page, now);
}

/** Accepted friendships of a member (profile's friendCount). */
export const friendCountQuery = (db: Db, userId: string) => db.select({ n: count() }).from(friendships).where(acceptedWith(userId));

export async function countFriends(db: Db, userId: string): Promise<number> {
  const [row] = await friendCountQuery(db, userId);
  return row?.n ?? 0;
}

export async function removeFriend(db: Db, memberId: string, otherId: string): Promise<void> {
  const deleted = await db
    .delete(friendships)
    .where(and(pairCondition(memberId, otherId), eq(friendships.status, "accepted")))
    .returning({ id: friendships.id });
  if (deleted.length === 0) throw notFound("You are not friends with this member");
}

/**
 * Blocks a member and, in the same batch, removes every friendship or request of the pair (rate-limited per
 * member). Returns the rooms the blocker hosts where the blocked member has a place: they lose it
 * (rooms.ts endPlacesAfterBlock).
 */
export async function blockMember(db: Db, memberId: string, otherId: string): Promise<{ hostedRoomsWithThem: string[] }> {
  await enforceRateLimit(db, "block", memberId);
  if (otherId === memberId) throw invalid("You cannot block yourself");
  await requireMemberExists(db, otherId);
  const [, , rooms] = await db.batch([
    db.insert(userBlocks).values({ blockerId: memberId, blockedId: otherId }).onConflictDoNothing(),
    db.delete(friendships).where(pairCondition(memberId, otherId)),
    roomsHostedWith(db, memberId, otherId),
  ]);
  return { hostedRoomsWithThem: rooms.map((r) => r.id) };
}

export async function unblockMember(db: Db, memberId: string, otherId: string): Promise<void> {
  const deleted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, memberId), eq(userBlocks.blockedId, otherId)))
    .returning({ id: userBlocks.blockedId });
  if (deleted.length === 0) throw notFound("This member is not blocked");
}

export async function listBlocked(db: Db, memberId: string, now = Date.now()): Promise<PublicMember[]> {
  const rows = await db
    .select(friendColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, memberId))
    .orderBy(desc(userBlocks.createdAt))
    .limit(BLOCK_LIST_LIMIT)
    .all();
  return rows.map((r) => toPublicMember(r, now));
}
