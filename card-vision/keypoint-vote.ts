// A keypoint vote over every card of a table: the click's descriptors looked up in an index of every reference's
// (locality-sensitive hashing on the descriptors' bits), each clear close match a vote for its card; the cards with
// most votes are the fit's last group. At a table of four decks (~400 cards) a sleeved card under glare or partly
// covered lies 44–78 bits from its best outline, at times beyond the 32 cards nearest any outline, while its art's
// corners still match (docs/decisions/2026-11-28-card-table-vote.md).
import { DESC_BITS, DESC_WORDS, seeded, type Features } from "./features";
import { distance256Below } from "./popcount";

/** Bits in a table's key: 16,384 buckets. */
const KEY_BITS = 14;
/** How many tables: a descriptor is found when it shares any one table's key with the click's. */
const TABLES = 16;
/**
 * The descriptor bits keys are made of: the most even of the index's (set in nearest half its descriptors). Many of
 * BRIEF's 256 comparisons come out the same way on most keypoints of card art, and keys of those put thousands of
 * descriptors in one bucket.
 */
const EVEN_BITS = 64;
/**
 * Each key bit is two even bits XORed: correlated bits made the buckets uneven still (a lookup met ~150 descriptors
 * where 14 even, independent bits would give ~3). Measured on the photo sets at a table of 400 (the decision record):
 * the right card's rank by votes as an exhaustive nearest-neighbour vote gives it, at a tenth of the lookups.
 */
const BITS_XORED = 2;
const BUCKETS = 1 << KEY_BITS;
/** A match further apart than this (of 256 bits) is no vote: unrelated descriptors lie ~128 apart, a card's own 20–70. */
const VOTE_DISTANCE = 64;
/** A vote only when the nearest match is this much nearer than the nearest of any other card (Lowe's ratio test). */
const VOTE_RATIO = 0.8;
/** The fewest votes that rank a card: one is any stranger's chance match. */
const MIN_VOTES = 2;

/** Every reference's descriptors with their cards, and the tables that find them by key. */
export type VoteIndex = {
  /** The cards, by number, and each card's printings (the references' ids). */
  cards: string[];
  printings: string[][];
  /** How many descriptors the index holds. */
  size: number;
  desc: Uint32Array;
  /** Each descriptor's card, by number. */
  cardOf: Int32Array;
  /** The key bits (`keyBits`: BITS_XORED descriptor bits each, KEY_BITS a table). */
  bits: Uint8Array;
  /** Per table: where each bucket's descriptors start in `entries` (BUCKETS + 1 offsets), and the entries. */
  starts: Int32Array[];
  entries: Int32Array[];
};

/** The `t`th table's key of descriptor `i` of `desc`. */
function keyOf(desc: Uint32Array, i: number, bits: Uint8Array, t: number): number {
  const at = i * DESC_WORDS;
  let key = 0;
  for (let k = 0, b = t * KEY_BITS * BITS_XORED; k < KEY_BITS; k++) {
    let v = 0;
    for (let x = 0; x < BITS_XORED; x++, b++) v ^= (desc[at + (bits[b] >>> 5)] >>> (bits[b] & 31)) & 1;
    key |= v << k;
  }
  return key;
}

/** The key bits: drawn (seeded, so an index is the same on every run) from the EVEN_BITS most even bits. */
function keyBits(desc: Uint32Array, size: number): Uint8Array {
  const ones = new Float64Array(DESC_BITS);
  for (let i = 0; i < size; i++)
    for (let w = 0; w < DESC_WORDS; w++) {
      const v = desc[i * DESC_WORDS + w];
      if (v !== 0) for (let b = 0; b < 32; b++) ones[w * 32 + b] += (v >>> b) & 1;
    }
  const even = [...ones.keys()].sort((a, b) => Math.abs(ones[a] - size / 2) - Math.abs(ones[b] - size / 2) || a - b).slice(0, EVEN_BITS);
  const next = seeded(0x707e);
  return Uint8Array.from({ length: TABLES * KEY_BITS * BITS_XORED }, () => even[Math.floor(next() * even.length)]);
}

