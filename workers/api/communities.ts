import { createRoute } from "@hono/zod-openapi";
import { communityList } from "../contract/communities";
import { listCommunities } from "../domain/communities";
import { PUBLIC, apiRouter, jsonResponse } from "./openapi-kit";

const listCommunitiesRoute = createRoute({
  method: "get",
  path: "/communities",
  summary: "The six realms: id, name, displayName, description, iconClass, themeColor.",
  security: PUBLIC,
  responses: { 200: jsonResponse(communityList, "The realms") },
});

export const communitiesApi = apiRouter().openapi(listCommunitiesRoute, async (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.json(await listCommunities(c.get("db")), 200);
});
