import { z } from "zod";
import { cursorParam } from "./cursor";
import { FORUM_CATEGORY_IDS } from "./forum-categories";
import { limitText } from "../domain/rate-limit-rules";
import type { RouteDoc } from "./route-doc";
import { multiLine, singleLine } from "./text";

/** Page size of the post and reply lists (the spec names none). */
export const FORUM_PAGE_SIZE = 20;

export const forumCategory = z.enum(FORUM_CATEGORY_IDS);

const cursor = cursorParam.optional();
const idParam = z.string().trim().min(1).max(64);

export const forumPostsQuery = z.object({
  communityId: z.string().trim().min(1, "communityId is required").max(64),
  category: forumCategory.optional(),
  q: z.string().trim().max(100).optional().describe("Searches titles and content within the community"),
  cursor,
});
export type ForumPostsQuery = z.infer<typeof forumPostsQuery>;

export const forumRepliesQuery = z.object({ cursor });

export const forumIdParam = z.object({ id: idParam });

const title = singleLine({ min: 1, max: 150, required: "Title is required" });
const content = multiLine({ min: 1, max: 10_000, required: "Content is required" });

export const createForumPostBody = z.object({
  title,
  category: forumCategory,
  content,
  communityId: z.string().trim().min(1, "communityId is required").max(64),
});
export type CreateForumPostBody = z.infer<typeof createForumPostBody>;

export const updateForumPostBody = z
  .object({ title: title.optional(), category: forumCategory.optional(), content: content.optional() })
  .refine((b) => b.title !== undefined || b.category !== undefined || b.content !== undefined, {
    message: "Nothing to update",
  });
export type UpdateForumPostBody = z.infer<typeof updateForumPostBody>;

export const forumReplyBody = z.object({ content: multiLine({ min: 1, max: 5_000, required: "Please enter a reply" }) });
export type ForumReplyBody = z.infer<typeof forumReplyBody>;

// ------------------------------------------------------------- responses

export const forumAuthor = z
  .object({
    id: z.string(),
    profileImageUrl: z.string().nullable(),
    firstName: z.string().nullable(),
    username: z.string().nullable(),
  })
  .nullable()
  .describe(
    "null once the author deleted their account. The spec's `author.email` is never sent: no member's address reaches anyone else.",
  );
export type ForumAuthor = z.infer<typeof forumAuthor>;

export const forumPost = z.object({
  id: z.string(),
  title: z.string(),
  category: forumCategory,
  content: z.string(),
  communityId: z.string(),
  isPinned: z.boolean(),
  isLiked: z.boolean().describe("Whether the signed-in member likes it (false for visitors)"),
  likeCount: z.int(),
  replyCount: z.int(),
  viewCount: z.int(),
  createdAt: z.iso.datetime(),
  author: forumAuthor,
});
export type ForumPost = z.infer<typeof forumPost>;

export const forumPostPage = z.object({ posts: z.array(forumPost), nextCursor: z.string().nullable() });
export type ForumPostPage = z.infer<typeof forumPostPage>;

export const forumReply = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  likeCount: z.int(),
  createdAt: z.iso.datetime(),
  author: forumAuthor,
});
export type ForumReply = z.infer<typeof forumReply>;

export const forumReplyPage = z.object({ replies: z.array(forumReply), nextCursor: z.string().nullable() });
export type ForumReplyPage = z.infer<typeof forumReplyPage>;

export const forumLikeState = z.object({ isLiked: z.boolean(), likeCount: z.int() });
export type ForumLikeState = z.infer<typeof forumLikeState>;

const missingPost = "No such post";

export const forumRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/forum/posts",
    summary: `Posts of one community: pinned first, then newest; ${FORUM_PAGE_SIZE} a page. Open to visitors (isLiked is then false).`,
    auth: "public",
    query: forumPostsQuery,
    response: forumPostPage,
    errors: { 400: "Missing communityId, unknown category or bad cursor" },
  },
  {
    method: "post",
    path: "/api/forum/posts",
    summary: "Creates a post in a community.",
    auth: "member",
    body: createForumPostBody,
    response: forumPost,
    status: 201,
    errors: { 400: "Invalid post or unknown community", 401: "Signed out", 429: `More than ${limitText("forumPost")}` },
  },
  {
    method: "get",
    path: "/api/forum/posts/:id",
    summary: "One post with isLiked; counts one view per member per post.",
    auth: "member",
    response: forumPost,
    errors: { 401: "Signed out", 404: missingPost },
  },
  {
    method: "patch",
    path: "/api/forum/posts/:id",
    summary: "Edits the author's own post (title, category, content).",
    auth: "member",
    body: updateForumPostBody,
    response: forumPost,
    errors: { 400: "Invalid fields", 401: "Signed out", 403: "Not the author", 404: missingPost },
  },
  {
    method: "delete",
    path: "/api/forum/posts/:id",
    summary: "Deletes the author's own post with its replies, likes and views.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 403: "Not the author", 404: missingPost },
  },
  {
    method: "get",
    path: "/api/forum/posts/:id/replies",
    summary: `Replies of a post, oldest first; ${FORUM_PAGE_SIZE} a page.`,
    auth: "member",
    query: forumRepliesQuery,
    response: forumReplyPage,
    errors: { 400: "Bad cursor", 401: "Signed out", 404: missingPost },
  },
  {
    method: "post",
    path: "/api/forum/posts/:id/replies",
    summary: "Replies to a post and notifies its author (unless they reply to themselves).",
    auth: "member",
    body: forumReplyBody,
    response: forumReply,
    status: 201,
    errors: { 400: "Blank or too long", 401: "Signed out", 404: missingPost, 429: `More than ${limitText("forumReply")}` },
  },
  {
    method: "post",
    path: "/api/forum/posts/:id/like",
    summary: "Likes a post; idempotent.",
    auth: "member",
    response: forumLikeState,
    errors: { 401: "Signed out", 404: missingPost, 429: `More than ${limitText("forumLike")}` },
  },
  {
    method: "delete",
    path: "/api/forum/posts/:id/like",
    summary: "Removes the member's like; idempotent.",
    auth: "member",
    response: forumLikeState,
    errors: { 401: "Signed out", 404: missingPost },
  },
  {
    method: "patch",
    path: "/api/forum/replies/:id",
    summary: "Edits the author's own reply.",
    auth: "member",
    body: forumReplyBody,
    response: forumReply,
    errors: { 400: "Blank or too long", 401: "Signed out", 403: "Not the author", 404: "No such reply" },
  },
  {
    method: "delete",
    path: "/api/forum/replies/:id",
    summary: "Deletes the author's own reply.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 403: "Not the author", 404: "No such reply" },
  },
];
