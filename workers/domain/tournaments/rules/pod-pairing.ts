/**
 * Swiss pods (docs/decisions/2026-11-27-commander-pods.md): a round of a format played in pods seats every
 * active player once, in pods of the sizes `podSizes` gives. Round 1 is random. Later rounds put players with
 * similar points together and keep apart players who have met, repeat opponents first: a pairing is scored by
 * (the number of pairs in the same pod who met before, counted once per earlier meeting; then the points spread,
 * the sum over each pod's pairs of their points difference), and the lower score wins, the first part before the
 * second. The search starts from the standings cut into pods (each points group shuffled), improves it by
 * swapping two players of different pods while a swap lowers the score, and restarts from other shuffles a few
 * times, keeping the best. The standings cut into pods (sorted players in consecutive blocks) already has the
 * least spread for those table sizes, so when it repeats nobody it is taken at once. In a field of up to 16, a
 * branch-and-bound search bounded by that best then finds the true least score (the local search alone stopped
 * short of it in about 1 round in 160 of 11 players, in the property tests). Each pod is then seated by `seatPod`.
 */
import { POD_SIZE, podSizes } from "./pod-sizes";
import { seatPod, type SeatHistory } from "./pod-seating";
import { cryptoRandom, shuffled, type RandomSource } from "./random";

/** An active (not dropped) player as the pairing needs them. */
export type PodPlayer = { id: string; points: number };

/** One pod: its table number (1 is the top table) and its players in turn order. */
export type Pod = { table: number; seats: string[] };

export type PodRoundInput = {
  /** Active players in standings order, best first. */
  players: readonly PodPlayer[];
  /** How many times two players shared a pod before (key: `meetingKey`). */
  meetings: ReadonlyMap<string, number>;
  seatHistory: SeatHistory;
  /** Round 1 is seated at random, ignoring points. */
  firstRound: boolean;
  random?: RandomSource;
  /** Searches from this many different starts (each a fresh shuffle of the points groups). */
  restarts?: number;
};

export const meetingKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Who met whom how often, from the pods played so far (each a list of its players). */
export function meetingCounts(pods: readonly (readonly (string | null)[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pod of pods) {
    const players = pod.filter((id): id is string => id !== null);
    for (let i = 0; i < players.length; i++)
      for (let j = i + 1; j < players.length; j++) {
        const key = meetingKey(players[i], players[j]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  }
  return counts;
}

/** Repeat meetings a set of pods would add: every pair in a pod who met before, once per earlier meeting. */
export function repeatsIn(pods: readonly (readonly string[])[], meetings: ReadonlyMap<string, number>): number {
  let repeats = 0;
  for (const pod of pods)
    for (let i = 0; i < pod.length; i++) for (let j = i + 1; j < pod.length; j++) repeats += meetings.get(meetingKey(pod[i], pod[j])) ?? 0;
  return repeats;
}

/** A repeat outweighs any points spread a field of this size can have. */
const REPEAT_WEIGHT = 1_000_000;

function chunk<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(items.slice(at, at + size));
    at += size;
  }
  return out;
}

/** Standings order with each points group shuffled. */
function swissOrder(players: readonly PodPlayer[], random: RandomSource): PodPlayer[] {
  const groups = new Map<number, PodPlayer[]>();
  for (const p of players) groups.set(p.points, [...(groups.get(p.points) ?? []), p]);
  return [...groups.keys()].sort((a, b) => b - a).flatMap((points) => shuffled(groups.get(points)!, random));
}

/** The field as numbers, so the search compares pods without building keys: points and a meetings matrix. */
type Field = { points: number[]; met: Int32Array; size: number };

function fieldOf(players: readonly PodPlayer[], meetings: ReadonlyMap<string, number>): Field {
  const size = players.length;
  const met = new Int32Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = i + 1; j < size; j++) met[i * size + j] = met[j * size + i] = meetings.get(meetingKey(players[i].id, players[j].id)) ?? 0;
  return { points: players.map((p) => p.points), met, size };
}

function podCost(pod: readonly number[], field: Field): number {
  let cost = 0;
  for (let i = 0; i < pod.length; i++)
    for (let j = i + 1; j < pod.length; j++) {
      cost += REPEAT_WEIGHT * field.met[pod[i] * field.size + pod[j]];
      cost += Math.abs(field.points[pod[i]] - field.points[pod[j]]);
    }
  return cost;
}

/** Swaps players between pods while a swap lowers the cost (first improvement); returns the final cost. */
function improve(pods: number[][], field: Field, budget: { steps: number }): number {
  const costs = pods.map((pod) => podCost(pod, field));
  let improved = true;
  while (improved && budget.steps > 0) {
    improved = false;
    for (let g = 0; g < pods.length; g++)
      for (let h = g + 1; h < pods.length; h++)
        for (let i = 0; i < pods[g].length; i++)
          for (let j = 0; j < pods[h].length; j++) {
            if (--budget.steps < 0) return costs.reduce((a, b) => a + b, 0);
            if (costs[g] + costs[h] === 0) continue;
            const a = pods[g][i];
            const b = pods[h][j];
            pods[g][i] = b;
            pods[h][j] = a;
            const cg = podCost(pods[g], field);
            const ch = podCost(pods[h], field);
            if (cg + ch < costs[g] + costs[h]) {
              costs[g] = cg;
              costs[h] = ch;
              improved = true;
            } else {
              pods[g][i] = a;
              pods[h][j] = b;
            }
          }
  }
  return costs.reduce((a, b) => a + b, 0);
}

