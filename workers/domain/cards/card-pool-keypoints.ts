import { FEATURE_VERSION } from "../../../card-vision";
import { currentLogger } from "../../lib/logger";
import { featuresFailedKey, featuresKey } from "./card-features";
import { sendKeypoints, type KeypointsMessage } from "./card-keypoints-queue";

/**
 * The whole pool's reference keypoints, made ahead (issue 36; docs/decisions/2026-11-28-card-features-in-product.md,
 * "the whole pool's keypoints"): a click against the pool fits the hash's nearest printings' keypoints, and a pool
 * printing nobody put in a deck had none until a click asked (at most 4 made a request), so the first unclear clicks
 * on it fitted without the right card. After each build of the index (card-pool.ts), a cron run counts what is in
 * R2 against the index's printings (two listings of R2 prefixes: ~100 list calls for 100,000 printings, no picture
 * fetched) and sends what is missing to the CARD_POOL_KEYPOINTS queue, whose consumer is the table's one
 * (card-keypoints-queue.ts: made and noted ones skipped, a host that is down retried). So a rebuild sends only the
 * printings new to the pool, a change of FEATURE_VERSION sends every printing once (its keys are new), and a
 * message given up is sent again by a later count. An unreadable picture, noted by the consumer, is not sent again
 * for two weeks, whatever the builds in between.
 */

export type PoolKeypointsEnv = { CARD_POOL: R2Bucket; CARD_POOL_KEYPOINTS?: Queue<KeypointsMessage> };

/** The last count of the pool's keypoints, kept in the pool's state (card-pool.ts). */
export type PoolKeypoints = {
  /** The keypoint version counted (card-vision's FEATURE_VERSION). */
  featureVersion: string;
  /** The index version whose printings were counted. */
  index: string;
  total: number;
  made: number;
  /** Printings whose picture was found unreadable (noted by the consumer) within NOTE_SENT_AGAIN_AFTER_MS. */
  unreadable: number;
  /** Neither made nor noted: sent to the queue now, or earlier and not yet made. */
  missing: number;
  /** Printings sent by the last sending, and when (0: never). */
  queued: number;
  queuedAt: number;
  countedAt: number;
};

/** Where a built index's printing ids are kept, one a line (written with the index, deleted with it). */
export const idsKey = (version: string) => `index/${version}.ids`;

/**
 * While some are missing and a sending is under way (sent less than SENDING_MS ago), the count is made again this
 * often, for operators; afterwards every QUEUE_AGAIN_AFTER_MS, when it may send again (given-up messages).
 */
export const COUNT_AGAIN_MS = 10 * 60_000;
const SENDING_MS = 2 * 60 * 60_000;
/**
 * The same index's missing printings are sent again at most this often: a full backfill drains in about an hour at
 * the consumer's capped concurrency (docs/cards.md), so a count meanwhile only counts.
 */
export const QUEUE_AGAIN_AFTER_MS = 12 * 60 * 60_000;
/**
 * A printing whose picture was noted unreadable is sent again after this long (a card service may fix a picture; a
 * click's request tries it again after a day meanwhile): longer than the week between rebuilds, so a rebuild never
 * sends it again.
 */
export const NOTE_SENT_AGAIN_AFTER_MS = 14 * 24 * 60 * 60_000;
/** Printings one count sends at most (~100,000 in Scryfall's default_cards; 6,250 messages). */
export const MAX_QUEUED_PER_COUNT = 150_000;

/**
 * Whether a cron run should count the pool's keypoints now: an index or keypoint version not counted yet; else, with
 * the queue configured and some missing, every COUNT_AGAIN_MS during a sending and every QUEUE_AGAIN_AFTER_MS after
 * (~100 R2 list calls a count for 100,000 printings). Without the queue, once per index.
 */
