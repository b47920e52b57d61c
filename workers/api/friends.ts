import { createRoute } from "@hono/zod-openapi";
import {
  blockBody,
  blockedList,
  blockResult,
  friendRequestBody,
  friendRequestResult,
  friendRequestsResponse,
  friendsQuery,
  friendsResponse,
  idParam,
  userIdParam,
} from "../contract/friends";
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  listBlocked,
  listFriendRequests,
  listFriends,
  removeFriend,
  sendFriendRequest,
  unblockMember,
} from "../domain/members/friends";
import { limitText } from "../domain/rate-limit-rules";
import { blockMemberEverywhere } from "../domain/members/member-blocks";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;

const sendRequestRoute = createRoute({
  method: "post",
  path: "/friend-requests",
  summary:
    "Invites a member (notifies them). When they already invited the caller, that request is accepted instead (200, status accepted).",
  ...member,
  request: { body: jsonBody(friendRequestBody) },
  responses: {
    200: jsonResponse(friendRequestResult, "Their pending invite to the caller, now accepted"),
    201: jsonResponse(friendRequestResult, "Invite sent"),
    ...errors(
      [400, "Invalid body, or inviting yourself"],
      [401, "Signed out"],
      [403, "A block exists between the two members, or the addressee turned off allowDirectMessages"],
      [404, "No such member"],
      [409, "A pending request or a friendship already exists"],
      [429, `More than ${limitText("friendRequest")}`],
    ),
  },
});

const listRequestsRoute = createRoute({
  method: "get",
  path: "/friend-requests",
  summary: "The caller's pending requests, incoming and outgoing (newest first, at most 100 each), with the other member's public fields.",
  ...member,
  responses: { 200: jsonResponse(friendRequestsResponse, "Pending requests"), ...errors([401, "Signed out"]) },
});

const answerErrors = (verb: string) =>
  errors([401, "Signed out"], [403, `Only the addressee may ${verb}`], [404, "No such request for the caller"], [409, "No longer pending"]);

const acceptRoute = createRoute({
  method: "post",
  path: "/friend-requests/{id}/accept",
  summary: "The addressee accepts a pending request (notifies the requester).",
  ...member,
  request: { params: idParam },
  responses: { 200: jsonResponse(friendRequestResult, "Accepted"), ...answerErrors("accept") },
});

const declineRoute = createRoute({
  method: "post",
  path: "/friend-requests/{id}/decline",
  summary: "The addressee declines a pending request.",
  ...member,
  request: { params: idParam },
  responses: { 200: jsonResponse(friendRequestResult, "Declined"), ...answerErrors("decline") },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/friend-requests/{id}",
  summary: "The requester cancels a pending request.",
  ...member,
  request: { params: idParam },
  responses: {
    204: { description: "Cancelled" },
    ...errors(
      [401, "Signed out"],
      [403, "Only the requester may cancel"],
      [404, "No such request for the caller"],
      [409, "No longer pending"],
    ),
  },
});

const listFriendsRoute = createRoute({
  method: "get",
  path: "/friends",
  summary: "The caller's friends (accepted friendships), newest first, paginated with limit and offset.",
  ...member,
  request: { query: friendsQuery },
  responses: { 200: jsonResponse(friendsResponse, "One page of friends"), ...errors([400, "Invalid paging"], [401, "Signed out"]) },
});

const removeFriendRoute = createRoute({
  method: "delete",
  path: "/friends/{userId}",
  summary: "Ends a friendship with the member.",
  ...member,
  request: { params: userIdParam },
  responses: { 204: { description: "No longer friends" }, ...errors([401, "Signed out"], [404, "Not friends"]) },
});

const listBlocksRoute = createRoute({
  method: "get",
  path: "/blocks",
  summary: "Members the caller blocked (at most 200, newest first).",
  ...member,
  responses: { 200: jsonResponse(blockedList, "Blocked members"), ...errors([401, "Signed out"]) },
});

const blockRoute = createRoute({
  method: "post",
  path: "/blocks",
  summary:
    "Blocks a member: removes any friendship or request between the two; neither appears in the other's matchmaking, neither sees the other's rooms in the lobby, events in the calendar or posts and replies in the forum, neither can invite the other or join a room or event the other hosts, and the blocked member loses their place (and live sockets) in the caller's rooms, tournament match rooms excepted. Idempotent.",
  ...member,
  request: { body: jsonBody(blockBody) },
  responses: {
    200: jsonResponse(blockResult, "Blocked"),
    ...errors(
      [400, "Invalid body, or blocking yourself"],
      [401, "Signed out"],
      [404, "No such member"],
      [429, `Blocked more than ${limitText("block")}`],
    ),
  },
});

const unblockRoute = createRoute({
  method: "delete",
  path: "/blocks/{userId}",
  summary: "Unblocks a member.",
  ...member,
  request: { params: userIdParam },
  responses: { 204: { description: "Unblocked" }, ...errors([401, "Signed out"], [404, "Not blocked"]) },
});

export const friendsApi = apiRouter()
  .openapi(sendRequestRoute, async (c) => {
    const { result, created } = await sendFriendRequest(c.get("db"), requireUser(c), c.req.valid("json").addresseeId);
    return created ? c.json(result, 201) : c.json(result, 200);
  })
  .openapi(listRequestsRoute, async (c) => c.json(await listFriendRequests(c.get("db"), requireUser(c).id), 200))
  .openapi(acceptRoute, async (c) => c.json(await acceptFriendRequest(c.get("db"), requireUser(c), c.req.valid("param").id), 200))
  .openapi(declineRoute, async (c) => c.json(await declineFriendRequest(c.get("db"), requireUser(c), c.req.valid("param").id), 200))
  .openapi(cancelRoute, async (c) => {
    await cancelFriendRequest(c.get("db"), requireUser(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(listFriendsRoute, async (c) => c.json(await listFriends(c.get("db"), requireUser(c).id, c.req.valid("query")), 200))
  .openapi(removeFriendRoute, async (c) => {
    await removeFriend(c.get("db"), requireUser(c).id, c.req.valid("param").userId);
    return c.body(null, 204);
  })
  .openapi(listBlocksRoute, async (c) => c.json({ blocked: await listBlocked(c.get("db"), requireUser(c).id) }, 200))
  .openapi(blockRoute, async (c) => {
    const { userId } = c.req.valid("json");
    await blockMemberEverywhere(c.env, c.get("db"), requireUser(c).id, userId);
    return c.json({ userId, blocked: true as const }, 200);
  })
  .openapi(unblockRoute, async (c) => {
    await unblockMember(c.get("db"), requireUser(c).id, c.req.valid("param").userId);
    return c.body(null, 204);
  });
