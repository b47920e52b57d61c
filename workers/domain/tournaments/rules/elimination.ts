import type { Pairing } from "./swiss-pairing";

/**
 * Seed positions of a standard bracket of `size` (a power of two), top to
 * bottom: 1 meets `size`, and seeds 1 and 2 can only meet in the final.
 * size 8 → [1, 8, 4, 5, 2, 7, 3, 6].
 */
export function bracketSeedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

export function bracketSize(playerCount: number): number {
  let size = 1;
  while (size < playerCount) size *= 2;
  return size;
}

/** A table of an elimination round; tables are numbered from 1 down the bracket. */
export type BracketPairing = Pairing & { table: number };

/**
 * Round 1 of a single-elimination bracket. `seeded[0]` is seed 1. When the
 * field is not a power of two the missing seeds are the highest numbers, so the
 * top seeds are the ones who get a bye.
 */
export function firstEliminationRound(seeded: readonly string[]): BracketPairing[] {
  const order = bracketSeedOrder(bracketSize(seeded.length));
  const pairings: BracketPairing[] = [];
  for (let i = 0; i < order.length; i += 2) {
    const a = seeded[order[i] - 1];
    const b = seeded[order[i + 1] - 1];
    const table = i / 2 + 1;
    if (a !== undefined && b !== undefined) pairings.push({ table, player1Id: a, player2Id: b });
    else if (a !== undefined) pairings.push({ table, player1Id: a, player2Id: null });
    else if (b !== undefined) pairings.push({ table, player1Id: b, player2Id: null });
  }
  return pairings;
}

/** A finished table of the previous round: who advances from it (null when nobody does). */
export type BracketResult = { table: number; winnerId: string | null };

/**
 * The next round: the winners of tables 2t-1 and 2t meet at table t. A winner
 * who dropped does not advance, so their would-be opponent gets a bye. Returns
 * [] once at most one player is left (the event has its champion).
 */
export function nextEliminationRound(previous: readonly BracketResult[], isDropped: (id: string) => boolean): BracketPairing[] {
  const advancing = new Map<number, string>();
  for (const r of previous) if (r.winnerId && !isDropped(r.winnerId)) advancing.set(r.table, r.winnerId);
  if (advancing.size <= 1) return [];
  const maxTable = Math.max(...previous.map((r) => r.table));
  const pairings: BracketPairing[] = [];
  for (let t = 1; 2 * t - 1 <= maxTable; t++) {
    const a = advancing.get(2 * t - 1);
    const b = advancing.get(2 * t);
    if (a && b) pairings.push({ table: t, player1Id: a, player2Id: b });
    else if (a || b) pairings.push({ table: t, player1Id: (a ?? b)!, player2Id: null });
  }
  return pairings;
}

/** Who won a reported match: a bye's only player, else the one with more game wins (no draws here). */
export function matchWinner(m: {
  player1Id: string | null;
  player2Id: string | null;
  player1Wins: number;
  player2Wins: number;
}): string | null {
  if (m.player2Id === null) return m.player1Id;
  if (m.player1Wins === m.player2Wins) return null;
  return m.player1Wins > m.player2Wins ? m.player1Id : m.player2Id;
}
