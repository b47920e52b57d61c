import { describe, expect, it } from "vitest";
import { suggestedSwissRounds } from "./swiss-rounds";

describe("suggested Swiss rounds", () => {
  it("follows ceil(log2(players))", () => {
    const table: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
      [8, 3],
      [9, 4],
      [16, 4],
      [17, 5],
      [32, 5],
    ];
    for (const [players, rounds] of table) expect(suggestedSwissRounds(players), `${players} players`).toBe(rounds);
  });
});
