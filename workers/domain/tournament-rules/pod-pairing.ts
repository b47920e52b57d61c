/**
 * Swiss pods (docs/decisions/2026-11-27-commander-pods.md): a round of a format played in pods seats every
 * active player once, in pods of the sizes `podSizes` gives. Round 1 is random. Later rounds put players with
 * similar points together and keep apart players who have met, repeat opponents first: a pairing is scored by
 * (the number of pairs in the same pod who met before, counted once per earlier meeting; then the points spread,
 * the sum over each pod's pairs of their points difference), and the lower score wins, the first part before the
 * second. The search starts from the standings cut into pods (each points group shuffled), improves it by
 * swapping two players of different pods while a swap lowers the score, and restarts from other shuffles a few
 * times, keeping the best. The standings cut into pods (sorted players in consecutive blocks) already has the
 * least spread for those table sizes, so when it repeats nobody it is taken at once. Each pod is then seated by `seatPod`.
 */
import { podSizes } from "./pod-sizes";
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

/** The players of each pod, table 1 first, before seating. */
export function groupPods(input: PodRoundInput): string[][] {
  const random = input.random ?? cryptoRandom;
  const sizes = podSizes(input.players.length);
  if (sizes.length === 0) return [];
  if (input.firstRound) return chunk(shuffled(input.players, random), sizes).map((pod) => pod.map((p) => p.id));

  const field = fieldOf(input.players, input.meetings);
  const index = new Map(input.players.map((p, i) => [p.id, i]));
  const budget = { steps: 2_000_000 };
  let best: { cost: number; pods: number[][] } | null = null;
  const restarts = input.restarts ?? 12;
  for (let attempt = 0; attempt < restarts && budget.steps > 0; attempt++) {
    const pods = chunk(
      swissOrder(input.players, random).map((p) => index.get(p.id)!),
      sizes,
    );
    const start = pods.reduce((sum, pod) => sum + podCost(pod, field), 0);
    // The standings cut into pods has the least spread there is: with no repeat in it, nothing beats it.
    if (start < REPEAT_WEIGHT) return pods.map((pod) => pod.map((i) => input.players[i].id));
    const cost = improve(pods, field, budget);
    if (!best || cost < best.cost) best = { cost, pods: pods.map((pod) => [...pod]) };
  }
  return best!.pods.map((pod) => pod.map((i) => input.players[i].id));
}

/** One Swiss round in pods: tables in order, each pod's players in turn order. [] when fewer than 3 are active. */
export function pairPodRound(input: PodRoundInput): Pod[] {
  const random = input.random ?? cryptoRandom;
  return groupPods({ ...input, random }).map((players, i) => ({ table: i + 1, seats: seatPod(players, input.seatHistory, random) }));
}
