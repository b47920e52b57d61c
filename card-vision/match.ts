// Ranking the table's cards against a photographed card's hashes.
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
};

/** A plain list of references as candidates (a table's decks: hundreds, so a linear scan). */
export function referenceSet(references: Reference[]): Candidates {
  const byId = new Map(references.map((r) => [r.id, r]));
  return {
    size: references.length,
    rank: (query, count) => rank(query, references, count),
    hashesOf: (id) => byId.get(id)?.hashes,
    cardOf: (id) => byId.get(id)?.card,
  };
}
