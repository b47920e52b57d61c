import { Hono } from "hono";
import { connectionBody, socialHubPlatform, socialPostBody, socialPostListQuery } from "../contract/social";
import { consumeRateLimit } from "../domain/rate-limit";
import { createPost, deletePost, listPlatforms, listPosts, setPlatformConnection } from "../domain/social";
import type { AppEnv } from "../http/app-env";
import { notFound, tooManyRequests } from "../http/errors";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery } from "../http/validate";

const POSTS_PER_MINUTE = 20;

export const socialApi = new Hono<AppEnv>()
  .get("/social/platforms", async (c) => {
    const user = requireUser(c);
    return c.json(await listPlatforms(c.get("db"), user.id));
  })
  .put("/social/platforms/:platform", async (c) => {
    const user = requireUser(c);
    const platform = socialHubPlatform.safeParse(c.req.param("platform"));
    if (!platform.success) throw notFound("Unknown platform");
    const body = await parseJsonBody(c, connectionBody);
    return c.json(await setPlatformConnection(c.get("db"), user.id, platform.data, body.connected));
  })
  .get("/social/posts", async (c) => {
    const user = requireUser(c);
    const query = parseQuery(c, socialPostListQuery);
    return c.json(await listPosts(c.get("db"), user.id, query));
  })
  .post("/social/posts", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, socialPostBody);
    const db = c.get("db");
    const limit = await consumeRateLimit(db, `social-post:${user.id}`, POSTS_PER_MINUTE, 60_000);
    if (!limit.allowed) throw tooManyRequests("Too many posts. Try again in a minute.");
    return c.json(await createPost(db, user.id, body), 201);
  })
  .delete("/social/posts/:id", async (c) => {
    const user = requireUser(c);
    if (!(await deletePost(c.get("db"), user.id, c.req.param("id")))) throw notFound("Post not found");
    return c.body(null, 204);
  });
