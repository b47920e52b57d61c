import { createRoute } from "@hono/zod-openapi";
import { communityList, membershipParams, membershipResponse } from "../contract/communities";
import { listCommunities } from "../domain/communities";
import { limitText } from "../domain/rate-limit-rules";
import { joinCommunity, leaveCommunity } from "../domain/community-membership";
import { requireUser } from "../http/require-user";
import { PUBLIC, apiRouter, errors, jsonResponse } from "./openapi-kit";
import { memberRoute } from "./route-guards";

const listCommunitiesRoute = createRoute({
  method: "get",
  path: "/communities",
  summary: "The six realms: id, name, displayName, description, iconClass, themeColor.",
  security: PUBLIC,
  responses: { 200: jsonResponse(communityList, "The realms") },
});

const joinCommunityRoute = memberRoute({
  method: "post",
  path: "/communities/{id}/membership",
  summary: "Join a realm. Idempotent: joining a realm you belong to changes nothing.",
  request: { params: membershipParams },
  responses: {
    200: jsonResponse(membershipResponse, "The caller is a member; the realm's member count"),
    ...errors([401, "Signed out"], [404, "No such realm"], [429, `More than ${limitText("communityMembership")}`]),
  },
});

const leaveCommunityRoute = memberRoute({
  method: "delete",
  path: "/communities/{id}/membership",
  summary: "Leave a realm. Idempotent: leaving a realm you do not belong to changes nothing.",
  request: { params: membershipParams },
  responses: {
    200: jsonResponse(membershipResponse, "The caller is not a member; the realm's member count"),
    ...errors([401, "Signed out"], [404, "No such realm"], [429, `More than ${limitText("communityMembership")}`]),
  },
});

export const communitiesApi = apiRouter()
  .openapi(listCommunitiesRoute, async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await listCommunities(c.get("db")), 200);
  })
  .openapi(joinCommunityRoute, async (c) => c.json(await joinCommunity(c.get("db"), requireUser(c).id, c.req.valid("param").id), 200))
  .openapi(leaveCommunityRoute, async (c) => c.json(await leaveCommunity(c.get("db"), requireUser(c).id, c.req.valid("param").id), 200));
