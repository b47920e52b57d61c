import { noteNotified } from "../lib/notified-members";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { socialConnections, socialPosts } from "../db/schema";
import {
  SOCIAL_HUB_PLATFORMS,
  type SocialHubPlatform,
  type SocialPlatform,
  type SocialPost,
  type SocialPostBody,
  type SocialPostListQuery,
  type SocialPostPage,
} from "../contract/social";
import { invalid, notFound } from "./errors";
import { decodeCursor, pageOf, timeIdKey } from "./cursor";
import { enforceRateLimit } from "./rate-limit";

/** The five platforms with the member's connected flags (defaults where never toggled). */
export async function listPlatforms(db: Db, userId: string): Promise<SocialPlatform[]> {
  const rows = await db.select().from(socialConnections).where(eq(socialConnections.userId, userId)).all();
  const stored = new Map(rows.map((r) => [r.platform, r.connected]));
  return SOCIAL_HUB_PLATFORMS.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    connected: stored.get(p.id) ?? p.defaultConnected,
  }));
}

export async function setPlatformConnection(db: Db, userId: string, platform: SocialHubPlatform, connected: boolean) {
  await db
    .insert(socialConnections)
    .values({ userId, platform, connected })
    .onConflictDoUpdate({
      target: [socialConnections.userId, socialConnections.platform],
      set: { connected, updatedAt: Date.now() },
    })
    .run();
  return (await listPlatforms(db, userId)).find((p) => p.id === platform)!;
}

type PostRow = typeof socialPosts.$inferSelect;

function toSocialPost(row: PostRow): SocialPost {
  return {
    id: row.id,
    content: row.content,
    platforms: row.platforms,
    scheduledFor: row.scheduledFor == null ? null : new Date(row.scheduledFor).toISOString(),
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Newest first, keyset-paginated on (created_at, id) over social_posts_user_idx. */
export async function listPosts(db: Db, userId: string, query: SocialPostListQuery): Promise<SocialPostPage> {
  const mine = eq(socialPosts.userId, userId);
  let where = mine;
  if (query.cursor) {
    const key = decodeCursor(query.cursor, timeIdKey);
    if (!key) throw invalid("Invalid cursor");
    const [at, id] = key;
    where = and(mine, or(lt(socialPosts.createdAt, at), and(eq(socialPosts.createdAt, at), lt(socialPosts.id, id))))!;
  }
  const rows = await db
    .select()
    .from(socialPosts)
    .where(where)
    .orderBy(desc(socialPosts.createdAt), desc(socialPosts.id))
    .limit(query.limit + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, query.limit, (r) => [r.createdAt, r.id]);
  return { posts: page.map(toSocialPost), nextCursor };
}

/**
 * Stores a post for platforms the member has connected. A scheduled post waits
 * for the cron (status "scheduled"); an unscheduled one is ready to copy now
 * ("draft"): Realmcast holds no platform tokens and never publishes itself.
 * Counts against the member's post limit first, so a refused post creates nothing.
 */
export async function createPost(db: Db, userId: string, input: SocialPostBody): Promise<SocialPost> {
  await enforceRateLimit(db, "socialPost", userId);
  const connected = new Set((await listPlatforms(db, userId)).filter((p) => p.connected).map((p) => p.id));
  const missing = input.platforms.filter((p) => !connected.has(p));
  if (missing.length > 0) {
    throw invalid("Invalid request body", [{ path: ["platforms"], message: `Not connected: ${missing.join(", ")}` }]);
  }
  const row = await db
    .insert(socialPosts)
    .values({
      id: crypto.randomUUID(),
      userId,
      content: input.content,
      platforms: input.platforms,
      scheduledFor: input.scheduledFor ? Date.parse(input.scheduledFor) : null,
      status: input.scheduledFor ? "scheduled" : "draft",
    })
    .returning()
    .get();
  return toSocialPost(row);
}

/** Deletes the member's own post (404 for a missing one or another member's). */
export async function deletePost(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(socialPosts)
    .where(and(eq(socialPosts.id, id), eq(socialPosts.userId, userId)))
    .returning({ id: socialPosts.id })
    .all();
  if (rows.length === 0) throw notFound("Post not found");
}

export const POST_REMINDER_TITLE = "Post reminder";
/** Posts handled per cron run; the next minute picks up any remainder. */
export const DUE_POSTS_PER_RUN = 200;

/**
 * Cron job: every scheduled post whose time has come becomes "due" and its
 * author gets a "Post reminder" notification carrying the text to copy. Both
 * statements run in one batch (one transaction) and select the same rows, so
 * a post is reminded exactly once even if two runs overlap.
 */
export async function markDuePosts(d1: D1Database, now: number): Promise<number> {
  const due = `SELECT id FROM social_posts WHERE status = 'scheduled' AND scheduled_for <= ?1 ORDER BY scheduled_for, id LIMIT ${DUE_POSTS_PER_RUN}`;
  // Raw D1 statements: Drizzle's batch() takes query builders only, not sql`` runs.
  const [inserted] = await d1.batch([
    // Same shape as notificationInsert(); done set-wise here so it stays in step with the UPDATE.
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, type, title, message, action_url, read, created_at)
         SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-8' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
                user_id, 'reminder', ?2, content, '/social', 0, ?1
         FROM social_posts WHERE id IN (${due}) RETURNING user_id AS userId`,
      )
      .bind(now, POST_REMINDER_TITLE),
    d1.prepare(`UPDATE social_posts SET status = 'due', updated_at = ?1 WHERE id IN (${due})`).bind(now),
  ]);
  // Their open pages hear of it once the run is done (workers/http/inbox-ring.ts, the cron's own collector).
  const reminded = (inserted.results as { userId: string }[]).map((r) => r.userId);
  noteNotified(...reminded);
  return reminded.length;
}
