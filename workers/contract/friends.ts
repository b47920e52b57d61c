import { z } from "zod";
import { limitText } from "../domain/rate-limit-rules";
import type { RouteDoc } from "./route-doc";

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

const friendRequestResult = z.object({
  id: z.string(),
  status: z.enum(["pending", "accepted", "declined"]),
  requesterId: z.string(),
  addresseeId: z.string(),
});

export const friendsRoutesDoc: RouteDoc[] = [
  {
    method: "post",
    path: "/api/friend-requests",
    summary:
      "Invites a member (notifies them). When they already invited the caller, that request is accepted instead (200, status accepted).",
    auth: "member",
    body: friendRequestBody,
    response: friendRequestResult,
    status: 201,
    errors: {
      400: "Invalid body, or inviting yourself",
      401: "Signed out",
      403: "A block exists between the two members, or the addressee turned off allowDirectMessages",
      404: "No such member",
      409: "A pending request or a friendship already exists",
      429: `More than ${limitText("friendRequest")}`,
    },
  },
  {
    method: "get",
    path: "/api/friend-requests",
    summary:
      "The caller's pending requests, incoming and outgoing (newest first, at most 100 each), with the other member's public fields.",
    auth: "member",
    response: friendRequestsResponse,
    errors: { 401: "Signed out" },
  },
  {
    method: "post",
    path: "/api/friend-requests/:id/accept",
    summary: "The addressee accepts a pending request (notifies the requester).",
    auth: "member",
    response: friendRequestResult,
    errors: { 401: "Signed out", 403: "Only the addressee may accept", 404: "No such request for the caller", 409: "No longer pending" },
  },
  {
    method: "post",
    path: "/api/friend-requests/:id/decline",
    summary: "The addressee declines a pending request.",
    auth: "member",
    response: friendRequestResult,
    errors: { 401: "Signed out", 403: "Only the addressee may decline", 404: "No such request for the caller", 409: "No longer pending" },
  },
  {
    method: "delete",
    path: "/api/friend-requests/:id",
    summary: "The requester cancels a pending request.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 403: "Only the requester may cancel", 404: "No such request for the caller", 409: "No longer pending" },
  },
  {
    method: "get",
    path: "/api/friends",
    summary: "The caller's friends (accepted friendships), newest first, paginated with limit and offset.",
    auth: "member",
    query: friendsQuery,
    response: friendsResponse,
    errors: { 400: "Invalid paging", 401: "Signed out" },
  },
  {
    method: "delete",
    path: "/api/friends/:userId",
    summary: "Ends a friendship with the member.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 404: "Not friends" },
  },
  {
    method: "get",
    path: "/api/blocks",
    summary: "Members the caller blocked (at most 200, newest first).",
    auth: "member",
    response: z.object({ blocked: z.array(publicMemberSchema) }),
    errors: { 401: "Signed out" },
  },
  {
    method: "post",
    path: "/api/blocks",
    summary:
      "Blocks a member: removes any friendship or request between the two; neither appears in the other's matchmaking and neither can invite the other. Idempotent.",
    auth: "member",
    body: blockBody,
    response: z.object({ userId: z.string(), blocked: z.literal(true) }),
    errors: {
      400: "Invalid body, or blocking yourself",
      401: "Signed out",
      404: "No such member",
      429: `Blocked more than ${limitText("block")}`,
    },
  },
  {
    method: "delete",
    path: "/api/blocks/:userId",
    summary: "Unblocks a member.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 404: "Not blocked" },
  },
];
