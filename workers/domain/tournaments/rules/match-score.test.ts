import { describe, expect, it } from "vitest";
import { impossibleScore } from "./match-score";

describe("a best-of-three match's score", () => {
  it("accepts every score that can be played", () => {
    for (const [player1Wins, player2Wins, draws] of [
      [2, 0, 0],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
      [1, 1, 1],
      [2, 1, 1],
      [0, 0, 3],
      [0, 0, 0],
      [1, 0, 0],
    ])
      expect(impossibleScore({ player1Wins, player2Wins, draws }), `${player1Wins}-${player2Wins}-${draws}`).toBeNull();
  });

  it("refuses what cannot be played: three wins, both players on two, too many draws", () => {
    expect(impossibleScore({ player1Wins: 3, player2Wins: 3, draws: 0 })?.path).toBe("player1Wins");
    expect(impossibleScore({ player1Wins: 0, player2Wins: 3, draws: 0 })?.path).toBe("player2Wins");
    expect(impossibleScore({ player1Wins: 2, player2Wins: 2, draws: 0 })).toEqual({
      path: "player2Wins",
      message: "A best-of-three match ends when one player has won two games",
    });
    expect(impossibleScore({ player1Wins: 1, player2Wins: 0, draws: 4 })?.path).toBe("draws");
  });
});
