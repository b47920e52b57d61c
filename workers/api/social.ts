import { Hono } from "hono";
import { connectionBody, socialHubPlatform, socialPostBody, socialPostListQuery } from "../contract/social";
import { enforceRateLimit } from "../domain/rate-limit";
import { createPost, deletePost, listPlatforms, listPosts, setPlatformConnection } from "../domain/social";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../domain/errors";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery } from "../http/validate";

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
    await enforceRateLimit(db, "socialPost", user.id);
    return c.json(await createPost(db, user.id, body), 201);
  })
  .delete("/social/posts/:id", async (c) => {
    const user = requireUser(c);
    if (!(await deletePost(c.get("db"), user.id, c.req.param("id")))) throw notFound("Post not found");
    return c.body(null, 204);
  });
