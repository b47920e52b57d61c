import { Hono } from "hono";
import { listCommunities } from "../domain/communities";
import type { AppEnv } from "../http/app-env";

export const communitiesApi = new Hono<AppEnv>().get("/communities", async (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.json(await listCommunities(c.get("db")));
});
