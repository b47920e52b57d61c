import { Hono } from "hono";
import { blockBody, friendRequestBody, friendsQuery, idParam, userIdParam } from "../contract/friends";
import {
  acceptFriendRequest,
  blockMember,
  cancelFriendRequest,
  declineFriendRequest,
  listBlocked,
  listFriendRequests,
  listFriends,
  removeFriend,
  sendFriendRequest,
  unblockMember,
} from "../domain/friends";
import type { AppEnv } from "../http/app-env";
import { enforceRateLimit } from "../domain/rate-limit";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery, parseValue } from "../http/validate";

export const friendsApi = new Hono<AppEnv>()
  .post("/friend-requests", async (c) => {
    const user = requireUser(c);
    const { addresseeId } = await parseJsonBody(c, friendRequestBody);
    const db = c.get("db");
    await enforceRateLimit(db, "friendRequest", user.id);
    const { result, created } = await sendFriendRequest(db, user, addresseeId);
    return c.json(result, created ? 201 : 200);
  })
  .get("/friend-requests", async (c) => {
    const user = requireUser(c);
    return c.json(await listFriendRequests(c.get("db"), user.id));
  })
  .post("/friend-requests/:id/accept", async (c) => {
    const user = requireUser(c);
    const { id } = parseValue(idParam, c.req.param(), "Invalid request id");
    return c.json(await acceptFriendRequest(c.get("db"), user, id));
  })
  .post("/friend-requests/:id/decline", async (c) => {
    const user = requireUser(c);
    const { id } = parseValue(idParam, c.req.param(), "Invalid request id");
    return c.json(await declineFriendRequest(c.get("db"), user, id));
  })
  .delete("/friend-requests/:id", async (c) => {
    const user = requireUser(c);
    const { id } = parseValue(idParam, c.req.param(), "Invalid request id");
    await cancelFriendRequest(c.get("db"), user, id);
    return c.body(null, 204);
  })
  .get("/friends", async (c) => {
    const user = requireUser(c);
    const page = parseQuery(c, friendsQuery);
    return c.json(await listFriends(c.get("db"), user.id, page));
  })
  .delete("/friends/:userId", async (c) => {
    const user = requireUser(c);
    const { userId } = parseValue(userIdParam, c.req.param(), "Invalid member id");
    await removeFriend(c.get("db"), user.id, userId);
    return c.body(null, 204);
  })
  .get("/blocks", async (c) => {
    const user = requireUser(c);
    return c.json({ blocked: await listBlocked(c.get("db"), user.id) });
  })
  .post("/blocks", async (c) => {
    const user = requireUser(c);
    const { userId } = await parseJsonBody(c, blockBody);
    await enforceRateLimit(c.get("db"), "block", user.id);
    await blockMember(c.get("db"), user.id, userId);
    return c.json({ userId, blocked: true as const });
  })
  .delete("/blocks/:userId", async (c) => {
    const user = requireUser(c);
    const { userId } = parseValue(userIdParam, c.req.param(), "Invalid member id");
    await unblockMember(c.get("db"), user.id, userId);
    return c.body(null, 204);
  });
