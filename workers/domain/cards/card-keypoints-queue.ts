import { inArray } from "drizzle-orm";
import { FEATURE_VERSION } from "../../../card-vision";
import type { Db } from "../../db/client";
import { cardPrintings } from "../../db/schema";
import { sha256Hex } from "../../lib/hex";
import { currentLogger } from "../../lib/logger";
import { z } from "../../lib/zod";
import { runFeatures, type FeaturesEnv } from "./card-features";

/**
 * The rest of a table's keypoints, through a queue (issue 36; docs/decisions/2026-11-28-card-features-in-product.md):
 * a deck's warm-up makes at most FEATURES_PER_WARM printings' keypoints in its own invocation, and a table of 100-card
 * decks whose lines name no printing stands for ~150–400. What that warm-up leaves is sent to the CARD_KEYPOINTS
 * queue, a few printings a message, and the Worker's `queue` export makes them here with the warm-up's own rule
 * (card-features.ts runFeatures: made ones and noted unreadable ones skipped, an unreadable picture noted for a day).
 * A message run twice makes nothing twice (R2 is read first); an image host that cannot answer is retried later, a
 * bounded number of times; a body that is not a message of this kind is dropped with a log line.
 */

/** The queue's name (wrangler.toml); the Worker's `queue` export hands its batches to makeQueuedKeypoints. */
export const CARD_KEYPOINTS_QUEUE = "realmcast-card-keypoints";
/**
 * The whole pool's queue (card-pool-keypoints.ts): the same messages and consumer, a queue of its own so a backfill of
 * ~100,000 printings never stands before a table's rest, and its consumer's concurrency is capped apart (wrangler.toml).
 */
export const CARD_POOL_KEYPOINTS_QUEUE = "realmcast-card-pool-keypoints";
/** Printings a message: ~40–110 ms of CPU and 3–4 subrequests each, so a message stays within ~1–3 s of CPU. */
export const PRINTINGS_PER_MESSAGE = 24;
/**
 * Printings one warm-up sends to the queue at most (20 messages): four 100-card decks whose lines name no printing
 * stand for up to ~400, so a whole table fits, and a warm-up can never enqueue more than this whatever its decks hold.
 */
export const MAX_QUEUED_PER_WARM = 480;
/** Deliveries of a message before it is given up (the endpoint then makes its printings on demand, as before). */
export const MAX_KEYPOINTS_ATTEMPTS = 5;
/** Seconds before a message whose image host could not answer is tried again; doubled at each attempt. */
export const KEYPOINTS_RETRY_BASE_SECONDS = 60;
/** How long one message may make keypoints (a consumer's invocation has 15 minutes of wall time). */
const MESSAGE_BUDGET_MS = 60_000;
/** A table's rest is sent again at most once in this long (a table read while its hashes are pending warms it again). */
export const QUEUED_AGAIN_AFTER_MS = 60 * 60_000;

const printingId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "a Scryfall printing id");
export const keypointsMessage = z.object({
  kind: z.literal("keypoints"),
  version: z.string().min(1).max(40),
  printings: z.array(printingId).min(1).max(PRINTINGS_PER_MESSAGE),
});
export type KeypointsMessage = z.infer<typeof keypointsMessage>;

export type KeypointsQueueEnv = { CARD_KEYPOINTS?: Queue<KeypointsMessage> };

/** Where a table's rest was last sent to the queue (its printings' ids, digested), so it is not sent again at once. */
export async function queuedKey(ids: string[]): Promise<string> {
  return `keypoints-queued/${FEATURE_VERSION}/${await sha256Hex([...ids].sort().join(","))}`;
}

/**
 * Sends the printings a warm-up left to the queue, PRINTINGS_PER_MESSAGE a message, at most MAX_QUEUED_PER_WARM (the
 * first: the decks' own printings come first), unless the same table's rest was sent less than
 * QUEUED_AGAIN_AFTER_MS ago (one R2 head and one put). Answers how many printings were sent; never throws (the
 * endpoint still makes what it is asked for).
 */
