import { eq } from "drizzle-orm";
import { FEATURE_VERSION } from "../../../card-vision";
import { CARD_IMAGES_UNAVAILABLE } from "../../contract/cards";
import type { Db } from "../../db/client";
import { cardPrintings } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import { CardImageUnreadable, featuresOfCardJpeg, fetchCardImage } from "../../services/card-image";
import { notFound, unavailable } from "../errors";

/**
 * A printing's reference keypoints for click-to-identify's second step (issue 36; docs/decisions/2026-11-28-card-features-in-product.md):
 * when the hash names nothing, the page fetches the keypoints of the few printings its click ranked nearest and
 * fits them. Made once per printing, by a table's warm-up after its hashes (card-references.ts, bounded) or else on
 * the first request for it, from its normal picture (488×680, the canonical
 * card's 244 px at least, as the benchmark makes them), and kept in R2 (the card-pool bucket) under the keypoint
 * version, so a change of the detector makes them again under a new key. ~9.8 KB a printing; nothing in D1.
 */

export type FeaturesEnv = { CARD_POOL: R2Bucket; CARD_IMAGE_ORIGIN: string; PUBLIC_ORIGIN: string };

/** Where a printing's keypoints of the current version are kept. */
export const featuresKey = (printingId: string) => `features/${FEATURE_VERSION}/${printingId}`;

/**
 * The printing's keypoints (card-vision's encodeFeatures bytes): from R2 when made before, else made now from its
 * picture (one picture: ~40–110 ms of CPU, docs/cards.md) and stored. `made` says which. Throws not_found for a
 * printing no deck or pool knows or whose picture cannot be read, unavailable when the image host cannot be reached.
 */
export async function printingFeatures(
  env: FeaturesEnv,
  db: Db,
  printingId: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; made: boolean }> {
  const id = printingId.toLowerCase();
  const stored = await env.CARD_POOL.get(featuresKey(id));
  if (stored) return { bytes: new Uint8Array(await stored.arrayBuffer()), made: false };
  const row = await db.select({ imageUrl: cardPrintings.imageUrl }).from(cardPrintings).where(eq(cardPrintings.id, id)).get();
  if (!row) throw notFound("No printing has this id");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await makeFeatures(env, { id, imageUrl: row.imageUrl });
  } catch (error) {
    if (!(error instanceof CardImageUnreadable)) throw error;
    currentLogger().warn("Card keypoints could not be made", { printing: id, reason: error.message, lasting: error.lasting });
    if (error.lasting) throw notFound("This printing's picture cannot be read");
    throw unavailable(CARD_IMAGES_UNAVAILABLE);
  }
  return { bytes, made: true };
}

/** Fetches a printing's normal picture, makes its keypoints and keeps them in R2. Throws CardImageUnreadable. */
async function makeFeatures(env: FeaturesEnv, printing: { id: string; imageUrl: string }): Promise<Uint8Array<ArrayBuffer>> {
  // Wall time of the fetch and the making (the Worker's clock stands still while it computes: mostly the fetch).
  const started = Date.now();
  const bytes = featuresOfCardJpeg(await fetchCardImage(printing.imageUrl, env.CARD_IMAGE_ORIGIN, env.PUBLIC_ORIGIN));
  await env.CARD_POOL.put(featuresKey(printing.id), bytes, {
    httpMetadata: { contentType: "application/octet-stream" },
    customMetadata: { featureVersion: FEATURE_VERSION },
  });
  currentLogger().info("Card keypoints made", { printing: printing.id, bytes: bytes.byteLength, ms: Date.now() - started });
  return bytes;
}

/** Where a printing whose picture could not be read is noted, so the warm-up does not try it again for a day. */
export const featuresFailedKey = (printingId: string) => `features-failed/${FEATURE_VERSION}/${printingId}`;
/** A picture that could not be read is tried again by the warm-up after a day (the endpoint tries it on demand). */
const RETRY_FAILED_MS = 24 * 60 * 60_000;
/** Printings made at once by the warm-up: each is a picture's fetch (wall time) and ~40–110 ms of CPU. */
const FEATURES_PARALLEL = 3;
/**
 * Printings one warm-up makes keypoints for at most: ~40–110 ms of CPU each, so 48 stay within ~2–5 s of the
 * background's CPU and ~150 subrequests (an R2 look, a picture and an R2 write each); the rest are made by a later
 * warm-up or on demand.
 */
export const FEATURES_PER_WARM = 48;
/**
 * Printings one warm-up looks up in R2 at most (one or two R2 reads each): a table of four decks stands for up to
 * ~400 printings, and a deck saved again would otherwise look up all of them beside the hashes' picture fetches,
 * against the invocation's subrequest limit. The rest are looked at by a later warm-up.
 */
export const FEATURE_LOOKS_PER_WARM = 160;

export type FeaturesOutcome = { made: number; kept: number; failed: number; skipped: number; left: number };

/**
 * Makes the keypoints of the given printings that have none in R2 (in the order given: the decks' own printings
 * first), a few at once, until `deadline` (epoch ms) or `max` made. A picture that cannot be read is noted in R2 and
 * not tried again by a warm-up for a day; an unreachable image host stops the run (the rest are for the next one, or
 * the endpoint on demand).
 */
export async function warmFeatures(
  env: FeaturesEnv,
  printings: { id: string; imageUrl: string }[],
  { deadline, max = FEATURES_PER_WARM, now = Date.now }: { deadline: number; max?: number; now?: () => number },
): Promise<FeaturesOutcome> {
  const queue = [...new Map(printings.filter((p) => p.imageUrl).map((p) => [p.id.toLowerCase(), p])).values()];
  const outcome: FeaturesOutcome = { made: 0, kept: 0, failed: 0, skipped: 0, left: 0 };
  let next = 0;
  let started = 0;
  let stop = false;
  const looks = Math.min(queue.length, FEATURE_LOOKS_PER_WARM);
  const worker = async () => {
    while (!stop && next < looks && started < max && now() < deadline) {
      const printing = queue[next++];
      const id = printing.id.toLowerCase();
      if (await env.CARD_POOL.head(featuresKey(id))) {
        outcome.kept++;
        continue;
      }
      const failed = await env.CARD_POOL.head(featuresFailedKey(id));
      if (failed && Number(failed.customMetadata?.failedAt ?? 0) > now() - RETRY_FAILED_MS) {
        outcome.skipped++;
        continue;
      }
      // Another worker may have taken the last of the allowance while this one looked: this printing is left.
      if (started >= max) break;
      started++;
      try {
        await makeFeatures(env, { id, imageUrl: printing.imageUrl });
        outcome.made++;
      } catch (error) {
        if (error instanceof CardImageUnreadable && error.lasting) {
          outcome.failed++;
          currentLogger().warn("Card keypoints could not be made", { printing: id, reason: error.message, lasting: true });
          await env.CARD_POOL.put(featuresFailedKey(id), error.message, { customMetadata: { failedAt: String(now()) } });
        } else {
          // The host cannot answer now: the rest wait for the next warm-up (or the endpoint, on demand).
          currentLogger().warn("Card keypoints could not be made", { printing: id, error });
          stop = true;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FEATURES_PARALLEL, queue.length) }, worker));
  outcome.left = queue.length - (outcome.made + outcome.kept + outcome.failed + outcome.skipped);
  return outcome;
}
