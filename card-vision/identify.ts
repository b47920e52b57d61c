// One click's identification, end to end on plain pixels: locate the card, warp it upright, hash it (both ways
// up), rank the table's cards. Runs the same in the browser and in the benchmark.
import { rotate180, type GrayImage } from "./image";
import { locateCard, type LocateOptions } from "./locate";
import { HASH_SIDE, MATCH_THRESHOLD, type Candidates, type CardHashes, type Ranked } from "./match";
import { ART_REGION, pHash } from "./phash";
import { warpQuad, type Point, type Quad } from "./warp";

/** The hashes of a canonical (upright, CARD_W×CARD_H) card. */
export function hashCard(card: GrayImage): CardHashes {
  return { art: pHash(card, ART_REGION, HASH_SIDE) };
}

export type Identification = {
  /** Best first: the match and the "not this card?" runners-up. */
  ranked: Ranked[];
  /** Whether the best is close enough to call it. */
  matched: boolean;
  /** Where the card was taken from, in frame pixels. */
  quad: Quad;
  source: "outline" | "fallback";
};

/** Identifies the card under `click` in a frame (gray, full size) among the candidates. */
export function identifyCard(
  frame: GrayImage,
  click: Point,
  candidates: Candidates,
  options: LocateOptions & { count?: number } = {},
): Identification {
  let best: Identification | null = null;
  for (const located of locateCard(frame, click, options)) {
    const card = warpQuad(frame, located.quad);
    if (!card) continue;
    for (const view of [card, rotate180(card)]) {
      const ranked = candidates.rank(hashCard(view), options.count ?? 5);
      if (!best || (ranked[0] && ranked[0].distance < (best.ranked[0]?.distance ?? Infinity))) {
        best = { ranked, matched: false, quad: located.quad, source: located.source };
      }
    }
  }
  if (!best) throw new Error("No region to identify");
  best.matched = best.ranked.length > 0 && best.ranked[0].distance <= MATCH_THRESHOLD;
  return best;
}