export async function queueKeypoints(
  env: KeypointsQueueEnv & { CARD_POOL: R2Bucket },
  table: string[],
  rest: string[],
  now = Date.now(),
): Promise<number> {
  const queue = env.CARD_KEYPOINTS;
  if (!queue || rest.length === 0) return 0;
  try {
    const key = await queuedKey(table);
    const last = await env.CARD_POOL.head(key);
    if (last && Number(last.customMetadata?.queuedAt ?? 0) > now - QUEUED_AGAIN_AFTER_MS) return 0;
    const ids = [...new Set(rest.map((id) => id.toLowerCase()))].slice(0, MAX_QUEUED_PER_WARM);
    const messages = await sendKeypoints(queue, ids);
    await env.CARD_POOL.put(key, "", { customMetadata: { queuedAt: String(now) } });
    currentLogger().info("Card keypoints queued", { printings: ids.length, messages, leftOut: rest.length - ids.length });
    return ids.length;
  } catch (error) {
    currentLogger().warn("Card keypoints could not be queued", { printings: rest.length, error });
    return 0;
  }
}

/** Messages one sendBatch carries at most (Queues' limit: 100 messages and 256 KB; 24 ids are ~1 KB). */
const MESSAGES_PER_SEND = 100;

/**
 * Sends printings' ids to a keypoints queue, PRINTINGS_PER_MESSAGE a message, MESSAGES_PER_SEND a call. Answers how
 * many messages were sent; throws what the queue throws (a part already sent stays sent: the consumer skips made ones).
 */
export async function sendKeypoints(queue: Queue<KeypointsMessage>, ids: string[]): Promise<number> {
  const messages: MessageSendRequest<KeypointsMessage>[] = [];
  for (let i = 0; i < ids.length; i += PRINTINGS_PER_MESSAGE) {
    messages.push({ body: { kind: "keypoints", version: FEATURE_VERSION, printings: ids.slice(i, i + PRINTINGS_PER_MESSAGE) } });
  }
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await queue.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
  return messages.length;
}

/** What the consumer does with one message: done, or tried again after some seconds. */
type Verdict = { retryAfterSeconds: number } | null;

async function makeMessage(env: FeaturesEnv, db: Db, body: KeypointsMessage, attempts: number, now: () => number): Promise<Verdict> {
  // Another keypoint version's message (sent before a deploy changed the detector): its keys are never read again.
  if (body.version !== FEATURE_VERSION) return null;
  // The picture's address from D1, not from the message: a message names printings, the card service's rows say where.
  const rows = await db
    .select({ id: cardPrintings.id, imageUrl: cardPrintings.imageUrl })
    .from(cardPrintings)
    .where(inArray(cardPrintings.id, body.printings))
    .all();
  const order = new Map(body.printings.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const run = await runFeatures(env, rows, { deadline: now() + MESSAGE_BUDGET_MS, max: PRINTINGS_PER_MESSAGE, now });
  const log = currentLogger();
  if (run.outcome.made + run.outcome.failed > 0) log.info("Card keypoints made from the queue", { ...run.outcome, attempts });
  if (run.rest.length === 0) return null;
  if (attempts >= MAX_KEYPOINTS_ATTEMPTS) {
    log.error("Card keypoints given up after their attempts", { printings: run.rest.length, attempts, unavailable: run.unavailable });
    return null;
  }
  return { retryAfterSeconds: KEYPOINTS_RETRY_BASE_SECONDS * 2 ** (attempts - 1) };
}

/** The consumer of both keypoints queues (CARD_KEYPOINTS, a table's rest; CARD_POOL_KEYPOINTS, the whole pool's). */
export async function makeQueuedKeypoints(
  batch: MessageBatch<unknown>,
  env: FeaturesEnv,
  db: Db,
  now: () => number = Date.now,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = keypointsMessage.safeParse(message.body);
    if (!parsed.success) {
      currentLogger().warn("A card keypoints message was dropped", {
        messageId: message.id,
        issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      });
      message.ack();
      continue;
    }
    try {
      const verdict = await makeMessage(env, db, parsed.data, message.attempts, now);
      if (verdict) message.retry({ delaySeconds: verdict.retryAfterSeconds });
      else message.ack();
    } catch (error) {
      // R2 or D1 failed: tried again, as long as attempts remain.
      if (message.attempts >= MAX_KEYPOINTS_ATTEMPTS) {
        currentLogger().error("Card keypoints given up after their attempts", { messageId: message.id, error });
        message.ack();
      } else {
        currentLogger().error("A card keypoints message failed to run", { messageId: message.id, error });
        message.retry({ delaySeconds: KEYPOINTS_RETRY_BASE_SECONDS });
      }
    }
  }
}
