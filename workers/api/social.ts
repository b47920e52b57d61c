import {
  connectionBody,
  socialPlatformList,
  socialPlatformParam,
  socialPlatformResponse,
  socialPostBody,
  socialPostIdParam,
  socialPostListQuery,
  socialPostPage,
  socialPostResponse,
} from "../contract/social";
import { limitText } from "../domain/rate-limit-rules";
import { createPost, deletePost, listPlatforms, listPosts, setPlatformConnection } from "../domain/social";
import { requireUser } from "../http/require-user";
import { memberRoute, missingUnlessKnownParam } from "./route-guards";
import { apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const SIGNED_OUT = [401, "Signed out"] as const;

const platforms = memberRoute({
  method: "get",
  path: "/social/platforms",
  summary:
    "The five Social Hub platforms with the member's connected flag (twitter and discord by default). Realmcast holds no platform tokens: a connection only marks where the member publishes.",
  responses: { 200: jsonResponse(socialPlatformList, "The platforms"), ...errors(SIGNED_OUT) },
});

const connect = memberRoute({
  method: "put",
  path: "/social/platforms/{platform}",
  summary: "Connects or disconnects one platform for the member.",
  request: { params: socialPlatformParam, body: jsonBody(connectionBody) },
  responses: {
    200: jsonResponse(socialPlatformResponse, "The platform"),
    ...errors([400, "Invalid body"], SIGNED_OUT, [404, "Unknown platform"]),
  },
});

const posts = memberRoute({
  method: "get",
  path: "/social/posts",
  summary: "The member's posts, newest first (drafts, scheduled, due).",
  request: { query: socialPostListQuery },
  responses: { 200: jsonResponse(socialPostPage, "One page of posts"), ...errors([400, "Bad cursor or limit"], SIGNED_OUT) },
});

const create = memberRoute({
  method: "post",
  path: "/social/posts",
  summary:
    'Stores a post for connected platforms. With scheduledFor (future) it is scheduled and a Cron Trigger sends a "Post reminder" notification with the text when it is due; Realmcast never publishes to the networks itself.',
  request: { body: jsonBody(socialPostBody) },
  responses: {
    201: jsonResponse(socialPostResponse, "The stored post"),
    ...errors([400, "Empty content, no platform, a platform not connected, or a time in the past"], SIGNED_OUT, [
      429,
      `More than ${limitText("socialPost")}`,
    ]),
  },
});

const remove = memberRoute({
  method: "delete",
  path: "/social/posts/{id}",
  summary: "Deletes one of the member's posts.",
  request: { params: socialPostIdParam },
  responses: { 204: { description: "Deleted" }, ...errors(SIGNED_OUT, [404, "No such post of yours"]) },
});

export const socialApi = apiRouter()
  .openapi(platforms, async (c) => c.json(await listPlatforms(c.get("db"), requireUser(c).id), 200))
  .openapi(
    connect,
    async (c) =>
      c.json(
        await setPlatformConnection(c.get("db"), requireUser(c).id, c.req.valid("param").platform, c.req.valid("json").connected),
        200,
      ),
    missingUnlessKnownParam("Unknown platform"),
  )
  .openapi(posts, async (c) => c.json(await listPosts(c.get("db"), requireUser(c).id, c.req.valid("query")), 200))
  .openapi(create, async (c) => c.json(await createPost(c.get("db"), requireUser(c).id, c.req.valid("json")), 201))
  .openapi(remove, async (c) => {
    await deletePost(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  });
