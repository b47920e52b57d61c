import { z } from "../lib/zod";

/** Member ids are UUIDs; a loose bound keeps junk out without rejecting any real id. */
const memberId = z.string().trim().min(1, "A member id is required").max(64);

export const friendRequestBody = z.object({ addresseeId: memberId });
export const blockBody = z.object({ userId: memberId });
export const idParam = z.object({ id: memberId });
export const userIdParam = z.object({ userId: memberId });

export const FRIENDS_PAGE_SIZE = 50;
export const friendsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(FRIENDS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** The public fields of another member shown in connections (never the e-mail). */
export const publicMemberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isOnline: z.boolean(),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

export const friendRequestViewSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "accepted", "declined"]),
  /** ISO date-time. */
  createdAt: z.string(),
  /** The other member: the requester for incoming, the addressee for outgoing. */
  user: publicMemberSchema,
});
export type FriendRequestView = z.infer<typeof friendRequestViewSchema>;

export const friendRequestsResponse = z.object({
  incoming: z.array(friendRequestViewSchema),
  outgoing: z.array(friendRequestViewSchema),
});
export type FriendRequestsResponse = z.infer<typeof friendRequestsResponse>;

export const friendSchema = z.object({
  friendshipId: z.string(),
  /** ISO date-time the friendship began. */
  since: z.string(),
  user: publicMemberSchema,
});
export type Friend = z.infer<typeof friendSchema>;

export const friendsResponse = z.object({
  friends: z.array(friendSchema),
  /** Offset of the next page, or null on the last page. */
  nextOffset: z.number().nullable(),
});
export type FriendsResponse = z.infer<typeof friendsResponse>;

/** A friend request after a change: who asked whom, and where it stands. */
export const friendRequestResult = z.object({
  id: z.string(),
  status: z.enum(["pending", "accepted", "declined"]),
  requesterId: z.string(),
  addresseeId: z.string(),
});

export const blockedList = z.object({ blocked: z.array(publicMemberSchema) });
export const blockResult = z.object({ userId: z.string(), blocked: z.literal(true) });