/**
 * Branch and bound over every split of the field into pods of `sizes` (as a set of groups), from the best-ranked
 * player down, each joined by companions nearest in the standings first, pruning any partial split that already
 * costs as much as `best`. It improves `best` in place; within `budget` steps it is exhaustive (every field up to
 * 13 players in practice), past it `best` is the best found.
 */
function exactSearch(field: Field, sizes: readonly number[], best: { cost: number; pods: number[][] }, budget: { steps: number }) {
  const n = field.size;
  const used = new Array<boolean>(n).fill(false);
  const groups: number[][] = [];
  const left = [...sizes];
  const extra = (group: readonly number[], candidate: number) => {
    let cost = 0;
    for (const member of group) {
      cost += REPEAT_WEIGHT * field.met[member * n + candidate];
      cost += Math.abs(field.points[member] - field.points[candidate]);
    }
    return cost;
  };
  const place = (cost: number): void => {
    if (cost >= best.cost || budget.steps <= 0) return;
    const first = used.indexOf(false);
    if (first === -1) {
      best.cost = cost;
      best.pods = groups.map((g) => [...g]);
      return;
    }
    used[first] = true;
    for (const size of new Set(left)) {
      left.splice(left.indexOf(size), 1);
      const group = [first];
      groups.push(group);
      const choose = (from: number, groupCost: number): void => {
        if (--budget.steps < 0 || cost + groupCost >= best.cost) return;
        if (group.length === size) return place(cost + groupCost);
        for (let c = from; c < n; c++) {
          if (used[c]) continue;
          const added = extra(group, c);
          used[c] = true;
          group.push(c);
          choose(c + 1, groupCost + added);
          group.pop();
          used[c] = false;
        }
      };
      choose(first + 1, 0);
      groups.pop();
      left.push(size);
      left.sort((a, b) => b - a);
    }
    used[first] = false;
  };
  place(0);
}

/** Table order: the pods of four first, then the others, each by their players' points, best first. */
function tableOrder(pods: number[][], sizes: readonly number[], field: Field): number[][] {
  const mean = (pod: readonly number[]) => pod.reduce((sum, i) => sum + field.points[i], 0) / pod.length;
  const rank = (pod: readonly number[]) => (pod.length === POD_SIZE ? 0 : 1);
  const ordered = [...pods].sort((a, b) => rank(a) - rank(b) || mean(b) - mean(a) || Math.min(...a) - Math.min(...b));
  // Each pod's players in standings order (the seating draws their turn order).
  return ordered.length === sizes.length ? ordered.map((pod) => [...pod].sort((a, b) => a - b)) : pods;
}

/** The players of each pod, table 1 first, before seating. */
export function groupPods(input: PodRoundInput): string[][] {
  const random = input.random ?? cryptoRandom;
  const sizes = podSizes(input.players.length);
  if (sizes.length === 0) return [];
  if (input.firstRound) return chunk(shuffled(input.players, random), sizes).map((pod) => pod.map((p) => p.id));

  const field = fieldOf(input.players, input.meetings);
  const index = new Map(input.players.map((p, i) => [p.id, i]));
  const ids = (pods: readonly (readonly number[])[]) => pods.map((pod) => pod.map((i) => input.players[i].id));
  const budget = { steps: 2_000_000 };
  let best: { cost: number; pods: number[][] } | null = null;
  // A small field is settled by the exact search below: a few starts give it a good bound to prune with.
  const restarts = input.restarts ?? (input.players.length <= EXACT_SEARCH_PLAYERS ? 3 : 12);
  for (let attempt = 0; attempt < restarts && budget.steps > 0; attempt++) {
    const pods = chunk(
      swissOrder(input.players, random).map((p) => index.get(p.id)!),
      sizes,
    );
    const start = pods.reduce((sum, pod) => sum + podCost(pod, field), 0);
    // The standings cut into pods has the least spread there is: with no repeat in it, nothing beats it.
    if (start < REPEAT_WEIGHT) return ids(pods);
    const cost = improve(pods, field, budget);
    if (!best || cost < best.cost) best = { cost, pods: pods.map((pod) => [...pod]) };
  }
  // Local search can stop short of the fewest repeats: in a field small enough to search in full, an exact search
  // bounded by the best found settles it. (Larger fields have room to avoid repeats; the local search finds that.)
  const found = best!.cost;
  if (input.players.length <= EXACT_SEARCH_PLAYERS) exactSearch(field, sizes, best!, { steps: EXACT_SEARCH_STEPS });
  return ids(best!.cost < found ? tableOrder(best!.pods, sizes, field) : best!.pods);
}

/**
 * The exact search runs for fields up to this size, within this many steps: 13 players after three rounds took
 * about 190,000-230,000 steps (a full search), 14 to 16 players 2,000-130,000 (their pods of four prune sooner).
 */
const EXACT_SEARCH_PLAYERS = 16;
const EXACT_SEARCH_STEPS = 400_000;

/** One Swiss round in pods: tables in order, each pod's players in turn order. [] when fewer than 3 are active. */
export function pairPodRound(input: PodRoundInput): Pod[] {
  const random = input.random ?? cryptoRandom;
  return groupPods({ ...input, random }).map((players, i) => ({ table: i + 1, seats: seatPod(players, input.seatHistory, random) }));
}
