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
 * fits them. Made once per printing, on the first request for it, from its normal picture (488×680, the canonical
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
  // Wall time of the fetch and the making (the Worker's clock stands still while it computes: mostly the fetch).
  const started = Date.now();
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = featuresOfCardJpeg(await fetchCardImage(row.imageUrl, env.CARD_IMAGE_ORIGIN, env.PUBLIC_ORIGIN));
  } catch (error) {
    if (!(error instanceof CardImageUnreadable)) throw error;
    currentLogger().warn("Card keypoints could not be made", { printing: id, reason: error.message, lasting: error.lasting });
    if (error.lasting) throw notFound("This printing's picture cannot be read");
    throw unavailable(CARD_IMAGES_UNAVAILABLE);
  }
  await env.CARD_POOL.put(featuresKey(id), bytes, {
    httpMetadata: { contentType: "application/octet-stream" },
    customMetadata: { featureVersion: FEATURE_VERSION },
  });
  currentLogger().info("Card keypoints made", { printing: id, bytes: bytes.byteLength, ms: Date.now() - started });
  return { bytes, made: true };
}