export function keypointsDue(keypoints: PoolKeypoints | null, index: string, now: number, queueConfigured: boolean): boolean {
  if (!keypoints || keypoints.featureVersion !== FEATURE_VERSION || keypoints.index !== index) return true;
  if (!queueConfigured || keypoints.missing === 0) return false;
  // Never sent yet (a sending that failed), or sent lately: soon; otherwise when the missing may be sent again.
  const sending = keypoints.queuedAt === 0 || now - keypoints.queuedAt < SENDING_MS;
  return now - keypoints.countedAt >= (sending ? COUNT_AGAIN_MS : QUEUE_AGAIN_AFTER_MS);
}

/** The printing ids under an R2 prefix (each key is prefix + id), with each object's custom metadata; null past the deadline. */
async function listIds(
  bucket: R2Bucket,
  prefix: string,
  deadline: number,
  withMetadata: boolean,
): Promise<Map<string, Record<string, string> | undefined> | null> {
  const ids = new Map<string, Record<string, string> | undefined>();
  let cursor: string | undefined;
  for (;;) {
    if (Date.now() > deadline) return null;
    const page = await bucket.list({ prefix, cursor, limit: 1000, ...(withMetadata ? { include: ["customMetadata"] as const } : {}) });
    for (const object of page.objects) ids.set(object.key.slice(prefix.length), withMetadata ? object.customMetadata : undefined);
    if (!page.truncated) return ids;
    cursor = page.cursor;
  }
}

/**
 * Counts the index's printings' keypoints in R2 and sends the missing ones to the pool's queue (when the index or the
 * keypoint version is new since the last count, or the last sending is QUEUE_AGAIN_AFTER_MS old). Answers the count,
 * or null when it could not be made (no id list for the index, or past the deadline: the next run tries again).
 * Never throws for the queue: a failed sending is logged and tried again at the next count.
 */
export async function countPoolKeypoints(
  env: PoolKeypointsEnv,
  index: string,
  previous: PoolKeypoints | null,
  { deadline, now }: { deadline: number; now: number },
): Promise<PoolKeypoints | null> {
  const log = currentLogger();
  const file = await env.CARD_POOL.get(idsKey(index));
  if (!file) {
    log.warn("Card pool keypoints not counted: the index has no id list", { index });
    return null;
  }
  const ids = (await file.text()).split("\n").filter(Boolean);
  const madePrefix = featuresKey("");
  const notedPrefix = featuresFailedKey("");
  const made = await listIds(env.CARD_POOL, madePrefix, deadline, false);
  const noted = made && (await listIds(env.CARD_POOL, notedPrefix, deadline, true));
  if (!made || !noted) {
    log.warn("Card pool keypoints not counted: out of time", { index, printings: ids.length });
    return null;
  }
  let madeCount = 0;
  let unreadable = 0;
  const missing: string[] = [];
  for (const id of ids) {
    if (made.has(id)) madeCount++;
    else if (noted.has(id) && Number(noted.get(id)?.failedAt ?? 0) > now - NOTE_SENT_AGAIN_AFTER_MS) unreadable++;
    else missing.push(id);
  }
  const fresh = !previous || previous.featureVersion !== FEATURE_VERSION || previous.index !== index;
  const count: PoolKeypoints = {
    featureVersion: FEATURE_VERSION,
    index,
    total: ids.length,
    made: madeCount,
    unreadable,
    missing: missing.length,
    queued: fresh ? 0 : (previous?.queued ?? 0),
    queuedAt: fresh ? 0 : (previous?.queuedAt ?? 0),
    countedAt: now,
  };
  const queue = env.CARD_POOL_KEYPOINTS;
  if (missing.length > 0 && queue && (count.queuedAt === 0 || now - count.queuedAt >= QUEUE_AGAIN_AFTER_MS)) {
    const sent = missing.slice(0, MAX_QUEUED_PER_COUNT);
    try {
      const messages = await sendKeypoints(queue, sent);
      count.queued = sent.length;
      count.queuedAt = now;
      log.info("Card pool keypoints queued", { index, printings: sent.length, messages, leftOut: missing.length - sent.length });
    } catch (error) {
      log.warn("Card pool keypoints could not be queued", { index, printings: sent.length, error });
    }
  }
  log.info("Card pool keypoints counted", { ...count });
  return count;
}
