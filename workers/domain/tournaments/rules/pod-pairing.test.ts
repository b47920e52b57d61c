import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupPods, meetingCounts, meetingKey, pairPodRound, repeatsIn, type Pod } from "./pod-pairing";
import { computePodStandings, outcomesOf, type ScoredPod } from "./pod-scoring";
import type { SeatTaken } from "./pod-seating";
import { podSizes } from "./pod-sizes";
import type { RandomSource } from "./random";
import { seeded } from "./seeded-random.test-support";

/** The fewest repeat meetings any split of `players` into pods of `sizes` has (exhaustive, small fields only). */
function fewestRepeats(players: readonly string[], sizes: readonly number[], meetings: ReadonlyMap<string, number>): number {
  let best = Infinity;
  const met = (a: string, b: string) => meetings.get(meetingKey(a, b)) ?? 0;
  const search = (left: readonly string[], sizesLeft: readonly number[], cost: number) => {
    if (cost >= best) return;
    if (left.length === 0) {
      best = cost;
      return;
    }
    const [first, ...rest] = left;
    for (const size of new Set(sizesLeft)) {
      const otherSizes = [...sizesLeft];
      otherSizes.splice(otherSizes.indexOf(size), 1);
      // Every choice of size - 1 companions for `first` among `rest`.
      const choose = (from: number, picked: string[], added: number) => {
        if (picked.length === size - 1) {
          const group = new Set(picked);
          search(
            rest.filter((id) => !group.has(id)),
            otherSizes,
            cost + added,
          );
          return;
        }
        for (let i = from; i <= rest.length - (size - 1 - picked.length); i++) {
          const candidate = rest[i];
          const extra = met(first, candidate) + picked.reduce((sum, p) => sum + met(p, candidate), 0);
          choose(i + 1, [...picked, candidate], added + extra);
        }
      };
      choose(0, [], 0);
    }
  };
  search(players, sizes, 0);
  return best;
}

type Simulation = { rounds: Pod[][]; activeByRound: string[][]; minimumRepeats: number[]; meetingsBefore: Map<string, number>[] };

/** Runs Swiss pods through the pure rules with random results (a draw now and then) and optional drops. */
function simulate(
  playerCount: number,
  roundCount: number,
  random: RandomSource,
  options: { drops?: Map<number, string[]>; exhaustive?: boolean } = {},
): Simulation {
  const players = Array.from({ length: playerCount }, (_, i) => `p${i + 1}`);
  const dropped = new Set<string>();
  const played: ScoredPod[] = [];
  const sim: Simulation = { rounds: [], activeByRound: [], minimumRepeats: [], meetingsBefore: [] };
  for (let round = 1; round <= roundCount; round++) {
    for (const id of options.drops?.get(round) ?? []) dropped.add(id);
    const standings = computePodStandings(players, played);
    const active = standings.filter((s) => !dropped.has(s.userId));
    const meetings = meetingCounts(played.map((p) => p.seats.map((s) => s.userId)));
    const seatHistory = new Map<string, SeatTaken[]>();
    for (const p of played)
      for (const s of p.seats) seatHistory.set(s.userId!, [...(seatHistory.get(s.userId!) ?? []), { seat: s.seat, size: p.seats.length }]);
    const pods = pairPodRound({
      players: active.map((s) => ({ id: s.userId, points: s.points })),
      meetings,
      seatHistory,
      firstRound: round === 1,
      random,
    });
    sim.rounds.push(pods);
    sim.activeByRound.push(active.map((s) => s.userId));
    sim.meetingsBefore.push(meetings);
    if (options.exhaustive && round > 1)
      sim.minimumRepeats.push(
        fewestRepeats(
          active.map((s) => s.userId),
          podSizes(active.length),
          meetings,
        ),
      );
    for (const pod of pods) {
      const r = random();
      const result =
        r < 0.15
          ? { outcome: "draw" as const, drawIds: pod.seats }
          : { outcome: "win" as const, winnerId: pod.seats[Math.floor(r * 100) % pod.seats.length] };
      const outcomes = outcomesOf(result, pod.seats);
      played.push({ seats: pod.seats.map((userId, i) => ({ userId, seat: i + 1, outcome: outcomes[i] })) });
    }
  }
  return sim;
}

