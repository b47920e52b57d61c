/**
 * Forum posts, replies and likes over D1 (list, read, create, edit, delete, like). Over 300 lines because
 * posts and replies share the visibility rule, the cursor and the notification batch.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  FORUM_PAGE_SIZE,
  type CreateForumPostBody,
  type ForumPost,
  type ForumPostPage,
  type ForumPostsQuery,
  type ForumReply,
  type ForumReplyPage,
  type UpdateForumPostBody,
} from "../../contract/forum";
import type { Db } from "../../db/client";
import { forumLikes, forumPosts, forumReplies, forumViews, type User, users } from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { decodePostCursor, decodeReplyCursor, encodePostCursor, encodeReplyCursor } from "./forum-cursor";
import { notificationInsert } from "../notifications";
import { pickMemberColumns } from "../member-columns";
import { enforceRateLimit } from "../rate-limit";
import { forumSearchMatch } from "./forum-search";
import { postsVisibleTo, replyCountShownTo, repliesVisibleTo, shownToEveryone } from "./forum-visibility";
import { realmRemovalOf, refuseIfRemoved, requireRealmOpenTo } from "../moderation/standing";

const POST_NOT_FOUND = "Post not found";
const REPLY_NOT_FOUND = "Reply not found";

const authorColumns = pickMemberColumns("id", "profileImageUrl", "firstName", "username");

function authorOf(user: User) {
  return {
    id: user.id,
    profileImageUrl: user.profileImageUrl,
    firstName: user.firstName,
    username: user.username,
  };
}

/** Posts with their author (left join: the author may have deleted their account) and the viewer's like. */
function selectPosts(db: Db, viewerId: string | null) {
  const isLiked = viewerId
    ? sql<number>`exists (select 1 from ${forumLikes} where ${forumLikes.postId} = ${forumPosts.id} and ${forumLikes.userId} = ${viewerId})`
    : sql<number>`0`;
  return db
    .select({
      id: forumPosts.id,
      title: forumPosts.title,
      category: forumPosts.category,
      content: forumPosts.content,
      communityId: forumPosts.communityId,
      isPinned: forumPosts.isPinned,
      isLiked,
      likeCount: forumPosts.likeCount,
      // The replies the viewer sees (forum-visibility.ts), named: a D1 batch keys rows by column name.
      replyCount: replyCountShownTo(viewerId).as("reply_count"),
      viewCount: forumPosts.viewCount,
      createdAt: forumPosts.createdAt,
      author: authorColumns,
      hiddenReason: forumPosts.hiddenReason,
      lockedReason: forumPosts.lockedReason,
    })
    .from(forumPosts)
    .leftJoin(users, eq(users.id, forumPosts.authorId));
}
type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>["all"]>>[number];

function toForumPost(row: PostRow): ForumPost {
  return { ...row, isLiked: Boolean(row.isLiked), createdAt: new Date(row.createdAt).toISOString() };
}

function selectReplies(db: Db) {
  return db
    .select({
      id: forumReplies.id,
      postId: forumReplies.postId,
      content: forumReplies.content,
      likeCount: forumReplies.likeCount,
      createdAt: forumReplies.createdAt,
      author: authorColumns,
      hiddenReason: forumReplies.hiddenReason,
    })
    .from(forumReplies)
    .leftJoin(users, eq(users.id, forumReplies.authorId));
}
type ReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>["all"]>>[number];

