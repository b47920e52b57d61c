/**
 * Turn order in a Swiss pod (seat 1 starts, TopDeck.gg's addendum MTRA 2.2: players sit in the order the pairing
 * software sets). Going first is worth a lot in Commander, so the order evens out over the event: a player who sat
 * late before sits early now. Each player's "lateness" is the sum of their earlier positions, each from 0 (first)
 * to 1 (last) so pods of 3, 4 and 5 compare; the pod takes the order that minimises the sum of squares of the
 * players' lateness after this game, which (a convex cost) seats the latest so far first. Among equally fair
 * orders, the one that repeats the fewest seats a player already had; any tie left is drawn at random.
 */
import { cryptoRandom, type RandomSource } from "./random";

/** A seat a player had in an earlier pod: its number and the pod's size. */
export type SeatTaken = { seat: number; size: number };
export type SeatHistory = ReadonlyMap<string, readonly SeatTaken[]>;

/** Where a seat sits in turn order: 0 first, 1 last. */
export const seatPosition = (seat: number, size: number) => (size <= 1 ? 0 : (seat - 1) / (size - 1));

/** How late a player has sat so far: the sum of their seats' positions. */
export function lateness(taken: readonly SeatTaken[] | undefined): number {
  return (taken ?? []).reduce((sum, s) => sum + seatPosition(s.seat, s.size), 0);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const EPSILON = 1e-9;

/** The pod's players in turn order (index 0 is seat 1). */
export function seatPod(players: readonly string[], history: SeatHistory, random: RandomSource = cryptoRandom): string[] {
  const size = players.length;
  const late = new Map(players.map((id) => [id, lateness(history.get(id))]));
  const timesIn = (id: string, seat: number) => (history.get(id) ?? []).filter((s) => s.seat === seat).length;
  let best: { fairness: number; repeats: number; orders: string[][] } | null = null;
  for (const order of permutations(players)) {
    let fairness = 0;
    let repeats = 0;
    order.forEach((id, i) => {
      fairness += (late.get(id)! + seatPosition(i + 1, size)) ** 2;
      repeats += timesIn(id, i + 1);
    });
    const better = !best || fairness < best.fairness - EPSILON || (Math.abs(fairness - best.fairness) <= EPSILON && repeats < best.repeats);
    if (better) best = { fairness, repeats, orders: [order] };
    else if (best && Math.abs(fairness - best.fairness) <= EPSILON && repeats === best.repeats) best.orders.push(order);
  }
  const orders = best?.orders ?? [[]];
  return orders[Math.floor(random() * orders.length)] ?? orders[0];
}

/**
 * The top cut's pods are seated by standing instead: the best-ranked player goes first (the common cEDH rule,
 * e.g. Spain's multiplayer addendum 2.2B: highest Swiss standing first, then the next).
 */
export function seatBySeed(players: readonly string[], rankOf: (id: string) => number): string[] {
  return [...players].sort((a, b) => rankOf(a) - rankOf(b));
}
