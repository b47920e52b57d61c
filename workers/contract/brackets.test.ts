import { describe, expect, it } from "vitest";
import {
  BRACKET_IDS,
  bracketLabel,
  bracketOfLevel,
  bracketOfPowerLevel,
  bracketRange,
  isCommanderFormat,
  levelBandOfBracket,
  POWER_LEVEL_OF_BRACKET,
  powerLabel,
  resolvePower,
  roomFitsRange,
  roomLevelBand,
} from "./brackets";
import { POWER_LEVEL_IDS, ROOM_FORMAT_IDS } from "./game-session-options";

describe("the power level ↔ bracket mapping", () => {
  it("maps each power level to one bracket and back", () => {
    expect(POWER_LEVEL_IDS.map(bracketOfPowerLevel)).toEqual([2, 3, 4, 5]);
    for (const level of POWER_LEVEL_IDS) expect(POWER_LEVEL_OF_BRACKET[bracketOfPowerLevel(level)!]).toBe(level);
  });

  it("gives Exhibition and Core the power level casual", () => {
    expect(BRACKET_IDS.map((b) => POWER_LEVEL_OF_BRACKET[b])).toEqual(["casual", "casual", "focused", "optimized", "competitive"]);
  });

  it("has no bracket for no or an unknown power level", () => {
    expect(bracketOfPowerLevel(null)).toBeNull();
    expect(bracketOfPowerLevel("spicy")).toBeNull();
  });

  it("names Commander as the only Commander format of today's rooms", () => {
    expect(ROOM_FORMAT_IDS.filter(isCommanderFormat)).toEqual(["commander"]);
    expect(isCommanderFormat(null)).toBe(false);
  });
});

describe("resolvePower", () => {
  it("fills the power level from a Commander bracket", () => {
    expect(resolvePower({ format: "commander", bracket: 3 })).toEqual({ ok: true, value: { powerLevel: "focused", bracket: 3 } });
    expect(resolvePower({ format: "commander", bracket: 1, powerLevel: null })).toEqual({
      ok: true,
      value: { powerLevel: "casual", bracket: 1 },
    });
  });

  it("fills the bracket from a Commander power level", () => {
    expect(resolvePower({ format: "commander", powerLevel: "optimized" })).toEqual({
      ok: true,
      value: { powerLevel: "optimized", bracket: 4 },
    });
    expect(resolvePower({ format: "commander" })).toEqual({ ok: true, value: { powerLevel: null, bracket: null } });
  });

  it("accepts both when they agree, refuses them on `bracket` when not", () => {
    expect(resolvePower({ format: "commander", powerLevel: "casual", bracket: 1 }).ok).toBe(true);
    expect(resolvePower({ format: "commander", powerLevel: "casual", bracket: 2 }).ok).toBe(true);
    const refused = resolvePower({ format: "commander", powerLevel: "competitive", bracket: 3 });
    expect(refused).toMatchObject({ ok: false, problem: { field: "bracket" } });
  });

  it("keeps other formats on power levels and refuses a bracket there", () => {
    expect(resolvePower({ format: "modern", powerLevel: "focused" })).toEqual({
      ok: true,
      value: { powerLevel: "focused", bracket: null },
    });
    expect(resolvePower({ format: "draft", bracket: 2 })).toMatchObject({ ok: false, problem: { field: "bracket" } });
  });

  it("refuses a bracket outside 1-5", () => {
    expect(resolvePower({ format: "commander", bracket: 6 }).ok).toBe(false);
    expect(resolvePower({ format: "commander", bracket: 2.5 }).ok).toBe(false);
  });
});

describe("labels", () => {
  it("names a bracket by number and name", () => {
    expect(bracketLabel(3)).toBe("Bracket 3 · Upgraded");
    expect(bracketLabel(5)).toBe("Bracket 5 · cEDH");
    expect(powerLabel({ powerLevel: "focused", bracket: 3 })).toBe("Bracket 3 · Upgraded");
    expect(powerLabel({ powerLevel: "focused", bracket: null })).toBe("Focused (5-6)");
    expect(powerLabel({})).toBe("Any");
  });
});

describe("matchmaking's 1-10 scale in brackets", () => {
  it("puts two levels in each bracket", () => {
    expect(Array.from({ length: 10 }, (_, i) => bracketOfLevel(i + 1))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(BRACKET_IDS.map(levelBandOfBracket)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
  });

  it("turns a preference range into the brackets it covers", () => {
    expect(bracketRange(5, 8)).toEqual([3, 4]);
    expect(bracketRange(1, 10)).toEqual([1, 5]);
    expect(bracketRange(4, 5)).toEqual([2, 3]);
  });

  it("compares a Commander room's bracket, else its power level, with a member's range", () => {
    expect(roomLevelBand({ powerLevel: "casual", bracket: 1 })).toEqual([1, 2]);
    expect(roomLevelBand({ powerLevel: "casual", bracket: null })).toEqual([1, 4]);
    expect(roomLevelBand({})).toBeNull();
    // A bracket-1 room is casual, yet does not reach a member asking for 3-4 (Core).
    expect(roomFitsRange({ powerLevel: "casual", bracket: 1 }, 3, 4)).toBe(false);
    expect(roomFitsRange({ powerLevel: "casual", bracket: null }, 3, 4)).toBe(true);
    expect(roomFitsRange({ powerLevel: "focused", bracket: 3 }, 5, 8)).toBe(true);
    expect(roomFitsRange({ bracket: 5 }, 5, 8)).toBe(false);
    expect(roomFitsRange({}, 9, 10)).toBe(true);
  });
});