function toForumReply(row: ReplyRow): ForumReply {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/** A search considers this many of the community's matches at most, the newest written first (10 pages). */
export const FORUM_SEARCH_MATCHES = 200;

/**
 * One page of a community's posts: pinned first, then newest (keyset on isPinned, createdAt, id). A search (`q`)
 * narrows it to the posts the FTS5 index matches in the community (./forum-search); text with no searchable word
 * matches nothing. Posts the viewer is not shown (forumShownTo: a block with the author) are left out.
 */
export async function listForumPosts(db: Db, query: ForumPostsQuery, viewerId: string | null): Promise<ForumPostPage> {
  const match = query.q ? forumSearchMatch(query.q, { communityId: query.communityId, category: query.category }) : undefined;
  if (match === null) return { posts: [], nextCursor: null };
  // A search starts from the index's matches, at most FORUM_SEARCH_MATCHES of them, and sorts those, so what it
  // reads depends on the matches, never on how many posts there are (test/forum-search.test.ts). The unary + keeps
  // SQLite from walking the community's posts in list order instead, checking each against the matches (3,337 rows
  // read at 20,000 posts against 337 at 2,000).
  const filter = (column: typeof forumPosts.communityId | typeof forumPosts.category, value: string) =>
    match ? sql`+${column} = ${value}` : eq(column, value);
  const conditions: SQL[] = [filter(forumPosts.communityId, query.communityId), postsVisibleTo(viewerId)];
  if (query.category) conditions.push(filter(forumPosts.category, query.category));
  if (match) {
    conditions.push(
      sql`${forumPosts}.rowid in (select rowid from forum_posts_fts where forum_posts_fts match ${match} order by rowid desc limit ${FORUM_SEARCH_MATCHES})`,
    );
  }
  if (query.cursor) {
    const after = decodePostCursor(query.cursor);
    if (!after) throw invalid("Invalid cursor");
    conditions.push(
      sql`(${forumPosts.isPinned}, ${forumPosts.createdAt}, ${forumPosts.id}) < (${after.pinned}, ${after.createdAt}, ${after.id})`,
    );
  }
  const rows = await selectPosts(db, viewerId)
    .where(and(...conditions))
    .orderBy(desc(forumPosts.isPinned), desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(FORUM_PAGE_SIZE + 1)
    .all();
  const page = rows.slice(0, FORUM_PAGE_SIZE);
  const last = page.at(-1);
  return {
    posts: page.map(toForumPost),
    nextCursor:
      rows.length > FORUM_PAGE_SIZE && last
        ? encodePostCursor({ pinned: last.isPinned ? 1 : 0, createdAt: last.createdAt, id: last.id })
        : null,
  };
}

/**
 * `insert (post_id, user_id) select ... where the post exists on conflict do nothing`:
 * a missing post (or one hidden from the member) inserts nothing instead of failing a foreign key.
 */
function insertMemberRow(db: Db, table: typeof forumLikes | typeof forumViews, postId: string, userId: string) {
  return db
    .insert(table)
    .select(
      db
        .select({
          postId: forumPosts.id,
          userId: sql<string>`${userId}`.as("user_id"),
          createdAt: sql<number>`${Date.now()}`.as("created_at"),
        })
        .from(forumPosts)
        .where(and(eq(forumPosts.id, postId), postsVisibleTo(userId))),
    )
    .onConflictDoNothing();
}

/** A post as a signed-in member opens it, counting their view (once per member and post). */
export async function openForumPost(db: Db, postId: string, viewerId: string): Promise<ForumPost> {
  await recordView(db, postId, viewerId);
  // Read after the batch: D1 batches return rows as objects, where the post's and
  // the author's `id` columns would collide.
  return getForumPost(db, postId, viewerId);
}

/**
 * The view row and the counter change in one batch: the counter moves only when
 * this member's first view was inserted (`changes()` of the insert), so repeats
 * and races never overcount.
 */
async function recordView(db: Db, postId: string, viewerId: string): Promise<void> {
  await db.batch([
    insertMemberRow(db, forumViews, postId, viewerId),
    db
      .update(forumPosts)
      .set({ viewCount: sql`${forumPosts.viewCount} + 1` })
      .where(and(eq(forumPosts.id, postId), postsVisibleTo(viewerId), sql`changes() = 1`)),
  ]);
}

/** One post as the viewer sees it; 404 when it is gone or not shown to them (forumShownTo). */
export async function getForumPost(db: Db, postId: string, viewerId: string | null): Promise<ForumPost> {
  const row = await selectPosts(db, viewerId)
    .where(and(eq(forumPosts.id, postId), postsVisibleTo(viewerId)))
    .get();
  if (!row) throw notFound(POST_NOT_FOUND);
  return toForumPost(row);
}

/** A new post, within the author's hourly post limit (checked first, so a refused post creates nothing). */
export async function createForumPost(db: Db, author: User, input: CreateForumPostBody): Promise<ForumPost> {
  await enforceRateLimit(db, "forumPost", author.id);
  // The realm exists and no moderator removed the author from it (issue 38).
  await requireRealmOpenTo(db, author.id, input.communityId);
  const row = await db
    .insert(forumPosts)
    .values({ id: crypto.randomUUID(), authorId: author.id, ...input })
    .returning()
    .get();
  const { authorId: _authorId, updatedAt: _updatedAt, hiddenAt: _hiddenAt, lockedAt: _lockedAt, ...fields } = row;
  return toForumPost({ ...fields, isLiked: 0, author: authorOf(author) });
}

/** 404 when the row is missing, 403 when it belongs to someone else. */
async function assertAuthor(db: Db, table: typeof forumPosts | typeof forumReplies, id: string, userId: string, missing: string) {
  const row = await db.select({ authorId: table.authorId }).from(table).where(eq(table.id, id)).get();
  if (!row) throw notFound(missing);
  if (row.authorId !== userId) throw forbidden("Only the author can change this");
}

export async function updateForumPost(db: Db, postId: string, user: User, input: UpdateForumPostBody): Promise<ForumPost> {
  const updated = await db
    .update(forumPosts)
    .set({ ...input, updatedAt: Date.now() })
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.authorId, user.id)))
    .returning({ id: forumPosts.id })
    .get();
  if (!updated) await assertAuthor(db, forumPosts, postId, user.id, POST_NOT_FOUND);
  return getForumPost(db, postId, user.id);
}

