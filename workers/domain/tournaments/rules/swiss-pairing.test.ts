import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seeded } from "./seeded-random.test-support";
import { computeStandings, type ScoredMatch } from "./scoring";
import { pairSwissRound, type Pairing } from "./swiss-pairing";

type Simulation = { rounds: Pairing[][]; activeByRound: string[][] };

/** Runs a Swiss event through the pure rules with random results and optional drops before a round. */
function simulate(playerCount: number, roundCount: number, seed: number, drops: Map<number, string[]> = new Map()): Simulation {
  const random = seeded(seed);
  const players = Array.from({ length: playerCount }, (_, i) => `p${i + 1}`);
  const dropped = new Set<string>();
  const matches: ScoredMatch[] = [];
  const rounds: Pairing[][] = [];
  const activeByRound: string[][] = [];
  for (let round = 1; round <= roundCount; round++) {
    for (const id of drops.get(round) ?? []) dropped.add(id);
    const standings = computeStandings(players, matches);
    const active = standings.filter((s) => !dropped.has(s.userId));
    const previousOpponents = new Map(standings.map((s) => [s.userId, new Set(s.opponents)]));
    const pairings = pairSwissRound({
      players: active.map((s) => ({ id: s.userId, matchPoints: s.matchPoints, hadBye: s.byes > 0 })),
      previousOpponents,
      firstRound: round === 1,
      random,
    });
    rounds.push(pairings);
    activeByRound.push(active.map((s) => s.userId));
    for (const p of pairings) {
      const outcome = random();
      const [w1, w2, d] = p.player2Id === null ? [0, 0, 0] : outcome < 0.45 ? [2, 1, 0] : outcome < 0.9 ? [0, 2, 0] : [1, 1, 1];
      matches.push({ round, player1Id: p.player1Id, player2Id: p.player2Id, player1Wins: w1, player2Wins: w2, draws: d });
    }
  }
  return { rounds, activeByRound };
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function rematches(rounds: Pairing[][]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const round of rounds) {
    for (const p of round) {
      if (p.player2Id === null) continue;
      const key = pairKey(p.player1Id, p.player2Id);
      if (seen.has(key)) repeated.push(key);
      seen.add(key);
    }
  }
  return repeated;
}

function byeCounts(rounds: Pairing[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of rounds) for (const p of round) if (p.player2Id === null) counts.set(p.player1Id, (counts.get(p.player1Id) ?? 0) + 1);
  return counts;
}

