import { describe, expect, it } from "vitest";
import {
  computeStandings,
  gameWinPercentage,
  matchPointsFor,
  matchWinPercentage,
  playerRecords,
  round4,
  type ScoredMatch,
} from "./scoring";

const m = (round: number, p1: string, p2: string | null, w1 = 0, w2 = 0, d = 0): ScoredMatch => ({
  round,
  player1Id: p1,
  player2Id: p2,
  player1Wins: w1,
  player2Wins: w2,
  draws: d,
});

describe("match and game points (MTR Appendix C)", () => {
  it("gives 3 per match win and 1 per draw", () => {
    expect(matchPointsFor(6, 0)).toBe(18); // 6-2-0
    expect(matchPointsFor(4, 2)).toBe(14); // 4-2-2
  });

  it("gives 3 per game won and 1 per drawn game", () => {
    const records = playerRecords(["a", "b", "c", "d", "e", "f"], [m(1, "a", "b", 2, 0), m(1, "c", "d", 2, 1), m(1, "e", "f", 2, 0, 1)]);
    expect([records.get("a")!.gamePoints, records.get("b")!.gamePoints]).toEqual([6, 0]);
    expect([records.get("c")!.gamePoints, records.get("d")!.gamePoints]).toEqual([6, 3]);
    expect([records.get("e")!.gamePoints, records.get("f")!.gamePoints]).toEqual([7, 1]);
  });

  it("counts a bye as a 2-0 match win: 3 match points and 6 game points", () => {
    const r = playerRecords(["a"], [m(1, "a", null)]).get("a")!;
    expect(r).toMatchObject({ matchPoints: 3, gamePoints: 6, wins: 1, losses: 0, roundsPlayed: 1, gamesPlayed: 2, byes: 1, opponents: [] });
  });
});

describe("match-win percentage (the MTR's three examples)", () => {
  it("5-2-1 over eight rounds is 16/24 = 0.6667", () => {
    expect(round4(matchWinPercentage(matchPointsFor(5, 1), 8))).toBe(0.6667);
  });

  it("1-3-0 then a drop is 3/12 = 0.25, floored to 0.33", () => {
    expect(matchWinPercentage(matchPointsFor(1, 0), 4)).toBe(0.33);
  });

  it("3-2-0 including a first-round bye, then a drop, is 9/15 = 0.60", () => {
    const matches = [m(1, "p", null), m(2, "p", "x", 2, 0), m(3, "p", "y", 0, 2), m(4, "p", "z", 2, 1), m(5, "p", "w", 1, 2)];
    const r = playerRecords(["p"], matches).get("p")!;
    expect([r.wins, r.losses, r.draws, r.matchPoints, r.roundsPlayed]).toEqual([3, 2, 0, 9, 5]);
    expect(round4(matchWinPercentage(r.matchPoints, r.roundsPlayed))).toBe(0.6);
  });
});

describe("game-win percentage", () => {
  it("divides game points by 3 per game played and floors at 0.33", () => {
    // 2-0, 2-1, 1-2: games won 5, lost 3 → 15 / 24 = 0.625
    expect(gameWinPercentage(15, 8)).toBe(0.625);
    // 0-2 twice: 0 / 12 → floor
    expect(gameWinPercentage(0, 4)).toBe(0.33);
  });
});

describe("opponents' percentages", () => {
  // Four rounds, six players. a: bye, beats b 2-0, beats c 2-1, loses to d 0-2.
  const matches = [
    m(1, "a", null),
    m(1, "b", "c", 2, 0),
    m(1, "d", "e", 2, 1),
    m(2, "a", "b", 2, 0),
    m(2, "c", "d", 0, 2),
    m(2, "e", null),
    m(3, "a", "c", 2, 1),
    m(3, "b", "e", 1, 1, 1),
    m(3, "d", null),
    m(4, "a", "d", 0, 2),
  ];
  const standings = computeStandings(["a", "b", "c", "d", "e"], matches);
  const row = (id: string) => standings.find((s) => s.userId === id)!;

  it("averages opponents' floored MW% and ignores the bye", () => {
    // b: win, loss, draw = 4/9 = 0.4444; c: 0/9 → 0.33; d: 4 wins = 12/12 = 1.
    // a's OMW% = (0.4444 + 0.33 + 1) / 3 = 0.5915 (three opponents, the bye adds nothing).
    expect(row("b").mw).toBeCloseTo(4 / 9, 10);
    expect(row("c").mw).toBe(0.33);
    expect(row("d").mw).toBe(1);
    expect(round4(row("a").omw)).toBe(round4((4 / 9 + 0.33 + 1) / 3));
    expect(round4(row("a").omw)).toBe(0.5915);
  });

  it("averages opponents' floored GW% the same way", () => {
    // b: games 2-0, 0-2, 1-1-1 → 3 won, 3 lost, 1 drawn: 10 points over 7 games = 10/21 = 0.4762
    // c: 0-2, 0-2, 1-2 → 3/18 = 0.1667 → 0.33; d: 2-1, 2-0, bye 2-0, 2-0 → 24/27 = 0.8889
    const expected = (10 / 21 + 0.33 + 24 / 27) / 3;
    expect(round4(row("a").ogw)).toBe(round4(expected));
    expect(round4(row("a").ogw)).toBe(0.565);
  });

  it("ranks by match points, then OMW%, GW%, OGW%", () => {
    // d: 12 points; a: 9; b: 4 (1-1-1); e: 4 (bye 3 + draw 1); c: 0.
    expect(standings.map((s) => s.userId)).toEqual(["d", "a", standings[2].userId, standings[3].userId, "c"]);
    // b and e are tied on 4 match points: b's opponents (c, a, e) vs e's (d, b) decide by OMW%.
    const b = row("b");
    const e = row("e");
    expect(b.matchPoints).toBe(4);
    expect(e.matchPoints).toBe(4);
    expect(standings.indexOf(b) < standings.indexOf(e)).toBe(b.omw > e.omw);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives 0 opponents' percentages to a player with only byes", () => {
    const s = computeStandings(["solo"], [m(1, "solo", null)]);
    expect(s[0]).toMatchObject({ omw: 0, ogw: 0, mw: 1, gw: 1 });
  });
});