/** Replies, likes and views go with the post (foreign keys cascade). */
export async function deleteForumPost(db: Db, postId: string, user: User): Promise<void> {
  const deleted = await db
    .delete(forumPosts)
    .where(and(eq(forumPosts.id, postId), eq(forumPosts.authorId, user.id)))
    .returning({ id: forumPosts.id })
    .get();
  if (!deleted) await assertAuthor(db, forumPosts, postId, user.id, POST_NOT_FOUND);
}

/**
 * Likes or unlikes in one batch. The counter is recomputed from the like rows
 * in the same batch (never +1/-1), so it equals the number of likes whatever
 * the repetition or concurrency. Liking counts against the member's like limit;
 * unliking never does.
 */
export async function setForumLike(db: Db, postId: string, userId: string, liked: boolean) {
  if (liked) await enforceRateLimit(db, "forumLike", userId);
  const change = liked
    ? insertMemberRow(db, forumLikes, postId, userId)
    : db.delete(forumLikes).where(and(eq(forumLikes.postId, postId), eq(forumLikes.userId, userId)));
  const [, rows] = await db.batch([
    change,
    db
      .update(forumPosts)
      .set({ likeCount: sql`(select count(*) from ${forumLikes} where ${forumLikes.postId} = ${postId})` })
      .where(and(eq(forumPosts.id, postId), postsVisibleTo(userId)))
      .returning({ likeCount: forumPosts.likeCount }),
  ]);
  const row = rows[0];
  if (!row) throw notFound(POST_NOT_FOUND);
  return { isLiked: liked, likeCount: row.likeCount };
}

/**
 * The post's title and author as `actorId` may see it (forumShownTo: a hidden post is missing to everyone but its
 * author, a post across a block to both), `removal` when a moderator removed `actorId` from the post's realm,
 * `lockedReason` when the thread is locked (issue 38).
 */