/** The vote's index of `references`' keypoints (a card's printings vote together, for their card). */
export function voteIndexOf(references: { id: string; card: string; features: Features }[]): VoteIndex {
  const cardNumbers = new Map<string, number>();
  const printings: string[][] = [];
  let size = 0;
  for (const r of references) {
    size += r.features.count;
    if (!cardNumbers.has(r.card)) cardNumbers.set(r.card, cardNumbers.size);
    (printings[cardNumbers.get(r.card)!] ??= []).push(r.id);
  }
  const desc = new Uint32Array(size * DESC_WORDS);
  const cardOf = new Int32Array(size);
  let at = 0;
  for (const r of references) {
    desc.set(r.features.desc.subarray(0, r.features.count * DESC_WORDS), at * DESC_WORDS);
    cardOf.fill(cardNumbers.get(r.card)!, at, at + r.features.count);
    at += r.features.count;
  }
  const bits = keyBits(desc, size);
  const starts: Int32Array[] = [];
  const entries: Int32Array[] = [];
  const keys = new Uint16Array(size);
  for (let t = 0; t < TABLES; t++) {
    const start = new Int32Array(BUCKETS + 1);
    for (let i = 0; i < size; i++) start[(keys[i] = keyOf(desc, i, bits, t)) + 1]++;
    for (let b = 0; b < BUCKETS; b++) start[b + 1] += start[b];
    const fill = start.slice(0, BUCKETS);
    const entry = new Int32Array(size);
    for (let i = 0; i < size; i++) entry[fill[keys[i]]++] = i;
    starts.push(start);
    entries.push(entry);
  }
  return { cards: [...cardNumbers.keys()], printings, size, desc, cardOf, bits, starts, entries };
}

/**
 * The cards the click's keypoints vote for, most votes first: each of `query`'s descriptors votes for the card of its
 * nearest match among those sharing a key with it, when that lies within VOTE_DISTANCE and clear of every other
 * card's (VOTE_RATIO). At most `count` cards, each with at least `minVotes`; ties in card order.
 */
export function voteFor(index: VoteIndex, query: Features, count: number, minVotes = MIN_VOTES): { card: string; votes: number }[] {
  return cardVotes(index, query, minVotes)
    .slice(0, count)
    .map(({ card, votes }) => ({ card: index.cards[card], votes }));
}

/** `voteFor`'s cards by their numbers in `index`, every one with at least `minVotes`. */
function cardVotes(index: VoteIndex, query: Features, minVotes: number): { card: number; votes: number }[] {
  const votes = new Int32Array(index.cards.length);
  // A query descriptor meets a stored one in several tables: `seen` (stamped with the query's number) skips repeats.
  const seen = new Int32Array(index.size).fill(-1);
  for (let q = 0; q < query.count; q++) {
    let d1 = DESC_BITS;
    let card1 = -1;
    let d2 = DESC_BITS;
    for (let t = 0; t < TABLES; t++) {
      const key = keyOf(query.desc, q, index.bits, t);
      const entries = index.entries[t];
      for (let e = index.starts[t][key], end = index.starts[t][key + 1]; e < end; e++) {
        const i = entries[e];
        if (seen[i] === q) continue;
        seen[i] = q;
        const card = index.cardOf[i];
        const d = distance256Below(query.desc, q * DESC_WORDS, index.desc, i * DESC_WORDS, card === card1 ? d1 : d2);
        if (d < d1) {
          if (card !== card1) d2 = d1;
          d1 = d;
          card1 = card;
        } else if (d < d2 && card !== card1) d2 = d;
      }
    }
    if (card1 >= 0 && d1 <= VOTE_DISTANCE && d1 < VOTE_RATIO * d2) votes[card1]++;
  }
  const out: { card: number; votes: number }[] = [];
  votes.forEach((v, c) => {
    if (v >= minVotes) out.push({ card: c, votes: v });
  });
  return out.sort((a, b) => b.votes - a.votes);
}

/**
 * The printings of the `cards` cards with most votes that `weighed` does not hold (the fit's groups before weighed
 * them and named nothing): the fit's last group at a table.
 */
export function votedGroup(index: VoteIndex, query: Features, weighed: Set<string>, cards: number): string[] {
  const out: string[] = [];
  let taken = 0;
  for (const { card } of cardVotes(index, query, MIN_VOTES)) {
    if (taken >= cards) break;
    const fresh = index.printings[card].filter((id) => !weighed.has(id));
    if (fresh.length === 0) continue;
    out.push(...fresh);
    taken++;
  }
  return out;
}
