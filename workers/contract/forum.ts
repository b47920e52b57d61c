import { z } from "../lib/zod";
import { cursorParam } from "./cursor";
import { FORUM_CATEGORY_IDS } from "./forum-categories";
import { multiLine, singleLine } from "./text";

/** Page size of the post and reply lists (the spec names none). */
export const FORUM_PAGE_SIZE = 20;

export const forumCategory = z.enum(FORUM_CATEGORY_IDS, { error: "Choose a category" });

const cursor = cursorParam.optional();
const idParam = z.string().trim().min(1).max(64);

export const forumPostsQuery = z.object({
  communityId: z.string().trim().min(1, "communityId is required").max(64),
  category: forumCategory.optional(),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      "Searches titles and content within the community: every word must appear, in any order, ignoring case and accents (whole words; the community's 200 most recently written matches)",
    ),
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

/** Only its author ever receives a hidden post or reply: everyone else never sees it (issue 38). */
const hiddenReason = z
  .string()
  .nullable()
  .describe("Why a moderator hid it: only its author receives a hidden post or reply; null when shown (issue 38)");

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
  hiddenReason: hiddenReason,
  lockedReason: z.string().nullable().describe("Why a moderator locked the thread (no new replies); null while it is open (issue 38)"),
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
  hiddenReason: hiddenReason,
});
export type ForumReply = z.infer<typeof forumReply>;

export const forumReplyPage = z.object({ replies: z.array(forumReply), nextCursor: z.string().nullable() });
export type ForumReplyPage = z.infer<typeof forumReplyPage>;

export const forumLikeState = z.object({ isLiked: z.boolean(), likeCount: z.int() });
export type ForumLikeState = z.infer<typeof forumLikeState>;
