// Ranking the table's cards against a photographed card's hashes.
import type { Features } from "./features";
import { voteIndexOf, type VoteIndex } from "./keypoint-vote";
import { hamming, type Hash } from "./phash";

/** A card's reference hashes, from its clean image: the pHash of its art box. */
export type CardHashes = { art: Hash };
/** `card` names the card a printing is of (its name): printings of one card share it (default: the id). */
export type Reference = { id: string; hashes: CardHashes; card?: string };
export type Ranked = { id: string; distance: number };

/**
 * The art hash keeps the lowest 12×12 frequencies (less the constant term): 143 bits. Measured against 8×8 and
 * 16×16 pHash and 8×8/12×12 dHash (bench/card-identify.mjs, README): the widest gap between a photographed card's
 * distance to its own image and its distance to the nearest of 399 other cards.
 */
export const HASH_SIDE = 12;
export const HASH_BITS = HASH_SIDE * HASH_SIDE - 1;
/**
 * Above this distance the best candidate is no better than the nearest unrelated card: "no card from the table's
 * deck lists matches". From the benchmark's figures (two seeds, 550 frames): a card's photo lies 10 bits (median)
 * and at most ~40 from its own image, while a card left out of the candidates finds nothing nearer than 42 (two
 * unrelated cards differ in about half the bits, ~72).
 */
export const MATCH_THRESHOLD = 32;
/**
 * How much farther than the match the nearest other card must lie (its distance less the match's steadiness,
 * identify.ts). Against a table's few hundred cards the nearest other lies ~50 bits away and this never decides;
 * against a whole pool of 100,000 printings an outline of a card in no list finds some printing at 16–30 bits, but
 * then others near it too. From the bench (90 frames of nine conditions, table and pool, README): 14 cut the cards
 * in no list named against the pool from 29 to 1 of 90, keeping 64 of the 72 right names (and 78 of 79 at the table).
 */
export const MATCH_MARGIN = 14;
/**
 * The ratio test's stronger form: when the nearest other card lies this far beyond the shaken distance, the shakes
 * may wander up to CLEAR_SLACK bits past the threshold. On a real photograph a 1.5% shake of a sleeved card's outline
 * moves the hash farther than on a drawn one (the sleeve's border slides into the art box), while the right card
 * still stands alone: the test asks the match to stand clear of every other card instead of asking it to be
 * steady. A card in no list named by chance among a table's cards lies 36+ bits from the best outline, over the
 * threshold; among 100,000 printings others lie within a few bits of it, far under this margin.
 */
export const CLEAR_MARGIN = 20;
export const CLEAR_SLACK = 8;

/**
 * How much farther than the threshold the shaken outline may lie (identify.ts's last check; bench, 150 frames of
 * five conditions: slack 2 kept 110 of the 116 right names and cut the names given to absent cards from 9 to 2).
 */
export const STEADY_SLACK = 2;

/**
 * Whether the best reference is named: near enough (`distance`), steady under small shakes of the outline
 * (`steadiness`, the median distance), and clear of the nearest other card (`margin`, its distance less the
 * steadiness); with `clear`, a match CLEAR_MARGIN clear of every other card may be CLEAR_SLACK less steady.
 */
export function accepts(
  found: { distance: number; steadiness: number; margin: number },
  threshold = MATCH_THRESHOLD,
  clear = true,
): boolean {
  const steady =
    found.steadiness <= threshold + STEADY_SLACK ||
    (clear && found.steadiness <= threshold + STEADY_SLACK + CLEAR_SLACK && found.margin >= CLEAR_MARGIN);
  return found.distance <= threshold && steady && found.margin >= MATCH_MARGIN;
}

export function distance(a: CardHashes, b: CardHashes): number {
  return hamming(a.art, b.art);
}

/**
 * Names a hashing scheme: stored or served reference hashes carry it, so a change to how cards are hashed retires
 * every hash made the old way (in the browser's cache, the Worker's cache and the whole-pool index alike).
 */
export const HASH_VERSION = "phash12-v1";

