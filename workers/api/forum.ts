import { Hono } from "hono";
import {
  createForumPostBody,
  forumIdParam,
  forumPostsQuery,
  forumRepliesQuery,
  forumReplyBody,
  updateForumPostBody,
} from "../contract/forum";
import {
  createForumPost,
  createForumReply,
  deleteForumPost,
  deleteForumReply,
  listForumPosts,
  listForumReplies,
  openForumPost,
  setForumLike,
  updateForumPost,
  updateForumReply,
} from "../domain/forum";
import { enforceRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery, parseValue } from "../http/validate";

const idOf = (c: { req: { param: (name: "id") => string } }) => parseValue(forumIdParam, { id: c.req.param("id") }, "Invalid id").id;

export const forumApi = new Hono<AppEnv>()
  .get("/forum/posts", async (c) => {
    const query = parseQuery(c, forumPostsQuery);
    return c.json(await listForumPosts(c.get("db"), query, c.get("user")?.id ?? null));
  })
  .post("/forum/posts", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, createForumPostBody);
    await enforceRateLimit(c.get("db"), "forumPost", user.id);
    return c.json(await createForumPost(c.get("db"), user, body), 201);
  })
  .get("/forum/posts/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await openForumPost(c.get("db"), idOf(c), user.id));
  })
  .patch("/forum/posts/:id", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, updateForumPostBody);
    return c.json(await updateForumPost(c.get("db"), idOf(c), user, body));
  })
  .delete("/forum/posts/:id", async (c) => {
    const user = requireUser(c);
    await deleteForumPost(c.get("db"), idOf(c), user);
    return c.body(null, 204);
  })
  .get("/forum/posts/:id/replies", async (c) => {
    requireUser(c);
    const { cursor } = parseQuery(c, forumRepliesQuery);
    return c.json(await listForumReplies(c.get("db"), idOf(c), cursor));
  })
  .post("/forum/posts/:id/replies", async (c) => {
    const user = requireUser(c);
    const { content } = await parseJsonBody(c, forumReplyBody);
    const id = idOf(c);
    await enforceRateLimit(c.get("db"), "forumReply", user.id);
    return c.json(await createForumReply(c.get("db"), id, user, content), 201);
  })
  .post("/forum/posts/:id/like", async (c) => {
    const user = requireUser(c);
    const id = idOf(c);
    await enforceRateLimit(c.get("db"), "forumLike", user.id);
    return c.json(await setForumLike(c.get("db"), id, user.id, true));
  })
  .delete("/forum/posts/:id/like", async (c) => {
    const user = requireUser(c);
    return c.json(await setForumLike(c.get("db"), idOf(c), user.id, false));
  })
  .patch("/forum/replies/:id", async (c) => {
    const user = requireUser(c);
    const { content } = await parseJsonBody(c, forumReplyBody);
    return c.json(await updateForumReply(c.get("db"), idOf(c), user, content));
  })
  .delete("/forum/replies/:id", async (c) => {
    const user = requireUser(c);
    await deleteForumReply(c.get("db"), idOf(c), user);
    return c.body(null, 204);
  });
