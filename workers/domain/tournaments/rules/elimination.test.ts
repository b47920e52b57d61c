import { describe, expect, it } from "vitest";
import { bracketSeedOrder, firstEliminationRound, matchWinner, nextEliminationRound } from "./elimination";

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const byes = (round: ReturnType<typeof firstEliminationRound>) => round.filter((p) => p.player2Id === null).map((p) => p.player1Id);

/** Plays a bracket out with the better seed always winning; returns each round. */
function playOut(n: number) {
  const rounds = [firstEliminationRound(seeds(n))];
  for (;;) {
    const last = rounds[rounds.length - 1];
    const results = last.map((p) => ({
      table: p.table,
      winnerId:
        p.player2Id === null ? p.player1Id : Number(p.player1Id.slice(1)) < Number(p.player2Id.slice(1)) ? p.player1Id : p.player2Id,
    }));
    const next = nextEliminationRound(results, () => false);
    if (next.length === 0) return { rounds, champion: results[0].winnerId };
    rounds.push(next);
  }
}

describe("single-elimination brackets", () => {
  it("places seeds so 1 and 2 can only meet in the final", () => {
    expect(bracketSeedOrder(2)).toEqual([1, 2]);
    expect(bracketSeedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it("8 players: four matches, no byes, three rounds", () => {
    const round1 = firstEliminationRound(seeds(8));
    expect(round1.map((p) => [p.table, p.player1Id, p.player2Id])).toEqual([
      [1, "s1", "s8"],
      [2, "s4", "s5"],
      [3, "s2", "s7"],
      [4, "s3", "s6"],
    ]);
    const { rounds, champion } = playOut(8);
    expect(rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(rounds[2][0]).toMatchObject({ player1Id: "s1", player2Id: "s2" });
    expect(champion).toBe("s1");
  });

  it("5 players: byes to seeds 1, 2 and 3; 4 plays 5", () => {
    const round1 = firstEliminationRound(seeds(5));
    expect(byes(round1).sort()).toEqual(["s1", "s2", "s3"]);
    expect(round1.find((p) => p.player2Id !== null)).toMatchObject({ player1Id: "s4", player2Id: "s5", table: 2 });
    const { rounds, champion } = playOut(5);
    expect(rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(rounds[1].map((p) => [p.player1Id, p.player2Id])).toEqual([
      ["s1", "s4"],
      ["s2", "s3"],
    ]);
    expect(champion).toBe("s1");
  });

  it("13 players: byes to the top three seeds, every player placed once", () => {
    const round1 = firstEliminationRound(seeds(13));
    expect(round1).toHaveLength(8);
    expect(byes(round1).sort()).toEqual(["s1", "s2", "s3"]);
    const placed = round1.flatMap((p) => [p.player1Id, p.player2Id]).filter(Boolean);
    expect(new Set(placed).size).toBe(13);
    const { rounds, champion } = playOut(13);
    expect(rounds.map((r) => r.length)).toEqual([8, 4, 2, 1]);
    expect(champion).toBe("s1");
  });

  it("gives a bye when a winner dropped, and ends with the champion", () => {
    const next = nextEliminationRound(
      [
        { table: 1, winnerId: "a" },
        { table: 2, winnerId: "b" },
        { table: 3, winnerId: "c" },
        { table: 4, winnerId: "d" },
      ],
      (id) => id === "b",
    );
    expect(next).toEqual([
      { table: 1, player1Id: "a", player2Id: null },
      { table: 2, player1Id: "c", player2Id: "d" },
    ]);
    expect(nextEliminationRound([{ table: 1, winnerId: "a" }], () => false)).toEqual([]);
  });

  it("decides the winner from game wins; a bye's player wins; a tie has no winner", () => {
    expect(matchWinner({ player1Id: "a", player2Id: "b", player1Wins: 1, player2Wins: 2 })).toBe("b");
    expect(matchWinner({ player1Id: "a", player2Id: null, player1Wins: 0, player2Wins: 0 })).toBe("a");
    expect(matchWinner({ player1Id: "a", player2Id: "b", player1Wins: 1, player2Wins: 1 })).toBeNull();
  });
});