/** The references closest to the photographed card's hashes, best first (ties in list order). */
export function rank(query: CardHashes, references: Reference[], count = 5): Ranked[] {
  // A running best-`count` list rather than a sort of every reference: a click ranks hundreds of outlines.
  const best: Ranked[] = [];
  for (const r of references) {
    const d = distance(query, r.hashes);
    if (best.length === count && d >= best[count - 1].distance) continue;
    let i = best.length;
    while (i > 0 && best[i - 1].distance > d) i--;
    best.splice(i, 0, { id: r.id, distance: d });
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * What a click is matched against: the table's cards (`referenceSet`) or a whole-pool index. Anything that can rank
 * a photographed card's hashes will do, so the identifier does not care how the candidates are stored.
 */
export type Candidates = {
  /** How many references there are. */
  readonly size: number;
  /** The `count` nearest references, best first. */
  rank(query: CardHashes, count: number): Ranked[];
  /**
   * A quicker search the identifier's first look uses for each of its tens of outlines (optional; without it,
   * `rank`): the nearest references it finds, exact within some distance the candidates state and approximate
   * beyond (a whole-pool index: multi-index hashing, pool-index.ts). The card's final ranking is always `rank`.
   */
  near?(query: CardHashes, count: number): Ranked[];
  /**
   * A reference's hashes by id, when the candidates can say (optional): the identifier's second look nudges an
   * outline towards the few references its first look ranked near, which costs a distance each instead of a search.
   * Without it, each nudge is a `rank(query, 1)`.
   */
  hashesOf?(id: string): CardHashes | undefined;
  /**
   * The card a reference is a printing of (optional; without it each reference is a card of its own): the match
   * must stand clear of other cards, not of its own reprints, which share its art.
   */
  cardOf?(id: string): string | undefined;
  /**
   * A reference's keypoints and descriptors (features.ts `referenceFeatures`, made once from its clean canonical
   * card as its hash is), when the candidates have them (optional): the identifier then fits the click's keypoints
   * to its few nearest references' (features-fit.ts) to name a card the hash alone leaves unclear.
   */
  featuresOf?(id: string): Features | undefined;
  /** Every reference's id (optional): with features for all, a click no outline explains is fitted against all. */
  referenceIds?(): string[];
  /**
   * The keypoint vote's index of every reference's keypoints (keypoint-vote.ts; optional, a table's): when the fit's
   * groups name nothing, the cards the click's keypoints vote for are fitted last.
   */
  voteIndex?(): VoteIndex | undefined;
};

/** The card each reference is a printing of, as the candidates say; a reference they say nothing of is its own card. */
export function cardsOf(candidates: Candidates): (id: string) => string {
  return (id) => candidates.cardOf?.(id) ?? id;
}

/**
 * A plain list of references as candidates (a table's decks: hundreds, so a linear scan), with each reference's
 * keypoints when `features` gives them.
 */
export function referenceSet(references: Reference[], features?: (id: string) => Features | undefined): Candidates {
  const byId = new Map(references.map((r) => [r.id, r]));
  let vote: VoteIndex | undefined;
  return {
    size: references.length,
    rank: (query, count) => rank(query, references, count),
    hashesOf: (id) => byId.get(id)?.hashes,
    cardOf: (id) => byId.get(id)?.card,
    ...(features
      ? {
          featuresOf: features,
          referenceIds: () => references.map((r) => r.id),
          // Made on the first click that asks (70–100 ms for a table of 400), then kept with the references.
          voteIndex: () => (vote ??= tableVoteIndex(references, features)),
        }
      : {}),
  };
}

/** The vote's index of `references` with keypoints (each printing voting for its card). */
export function tableVoteIndex(references: { id: string; card?: string }[], features: (id: string) => Features | undefined): VoteIndex {
  return voteIndexOf(
    references.flatMap((r) => {
      const f = features(r.id);
      return f && f.count > 0 ? [{ id: r.id, card: r.card ?? r.id, features: f }] : [];
    }),
  );
}

/**
 * The keypoint fit's rule (features-fit.ts): a reference is the card under the click when its matches carry a
 * plausible card's homography with at least FIT_MIN_INLIERS inliers and FIT_RATIO times as many as any other
 * card's fit. Measured on the real photographs and the generated frames (docs/decisions/2026-11-27-card-features-ransac.md).
 */
export const FIT_MIN_INLIERS = 12;
export const FIT_RATIO = 2.5;

/**
 * The fit's own bound at a table (the candidates a few hundred references): a plausible card's homography with 8
 * inliers, twice the 4 matches any homography is drawn from, and FIT_RATIO times any other card's. At a table no
 * stranger's fit has found a single plausible hypothesis (0 inliers in 2,078 fits measured with the lost photo sets
 * and in every unlisted and left-out click of the rebuilt ones), while the right card's fit can carry 8–11 inliers with
 * the hash's nearest another card (glare or another card over its art: docs/decisions/2026-11-28-card-fit-rule.md,
 * "The fit alone at a table"). Against a whole pool strangers' fits reach 4–7 inliers and FIT_MIN_INLIERS stays.
 */
export const TABLE_FIT_MIN_INLIERS = 8;

/** Whether the fit names its best card: enough inliers, and far more than the best other card's (`second`). */
export function fitAccepts(best: number, second: number, minInliers = FIT_MIN_INLIERS, ratio = FIT_RATIO): boolean {
  return best >= minInliers && best >= ratio * Math.max(second, 2);
}

/**
 * Two weak evidences agreeing: the hash's nearest card within the threshold (refused only by the margin or the
 * steadiness rule: among 100,000 printings a drawn stranger lies near it too) and the keypoint fit's best card the
 * same, with at least JOINT_MIN_INLIERS inliers and FIT_RATIO times any other card's. Each alone is too weak to
 * name a card; a stranger the hash found by chance gets 0–4 inliers (docs/decisions/2026-11-28-card-fit-rule.md).
 */
export const JOINT_MIN_INLIERS = 6;

/**
 * The joint rule's hash bound at a table (the candidates a few hundred references, no quick search): none, the hash's
 * nearest card at any distance. There the fit tests its matches once over its 8 candidates (`matchAll`) and keeps only
 * hypotheses that put a plausible card under the click (features-fit.ts `plausibleCard`, `clickScaleRatio`): measured
 * on the five photo sets (every click, named or not, its card listed and left out, 2,078 strangers' fits), no
 * stranger's fit had a single plausible hypothesis (0 inliers every time), while the right card's weakest fits carry
 * 6–11 inliers with the hash's nearest the same card at 38–50 bits (a glared or half-hidden art box). The agreement of
 * the two, not the hash's distance, is the evidence; against a whole pool strangers' fits reach 4–7 inliers and the
 * threshold stays (docs/decisions/2026-11-28-card-fit-rule.md, "A table's fit and a far hash").
 */
export const TABLE_JOINT_THRESHOLD = HASH_BITS;

/** Whether the hash's nearest (within `threshold`) and the fit's best (`sameCard`) name the card together. */
export function jointAccepts(
  hash: { distance: number; threshold: number },
  fit: { sameCard: boolean; inliers: number; otherInliers: number },
  minInliers = JOINT_MIN_INLIERS,
): boolean {
  return hash.distance <= hash.threshold && fit.sameCard && fitAccepts(fit.inliers, fit.otherInliers, minInliers);
}
