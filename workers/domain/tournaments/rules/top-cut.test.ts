import { describe, expect, it } from "vitest";
import { cutPlacements, cutSizeFromFirstRound, firstCutRound, nextCutRound, rankWithCut, topCutRounds, topCutSize } from "./top-cut";

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

describe("top cut", () => {
  it("fits the cut to the field: none up to 4, top 4 to 34, top 10 to 64, then top 16", () => {
    expect([3, 4, 5, 13, 34, 35, 64, 65, 200].map(topCutSize)).toEqual([null, null, 4, 4, 4, 10, 10, 16, 16]);
    expect([4, 10, 16].map((s) => topCutRounds(s as 4 | 10 | 16))).toEqual([1, 2, 2]);
    expect([1, 2, 4].map(cutSizeFromFirstRound)).toEqual([4, 10, 16]);
  });

  it("top 4: one final pod of seeds 1-4, seed 1 first; nothing after it", () => {
    expect(firstCutRound(seeds(13), 4)).toEqual([{ table: 1, seats: ["s1", "s2", "s3", "s4"] }]);
    expect(nextCutRound(seeds(13), 4, 1, ["s3"])).toEqual([]);
  });

  it("top 10: seeds 3-10 in two pods, the winners join seeds 1 and 2 in the final", () => {
    expect(firstCutRound(seeds(40), 10)).toEqual([
      { table: 1, seats: ["s3", "s6", "s7", "s10"] },
      { table: 2, seats: ["s4", "s5", "s8", "s9"] },
    ]);
    expect(nextCutRound(seeds(40), 10, 1, ["s10", "s5"])).toEqual([{ table: 1, seats: ["s1", "s2", "s5", "s10"] }]);
    expect(nextCutRound(seeds(40), 10, 2, ["s2"])).toEqual([]);
  });

  it("top 16: four pods spread by seed, their winners play the final", () => {
    const round = firstCutRound(seeds(70), 16);
    expect(round.map((p) => p.seats)).toEqual([
      ["s1", "s5", "s9", "s13"],
      ["s2", "s6", "s10", "s14"],
      ["s3", "s7", "s11", "s15"],
      ["s4", "s8", "s12", "s16"],
    ]);
    expect(nextCutRound(seeds(70), 16, 1, ["s13", "s2", "s7", "s4"])[0].seats).toEqual(["s2", "s4", "s7", "s13"]);
  });

  it("ranks the cut's winner first, then the finalists and semifinalists by Swiss standing, then the rest", () => {
    const swiss = seeds(12).map((userId) => ({ userId }));
    const semis = [
      { players: ["s3", "s6", "s7", "s10"], winnerId: "s7" },
      { players: ["s4", "s5", "s8", "s9"], winnerId: "s4" },
    ];
    const final = [{ players: ["s1", "s2", "s4", "s7"], winnerId: "s7" }];
    const placements = cutPlacements(10, [semis, final]);
    expect(placements.get("s7")).toBe("winner");
    expect(placements.get("s1")).toBe("final");
    expect(placements.get("s10")).toBe("semifinal");
    expect(placements.has("s11")).toBe(false);
    expect(rankWithCut(swiss, placements).map((r) => r.userId)).toEqual([
      "s7",
      "s1",
      "s2",
      "s4",
      "s3",
      "s5",
      "s6",
      "s8",
      "s9",
      "s10",
      "s11",
      "s12",
    ]);
    // Before the final has a winner, its players are finalists.
    expect(cutPlacements(4, [[{ players: ["s1", "s2", "s3", "s4"], winnerId: null }]]).get("s1")).toBe("final");
  });
});
