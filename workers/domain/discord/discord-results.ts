import { and, eq, inArray, isNull } from "drizzle-orm";
import { snowflake } from "../../contract/discord";
import type { GameResultView } from "../../contract/game-results";
import type { Db } from "../../db/client";
import { discordTablePlayers, discordTables, gameSessions, users } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import { z } from "../../lib/zod";
import { discordConfig, discordRest, DiscordApiError } from "../../services/discord-rest";
import { resultMessage } from "./discord-messages";
import { privacyFlag } from "../members/privacy";

/**
 * Results back to the channel (issue 39): when the result of a room a Discord table made is confirmed (the seam:
 * game-results.ts respondToGameResult, beside the bots' `room.ended` webhook), its message is written then, from
 * the result as confirmed, and handed to the DISCORD_POSTS queue; the queue's consumer posts it to the table's
 * channel, keeping to Discord's rate limits (a 429 or a 5xx is retried later with the queue's delay) and marking
 * the table so a message delivered twice is posted once.
 */

/** The queue's name (wrangler.toml); the Worker's `queue` export hands its batches to deliverDiscordPosts. */
export const DISCORD_QUEUE = "realmcast-discord";
/** Attempts before a post is given up (each a delivery of the queue message). */
export const MAX_DISCORD_POST_ATTEMPTS = 6;
const RETRY_BASE_SECONDS = 15;

export const discordPost = z.object({
  kind: z.literal("result"),
  sessionId: z.string().min(1).max(100),
  channelId: snowflake,
  body: z.object({
    content: z.string().max(2000),
    allowed_mentions: z.object({ parse: z.array(z.enum(["users", "roles", "everyone"])).max(0) }),
  }),
});
export type DiscordPost = z.infer<typeof discordPost>;

/**
 * Queues the channel's message about a confirmed result, when the room was made by a Discord table and the app is
 * configured: one read batch, then a queue send. Never throws: posting to Discord must not undo the confirmation.
 */
export async function announceResultToDiscord(env: Env, db: Db, result: GameResultView): Promise<void> {
  if (!discordConfig(env) || !env.DISCORD_POSTS) return;
  const { sessionId } = result;
  try {
    const ids = result.players.map((p) => p.id);
    const [tables, seats, privacy, rooms] = await db.batch([
      db
        .select({ id: discordTables.id, channelId: discordTables.channelId, postedAt: discordTables.resultPostedAt })
        .from(discordTables)
        .where(eq(discordTables.sessionId, sessionId)),
      db
        .select({ userId: discordTablePlayers.userId, discordUserId: discordTablePlayers.discordUserId })
        .from(discordTablePlayers)
        .innerJoin(discordTables, eq(discordTables.id, discordTablePlayers.tableId))
        .where(eq(discordTables.sessionId, sessionId)),
      db
        .select({ id: users.id, visible: privacyFlag(users.id, "profileVisible").as("visible") })
        .from(users)
        .where(inArray(users.id, ids.length > 0 ? ids : [""])),
      db.select({ name: gameSessions.name }).from(gameSessions).where(eq(gameSessions.id, sessionId)),
    ]);
    const table = tables[0];
    if (!table || table.postedAt !== null) return;
    const body = resultMessage({
      result,
      roomName: rooms[0]?.name ?? "",
      discordIds: new Map(seats.map((s) => [s.userId, s.discordUserId])),
      hidden: new Set(privacy.filter((p) => !p.visible).map((p) => p.id)),
    });
    const post: DiscordPost = discordPost.parse({ kind: "result", sessionId, channelId: table.channelId, body });
    await env.DISCORD_POSTS.send(post);
  } catch (error) {
    currentLogger().error("Could not queue a Discord result message", { sessionId, error });
  }
}

/** Posts one queued message; answers how the queue should treat it (done, or retry after some seconds). */
export async function deliverDiscordPost(
  env: Env,
  db: Db,
  post: DiscordPost,
  attempts: number,
  now = Date.now(),
): Promise<{ retryAfterSeconds: number } | null> {
  const config = discordConfig(env);
  const log = currentLogger();
  if (!config) {
    log.warn("A Discord result message was dropped: the Discord app is not configured", { sessionId: post.sessionId });
    return null;
  }
  const table = await db
    .select({ postedAt: discordTables.resultPostedAt })
    .from(discordTables)
    .where(eq(discordTables.sessionId, post.sessionId))
    .get();
  if (!table || table.postedAt !== null) return null;
  try {
    // The queue retries later: within a delivery, wait a little for a rate limit, no more.
    await discordRest(config, { maxWaitMs: 2_000 }).createMessage(post.channelId, post.body);
  } catch (error) {
    if (!(error instanceof DiscordApiError)) throw error;
    if (error.retryable && attempts < MAX_DISCORD_POST_ATTEMPTS) {
      log.warn("A Discord result message will be tried again", { sessionId: post.sessionId, status: error.status, attempts });
      return { retryAfterSeconds: error.retryAfterSeconds ?? RETRY_BASE_SECONDS * 2 ** (attempts - 1) };
    }
    // Discord will not take it (the bot lost access to the channel) or kept failing: the operator hears of it.
    log.error("A Discord result message was not posted", {
      sessionId: post.sessionId,
      channelId: post.channelId,
      status: error.status,
      code: error.code,
      attempts,
    });
    return null;
  }
  await db
    .update(discordTables)
    .set({ resultPostedAt: now })
    .where(and(eq(discordTables.sessionId, post.sessionId), isNull(discordTables.resultPostedAt)));
  return null;
}

/** The DISCORD_POSTS queue's consumer. */
export async function deliverDiscordPosts(batch: MessageBatch<unknown>, env: Env, db: Db): Promise<void> {
  for (const message of batch.messages) {
    const parsed = discordPost.safeParse(message.body);
    if (!parsed.success) {
      message.ack();
      continue;
    }
    try {
      const next = await deliverDiscordPost(env, db, parsed.data, message.attempts);
      if (next) message.retry({ delaySeconds: next.retryAfterSeconds });
      else message.ack();
    } catch (error) {
      currentLogger().error("A Discord result message failed to run", { sessionId: parsed.data.sessionId, error });
      message.retry({ delaySeconds: RETRY_BASE_SECONDS });
    }
  }
}
