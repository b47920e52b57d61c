import { describe, expect, it } from "vitest";
import { computePodStandings, outcomesOf, POD_POINTS, podRecords, type PodOutcome, type ScoredPod } from "./pod-scoring";

/** A pod from its players in turn order and their outcomes. */
const pod = (players: string[], outcomes: PodOutcome[]): ScoredPod => ({
  seats: players.map((userId, i) => ({ userId, seat: i + 1, outcome: outcomes[i] })),
});
const win = (players: string[], winner: string) => pod(players, outcomesOf({ outcome: "win", winnerId: winner }, players));
const draw = (players: string[], still: string[] = players) => pod(players, outcomesOf({ outcome: "draw", drawIds: still }, players));

describe("pod points", () => {
  it("gives 5 for a win, 1 for a draw, 0 for a loss", () => {
    expect(POD_POINTS).toEqual({ win: 5, draw: 1, loss: 0 });
    const r = podRecords(["a", "b", "c", "d"], [win(["a", "b", "c", "d"], "c")]);
    expect([...r.values()].map((x) => x.points)).toEqual([0, 0, 5, 0]);
    expect(r.get("c")).toMatchObject({ wins: 1, losses: 0, draws: 0, games: 1, seats: [3], opponents: ["a", "b", "d"] });
  });

  it("shares a draw among the players still in the game; the eliminated lose", () => {
    const r = podRecords(["a", "b", "c", "d"], [draw(["a", "b", "c", "d"], ["b", "d"])]);
    expect([...r.values()].map((x) => [x.points, x.draws, x.losses])).toEqual([
      [0, 0, 1],
      [1, 1, 0],
      [0, 0, 1],
      [1, 1, 0],
    ]);
  });

  it("keeps a deleted member's seat out of everyone's opponents", () => {
    const r = podRecords(["a", "b"], [pod(["a", null as unknown as string, "b"], ["win", "loss", "loss"])]);
    expect(r.get("a")!.opponents).toEqual(["b"]);
    expect(r.get("b")!.games).toBe(1);
  });
});

describe("pod standings", () => {
  // Three rounds of eight players in two pods each.
  const pods = [
    win(["a", "b", "c", "d"], "a"),
    win(["e", "f", "g", "h"], "e"),
    win(["a", "e", "b", "f"], "b"),
    draw(["c", "g", "d", "h"]),
    win(["b", "a", "h", "c"], "h"),
    win(["f", "d", "e", "g"], "f"),
  ];
  const standings = computePodStandings(["a", "b", "c", "d", "e", "f", "g", "h"], pods);
  const row = (id: string) => standings.find((s) => s.userId === id)!;

  it("ranks by points first", () => {
    // a, b, e, f, h: one win each (5) (h: draw + win = 6); c, d, g: one draw (1).
    expect(row("h").points).toBe(6);
    expect(standings[0].userId).toBe("h");
    expect(standings.slice(-3).map((s) => s.points)).toEqual([1, 1, 1]);
  });

  it("breaks ties by opponents' win rate (every opponent of every game, no floor)", () => {
    // a met b, c, d (g1); e, b, f (g2); b, h, c (g3).
    const rates = new Map(standings.map((s) => [s.userId, s.winRate]));
    const expected = ["b", "c", "d", "e", "b", "f", "b", "h", "c"].reduce((sum, o) => sum + rates.get(o)!, 0) / 9;
    expect(row("a").owp).toBeCloseTo(expected, 12);
    expect(row("a").winRate).toBeCloseTo(1 / 3, 12);
    const fivePointers = standings.filter((s) => s.points === 5);
    for (let i = 1; i < fivePointers.length; i++) expect(fivePointers[i - 1].owp).toBeGreaterThanOrEqual(fivePointers[i].owp);
  });

  it("then ranks the player who sat later in turn order first", () => {
    // x and y: the same record against the same opponents; x sat 4th twice, y sat 1st twice.
    const even = [win(["y", "p", "q", "x"], "p"), win(["y", "q", "p", "x"], "q")];
    const s = computePodStandings(["x", "y", "p", "q"], even);
    expect(s.find((r) => r.userId === "x")!.averageSeat).toBe(4);
    expect(s.find((r) => r.userId === "y")!.averageSeat).toBe(1);
    expect(s.map((r) => r.userId).indexOf("x")).toBeLessThan(s.map((r) => r.userId).indexOf("y"));
    expect(s.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it("uses the caller's order last, and gives a player without games no average seat", () => {
    const s = computePodStandings(["m", "n"], [], (a, b) => (a === "n" ? -1 : b === "n" ? 1 : 0));
    expect(s.map((r) => r.userId)).toEqual(["n", "m"]);
    expect(s[0]).toMatchObject({ points: 0, owp: 0, averageSeat: null, games: 0 });
  });
});
