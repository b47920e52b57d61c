// Ranking the table's cards against a photographed card's hashes.
import { hamming, type Hash } from "./phash";

/** A card's reference hashes, from its clean image. */
export type CardHashes = { art: Hash; card: Hash };
export type Reference = { id: string; hashes: CardHashes };
export type Ranked = { id: string; distance: number };

/** Bits in the two hashes together (64 + 64, less the two constant terms). */
export const HASH_BITS = 126;
/**
 * Above this combined distance the best candidate is no better than chance (two unrelated cards differ in about
 * half the bits, ~63): "no card from the table's deck lists matches". Set from the benchmark's distances
 * (bench/card-identify.mjs prints them): right matches sit far below, unrelated cards far above.
 */
export const MATCH_THRESHOLD = 40;

export function distance(a: CardHashes, b: CardHashes): number {
  return hamming(a.art, b.art) + hamming(a.card, b.card);
}

/** The references closest to the photographed card's hashes, best first. */
export function rank(query: CardHashes, references: Reference[], count = 5): Ranked[] {
  const all = references.map((r) => ({ id: r.id, distance: distance(query, r.hashes) }));
  all.sort((a, b) => a.distance - b.distance);
  return all.slice(0, count);
}