describe("Swiss pods", () => {
  it("seats 13 players in pods of 4, 4 and 5, the five at the lowest table, seats numbered in turn order", () => {
    const { rounds } = simulate(13, 3, seeded(7));
    for (const round of rounds) {
      expect(round.map((p) => p.seats.length)).toEqual([4, 4, 5]);
      expect(round.map((p) => p.table)).toEqual([1, 2, 3]);
    }
  });

  it("puts equal points together when nobody has met", () => {
    const players = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"].map((id, i) => ({
      id,
      points: i < 4 ? 5 : i < 8 ? 1 : 0,
    }));
    for (let seed = 1; seed <= 20; seed++) {
      const pods = groupPods({ players, meetings: new Map(), seatHistory: new Map(), firstRound: false, random: seeded(seed) });
      expect(pods.map((p) => [...p].sort())).toEqual([
        ["a", "b", "c", "d"],
        ["e", "f", "g", "h"],
        ["i", "j", "k", "l"],
      ]);
    }
  });

  it("breaks up a points group whose players all met, as evenly as repeats allow", () => {
    // a-d (5 points) and e-h (1 point) each met in round 1: the round must mix the groups. Some pair meets again
    // in any split; two of each group in each pod is the least (one repeat per group).
    const players = ["a", "b", "c", "d", "e", "f", "g", "h"].map((id, i) => ({ id, points: i < 4 ? 5 : 1 }));
    const meetings = meetingCounts([
      ["a", "b", "c", "d"],
      ["e", "f", "g", "h"],
    ]);
    for (let seed = 1; seed <= 20; seed++) {
      const pods = groupPods({ players, meetings, seatHistory: new Map(), firstRound: false, random: seeded(seed) });
      expect(repeatsIn(pods, meetings)).toBe(4);
      for (const pod of pods) expect(pod.filter((id) => "abcd".includes(id))).toHaveLength(2);
    }
  });

  it("minimises repeat opponents: as few as an exhaustive search finds, 3 to 13 players, four rounds", () => {
    for (let n = 3; n <= 13; n++)
      for (let seed = 1; seed <= (n <= 9 ? 12 : 4); seed++) {
        const sim = simulate(n, 4, seeded(n * 1000 + seed), { exhaustive: true });
        sim.minimumRepeats.forEach((minimum, i) => {
          const round = sim.rounds[i + 1].map((p) => p.seats);
          expect(repeatsIn(round, sim.meetingsBefore[i + 1]), `${n} players, seed ${seed}, round ${i + 2}`).toBe(minimum);
        });
      }
  });

  it("repeats nobody over three rounds of 16, 20, 24, 28 and 32 players (pods of four: a repeat-free round exists)", () => {
    for (const n of [16, 20, 24, 28, 32])
      for (let seed = 1; seed <= 6; seed++) {
        const sim = simulate(n, 3, seeded(n * 7 + seed));
        sim.rounds.forEach((round, i) =>
          expect(
            repeatsIn(
              round.map((p) => p.seats),
              sim.meetingsBefore[i],
            ),
            `${n} players, seed ${seed}, round ${i + 1}`,
          ).toBe(0),
        );
      }
  });

  it("property: every active player sits once a round, in pods of podSizes; dropped players never; nobody gets a bye", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 32 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer(),
        fc.array(fc.tuple(fc.integer({ min: 2, max: 5 }), fc.nat()), { maxLength: 4 }),
        (playerCount, roundCount, seed, dropSpecs) => {
          const drops = new Map<number, string[]>();
          for (const [round, index] of dropSpecs) drops.set(round, [...(drops.get(round) ?? []), `p${(index % playerCount) + 1}`]);
          const { rounds, activeByRound } = simulate(playerCount, roundCount, seeded(seed), { drops });
          rounds.forEach((round, i) => {
            const active = activeByRound[i];
            if (active.length < 3) return expect(round).toEqual([]);
            expect(round.flatMap((p) => p.seats).sort()).toEqual([...active].sort());
            expect(round.map((p) => p.seats.length)).toEqual(podSizes(active.length));
            expect(round.every((p) => p.seats.length >= 3)).toBe(true);
          });
        },
      ),
      { numRuns: 120 },
    );
  });
});
