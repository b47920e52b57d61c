// The click-to-identify benchmark's reference keypoints (card-vision/features.ts), for the identifier's keypoint fit:
// made from each reference's canonical card as its hash is, and for the whole pool's drawn printings on demand (a
// click asks for a few, as the page would fetch the few it needs). CARD_FEATURES=0 leaves them out (the hash alone).
import { drawnPrintingPicture } from "./card-pool.mjs";

export const featuresOn = process.env.CARD_FEATURES !== "0";

/** `candidates` with `featuresOf` (and `ids` when given), the rest delegated (a PoolIndex's methods kept bound). */
export function withFeatures(candidates, featuresOf, ids) {
  if (!featuresOn) return candidates;
  return {
    size: candidates.size,
    rank: (q, c) => candidates.rank(q, c),
    ...(candidates.near ? { near: (q, c) => candidates.near(q, c) } : {}),
    ...(candidates.hashesOf ? { hashesOf: (id) => candidates.hashesOf(id) } : {}),
    ...(candidates.cardOf ? { cardOf: (id) => candidates.cardOf(id) } : {}),
    featuresOf,
    ...(ids ? { referenceIds: ids } : {}),
  };
}

/**
 * Keypoints of a drawn pool printing (drawn by bench/lib/card-pool.mjs), made on demand
 * from its picture at the canonical card's width and kept; `known` answers first (the references' own).
 */
export function poolFeatures(lib, known) {
  const cache = new Map();
  return (id) => {
    const own = known(id);
    if (own) return own;
    if (!cache.has(id)) {
      const started = process.cpuUsage();
      const picture = drawnPrintingPicture(id, lib.CARD_W);
      if (!picture) return undefined;
      cache.set(id, lib.referenceFeatures(lib.canonicalFromImage(lib.toGray(picture))));
      const used = process.cpuUsage(started);
      drawingCpu += (used.user + used.system) / 1000;
    }
    return cache.get(id);
  };
}

/**
 * CPU milliseconds spent so far drawing drawn printings and making their keypoints inside clicks (the server's work,
 * done once per printing in a real deployment): the bench takes it off a click's CPU to give the identifier's own.
 */
let drawingCpu = 0;
export const benchDrawingCpu = () => drawingCpu;