describe("Swiss pairing", () => {
  it("pairs round 1 at random and gives an odd field one bye", () => {
    const a = simulate(7, 1, 1).rounds[0];
    const b = simulate(7, 1, 2).rounds[0];
    expect(a).toHaveLength(4);
    expect(a.filter((p) => p.player2Id === null)).toHaveLength(1);
    expect(a).not.toEqual(b);
  });

  it("never repeats a pairing over five rounds of 8 players", () => {
    for (let seed = 1; seed <= 200; seed++) expect(rematches(simulate(8, 5, seed).rounds), `seed ${seed}`).toEqual([]);
  });

  it("never repeats a pairing over five rounds of 7 players, one bye each at most", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { rounds } = simulate(7, 5, seed);
      expect(rematches(rounds), `seed ${seed}`).toEqual([]);
      const counts = byeCounts(rounds);
      expect(counts.size, `seed ${seed}`).toBe(5);
      expect(Math.max(...counts.values())).toBe(1);
    }
  });

  it("pairs within score groups and gives the bye to the lowest-ranked player without one", () => {
    // After round 1: a, b, c won (3 points); d, e, f lost; g had the bye (3 points).
    const players = [
      { id: "a", matchPoints: 3, hadBye: false },
      { id: "b", matchPoints: 3, hadBye: false },
      { id: "c", matchPoints: 3, hadBye: false },
      { id: "g", matchPoints: 3, hadBye: true },
      { id: "d", matchPoints: 0, hadBye: false },
      { id: "e", matchPoints: 0, hadBye: false },
      { id: "f", matchPoints: 0, hadBye: false },
    ];
    const previousOpponents = new Map([
      ["a", new Set(["d"])],
      ["d", new Set(["a"])],
      ["b", new Set(["e"])],
      ["e", new Set(["b"])],
      ["c", new Set(["f"])],
      ["f", new Set(["c"])],
    ]);
    const pairings = pairSwissRound({ players, previousOpponents, firstRound: false, random: seeded(3) });
    expect(pairings[pairings.length - 1]).toEqual({ player1Id: "f", player2Id: null });
    const winners = new Set(["a", "b", "c", "g"]);
    for (const p of pairings.slice(0, -1)) {
      // The 3-point group has four players: it pairs among itself; d and e play.
      expect(winners.has(p.player1Id)).toBe(winners.has(p.player2Id!));
    }
  });

  it("pairs down when a score group is odd", () => {
    const players = [
      { id: "a", matchPoints: 6, hadBye: false },
      { id: "b", matchPoints: 3, hadBye: false },
      { id: "c", matchPoints: 3, hadBye: false },
      { id: "d", matchPoints: 3, hadBye: false },
    ];
    const pairings = pairSwissRound({ players, previousOpponents: new Map(), firstRound: false, random: seeded(9) });
    const top = pairings.find((p) => p.player1Id === "a" || p.player2Id === "a")!;
    expect([top.player1Id, top.player2Id].filter((id) => id !== "a")[0]).toMatch(/[bcd]/);
    expect(pairings).toHaveLength(2);
  });

  it("backtracks instead of forcing a rematch", () => {
    // Greedy top-down would pair a-b, then c and d have met: backtracking must find a-c / b-d or a-d / b-c.
    const players = ["a", "b", "c", "d"].map((id) => ({ id, matchPoints: 3, hadBye: false }));
    const previousOpponents = new Map([
      ["c", new Set(["d"])],
      ["d", new Set(["c"])],
    ]);
    for (let seed = 1; seed <= 20; seed++) {
      const pairings = pairSwissRound({ players, previousOpponents, firstRound: false, random: seeded(seed) });
      expect(rematches([[{ player1Id: "c", player2Id: "d" }], pairings])).toEqual([]);
    }
  });

  it("allows a rematch only when no other complete pairing exists", () => {
    const players = ["a", "b"].map((id) => ({ id, matchPoints: 3, hadBye: false }));
    const previousOpponents = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["a"])],
    ]);
    expect(pairSwissRound({ players, previousOpponents, firstRound: false })).toEqual([
      expect.objectContaining({ player2Id: expect.any(String) }),
    ]);
  });

  it("property: every active player is paired exactly once per round; dropped players never", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 32 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        fc.array(fc.tuple(fc.integer({ min: 2, max: 6 }), fc.nat()), { maxLength: 4 }),
        (playerCount, roundCount, seed, dropSpecs) => {
          const drops = new Map<number, string[]>();
          for (const [round, index] of dropSpecs) drops.set(round, [...(drops.get(round) ?? []), `p${(index % playerCount) + 1}`]);
          const { rounds, activeByRound } = simulate(playerCount, roundCount, seed, drops);
          rounds.forEach((round, i) => {
            const seated = round.flatMap((p) => (p.player2Id === null ? [p.player1Id] : [p.player1Id, p.player2Id]));
            expect(seated.sort()).toEqual([...activeByRound[i]].sort());
            expect(round.filter((p) => p.player2Id === null).length).toBe(activeByRound[i].length % 2);
          });
          // At most one bye each while rounds < players (someone is always still without one).
          if (roundCount < playerCount - 4) for (const count of byeCounts(rounds).values()) expect(count).toBe(1);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("score groups", () => {
  it("keeps groups together when they can pair among themselves: 8 players, strict strength order, 3 rounds", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed);
      const players = Array.from({ length: 8 }, (_, i) => `p${i}`);
      const strength = (id: string) => Number(id.slice(1));
      const matches: ScoredMatch[] = [];
      for (let round = 1; round <= 3; round++) {
        const standings = computeStandings(players, matches);
        const pairings = pairSwissRound({
          players: standings.map((s) => ({ id: s.userId, matchPoints: s.matchPoints, hadBye: s.byes > 0 })),
          previousOpponents: new Map(standings.map((s) => [s.userId, new Set(s.opponents)])),
          firstRound: round === 1,
          random,
        });
        for (const p of pairings) {
          const p1Wins = strength(p.player1Id) < strength(p.player2Id!);
          matches.push({
            round,
            player1Id: p.player1Id,
            player2Id: p.player2Id,
            player1Wins: p1Wins ? 2 : 0,
            player2Wins: p1Wins ? 0 : 2,
            draws: 0,
          });
        }
      }
      const points = computeStandings(players, matches)
        .map((s) => s.matchPoints)
        .sort((a, b) => b - a);
      expect(points, `seed ${seed}`).toEqual([9, 6, 6, 6, 3, 3, 3, 0]);
    }
  });
});