async function postSummary(db: Db, postId: string, actorId: string) {
  const post = await db
    .select({
      id: forumPosts.id,
      title: forumPosts.title,
      authorId: forumPosts.authorId,
      removal: realmRemovalOf(actorId, forumPosts.communityId),
      lockedReason: forumPosts.lockedReason,
    })
    .from(forumPosts)
    .where(and(eq(forumPosts.id, postId), postsVisibleTo(actorId)))
    .get();
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

/** One page of a post's replies as `viewerId` sees them, oldest first (keyset on createdAt, id); says nothing about the post itself. */
async function replyPage(db: Db, postId: string, viewerId: string, cursor: string | undefined): Promise<ForumReplyPage> {
  const conditions: SQL[] = [eq(forumReplies.postId, postId), repliesVisibleTo(viewerId)];
  if (cursor) {
    const after = decodeReplyCursor(cursor);
    if (!after) throw invalid("Invalid cursor");
    conditions.push(sql`(${forumReplies.createdAt}, ${forumReplies.id}) > (${after.createdAt}, ${after.id})`);
  }
  const rows = await selectReplies(db)
    .where(and(...conditions))
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
    .limit(FORUM_PAGE_SIZE + 1)
    .all();
  const page = rows.slice(0, FORUM_PAGE_SIZE);
  const last = page.at(-1);
  return {
    replies: page.map(toForumReply),
    nextCursor: rows.length > FORUM_PAGE_SIZE && last ? encodeReplyCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Replies of a post as `viewerId` sees them, oldest first; 404 when the post is gone (or hidden from them). */
export async function listForumReplies(db: Db, postId: string, viewerId: string, cursor: string | undefined): Promise<ForumReplyPage> {
  const [, page] = await Promise.all([postSummary(db, postId, viewerId), replyPage(db, postId, viewerId, cursor)]);
  return page;
}

/**
 * A post as a member opens its page, with the first page of replies: three D1
 * round trips (the view, the post, the replies), since the post read already
 * says whether it exists.
 */
export async function openForumThread(db: Db, postId: string, viewerId: string): Promise<{ post: ForumPost; replies: ForumReplyPage }> {
  await recordView(db, postId, viewerId);
  const [post, replies] = await Promise.all([getForumPost(db, postId, viewerId), replyPage(db, postId, viewerId, undefined)]);
  return { post, replies };
}

/** Recomputes a post's reply counter from its rows everyone sees (a hidden reply is not counted), inside a batch. */
export function recountReplies(db: Db, postId: string) {
  return db
    .update(forumPosts)
    .set({
      replyCount: sql`(select count(*) from ${forumReplies} where ${forumReplies.postId} = ${postId} and ${shownToEveryone.replies()})`,
    })
    .where(eq(forumPosts.id, postId));
}

/**
 * Adds a reply (within the author's reply limit), recounts, and notifies the
 * post's author unless they answer themselves. A post not shown to the replier
 * (a block between the two, either way: forumShownTo) is not there to answer: 404.
 */
export async function createForumReply(db: Db, postId: string, author: User, content: string): Promise<ForumReply> {
  await enforceRateLimit(db, "forumReply", author.id);
  const post = await postSummary(db, postId, author.id);
  refuseIfRemoved(post.removal);
  if (post.lockedReason !== null) throw conflict(`This thread is locked: ${post.lockedReason}`);
  const id = crypto.randomUUID();
  const now = Date.now();
  const notify =
    post.authorId && post.authorId !== author.id
      ? [
          notificationInsert(db, {
            userId: post.authorId,
            type: "forum",
            title: "New reply to your post",
            message: `${author.firstName ?? author.username ?? "A member"} replied to "${post.title}"`,
            actionUrl: `/community-forum?post=${postId}`,
          }),
        ]
      : [];
  // The insert is conditional so a post deleted meanwhile yields a 404, not a foreign-key error.
  const [inserted] = await db.batch([
    db
      .insert(forumReplies)
      .select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            postId: forumPosts.id,
            authorId: sql<string>`${author.id}`.as("author_id"),
            content: sql<string>`${content}`.as("content"),
            likeCount: sql<number>`0`.as("like_count"),
            hiddenAt: sql<number | null>`NULL`.as("hidden_at"),
            hiddenReason: sql<string | null>`NULL`.as("hidden_reason"),
            createdAt: sql<number>`${now}`.as("created_at"),
            updatedAt: sql<number>`${now}`.as("updated_at"),
          })
          .from(forumPosts)
          // A lock that lands meanwhile still holds.
          .where(and(eq(forumPosts.id, postId), isNull(forumPosts.lockedAt))),
      )
      .returning({ id: forumReplies.id }),
    recountReplies(db, postId),
    ...notify,
  ]);
  if (inserted.length === 0) throw notFound(POST_NOT_FOUND);
  return { id, postId, content, likeCount: 0, createdAt: new Date(now).toISOString(), author: authorOf(author), hiddenReason: null };
}

export async function updateForumReply(db: Db, replyId: string, user: User, content: string): Promise<ForumReply> {
  const updated = await db
    .update(forumReplies)
    .set({ content, updatedAt: Date.now() })
    .where(and(eq(forumReplies.id, replyId), eq(forumReplies.authorId, user.id)))
    .returning({ id: forumReplies.id })
    .get();
  if (!updated) await assertAuthor(db, forumReplies, replyId, user.id, REPLY_NOT_FOUND);
  const row = await selectReplies(db).where(eq(forumReplies.id, replyId)).get();
  if (!row) throw notFound(REPLY_NOT_FOUND);
  return toForumReply(row);
}

export async function deleteForumReply(db: Db, replyId: string, user: User): Promise<void> {
  const reply = await db
    .select({ postId: forumReplies.postId, authorId: forumReplies.authorId })
    .from(forumReplies)
    .where(eq(forumReplies.id, replyId))
    .get();
  if (!reply) throw notFound(REPLY_NOT_FOUND);
  if (reply.authorId !== user.id) throw forbidden("Only the author can change this");
  await db.batch([
    db.delete(forumReplies).where(and(eq(forumReplies.id, replyId), eq(forumReplies.authorId, user.id))),
    recountReplies(db, reply.postId),
  ]);
}
