import { createRoute } from "@hono/zod-openapi";
import {
  FORUM_PAGE_SIZE,
  createForumPostBody,
  forumIdParam,
  forumLikeState,
  forumPost,
  forumPostPage,
  forumPostsQuery,
  forumRepliesQuery,
  forumReply,
  forumReplyBody,
  forumReplyPage,
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
} from "../domain/forum/forum";
import { limitText } from "../domain/rate-limit-rules";
import { requireUser } from "../http/require-user";
import { memberRoute } from "./route-guards";
import { PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const SIGNED_OUT = [401, "Signed out"] as const;
const NO_POST = [404, "No such post"] as const;
const NO_REPLY = [404, "No such reply"] as const;
const NOT_AUTHOR = [403, "Not the author"] as const;
const REMOVED = [403, "A moderator removed you from this realm (the message says until when and why), or a cross-origin request"] as const;
const params = forumIdParam;

const listPosts = createRoute({
  method: "get",
  path: "/forum/posts",
  summary: `Posts of one community: pinned first, then newest; ${FORUM_PAGE_SIZE} a page. Open to visitors (isLiked is then false).`,
  security: PUBLIC,
  request: { query: forumPostsQuery },
  responses: {
    200: jsonResponse(forumPostPage, "One page of posts"),
    ...errors([400, "Missing communityId, unknown category or bad cursor"]),
  },
});

const createPost = memberRoute({
  method: "post",
  path: "/forum/posts",
  summary: "Creates a post in a community.",
  request: { body: jsonBody(createForumPostBody) },
  responses: {
    201: jsonResponse(forumPost, "The new post"),
    ...errors([400, "Invalid post or unknown community"], SIGNED_OUT, REMOVED, [429, `More than ${limitText("forumPost")}`]),
  },
});

const openPost = memberRoute({
  method: "get",
  path: "/forum/posts/{id}",
  summary:
    "One post with isLiked; counts one view per member per post. A post a moderator hid is found by its author only (with `hiddenReason`).",
  request: { params },
  responses: { 200: jsonResponse(forumPost, "The post"), ...errors(SIGNED_OUT, NO_POST) },
});

const updatePost = memberRoute({
  method: "patch",
  path: "/forum/posts/{id}",
  summary: "Edits the author's own post (title, category, content).",
  request: { params, body: jsonBody(updateForumPostBody) },
  responses: { 200: jsonResponse(forumPost, "The edited post"), ...errors([400, "Invalid fields"], SIGNED_OUT, NOT_AUTHOR, NO_POST) },
});

const deletePost = memberRoute({
  method: "delete",
  path: "/forum/posts/{id}",
  summary: "Deletes the author's own post with its replies, likes and views.",
  request: { params },
  responses: { 204: { description: "Deleted" }, ...errors(SIGNED_OUT, NOT_AUTHOR, NO_POST) },
});

const listReplies = memberRoute({
  method: "get",
  path: "/forum/posts/{id}/replies",
  summary: `Replies of a post, oldest first; ${FORUM_PAGE_SIZE} a page.`,
  request: { params, query: forumRepliesQuery },
  responses: { 200: jsonResponse(forumReplyPage, "One page of replies"), ...errors([400, "Bad cursor"], SIGNED_OUT, NO_POST) },
});

const createReply = memberRoute({
  method: "post",
  path: "/forum/posts/{id}/replies",
  summary: "Replies to a post and notifies its author (unless they reply to themselves).",
  request: { params, body: jsonBody(forumReplyBody) },
  responses: {
    201: jsonResponse(forumReply, "The new reply"),
    ...errors(
      [400, "Blank or too long"],
      SIGNED_OUT,
      REMOVED,
      NO_POST,
      [409, "The thread is locked"],
      [429, `More than ${limitText("forumReply")}`],
    ),
  },
});

const like = memberRoute({
  method: "post",
  path: "/forum/posts/{id}/like",
  summary: "Likes a post; idempotent.",
  request: { params },
  responses: {
    200: jsonResponse(forumLikeState, "The like state"),
    ...errors(SIGNED_OUT, NO_POST, [429, `More than ${limitText("forumLike")}`]),
  },
});

const unlike = memberRoute({
  method: "delete",
  path: "/forum/posts/{id}/like",
  summary: "Removes the member's like; idempotent.",
  request: { params },
  responses: { 200: jsonResponse(forumLikeState, "The like state"), ...errors(SIGNED_OUT, NO_POST) },
});

const updateReply = memberRoute({
  method: "patch",
  path: "/forum/replies/{id}",
  summary: "Edits the author's own reply.",
  request: { params, body: jsonBody(forumReplyBody) },
  responses: { 200: jsonResponse(forumReply, "The edited reply"), ...errors([400, "Blank or too long"], SIGNED_OUT, NOT_AUTHOR, NO_REPLY) },
});

const deleteReply = memberRoute({
  method: "delete",
  path: "/forum/replies/{id}",
  summary: "Deletes the author's own reply.",
  request: { params },
  responses: { 204: { description: "Deleted" }, ...errors(SIGNED_OUT, NOT_AUTHOR, NO_REPLY) },
});

export const forumApi = apiRouter()
  .openapi(listPosts, async (c) => c.json(await listForumPosts(c.get("db"), c.req.valid("query"), c.get("user")?.id ?? null), 200))
  .openapi(createPost, async (c) => c.json(await createForumPost(c.get("db"), requireUser(c), c.req.valid("json")), 201))
  .openapi(openPost, async (c) => c.json(await openForumPost(c.get("db"), c.req.valid("param").id, requireUser(c).id), 200))
  .openapi(updatePost, async (c) =>
    c.json(await updateForumPost(c.get("db"), c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200),
  )
  .openapi(deletePost, async (c) => {
    await deleteForumPost(c.get("db"), c.req.valid("param").id, requireUser(c));
    return c.body(null, 204);
  })
  .openapi(listReplies, async (c) => {
    const viewer = requireUser(c);
    return c.json(await listForumReplies(c.get("db"), c.req.valid("param").id, viewer.id, c.req.valid("query").cursor), 200);
  })
  .openapi(createReply, async (c) =>
    c.json(await createForumReply(c.get("db"), c.req.valid("param").id, requireUser(c), c.req.valid("json").content), 201),
  )
  .openapi(like, async (c) => c.json(await setForumLike(c.get("db"), c.req.valid("param").id, requireUser(c).id, true), 200))
  .openapi(unlike, async (c) => c.json(await setForumLike(c.get("db"), c.req.valid("param").id, requireUser(c).id, false), 200))
  .openapi(updateReply, async (c) =>
    c.json(await updateForumReply(c.get("db"), c.req.valid("param").id, requireUser(c), c.req.valid("json").content), 200),
  )
  .openapi(deleteReply, async (c) => {
    await deleteForumReply(c.get("db"), c.req.valid("param").id, requireUser(c));
    return c.body(null, 204);
  });
