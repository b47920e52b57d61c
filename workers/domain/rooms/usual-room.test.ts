import { describe, expect, it } from "vitest";
import { bracketOfRange, powerLevelOfRange, usualRoomSettings, type UsualRoomInputs } from "./usual-room";

const none: UsualRoomInputs = { search: {}, lastRoom: null, preferences: null, primaryCommunity: null };

describe("usualRoomSettings", () => {
  it("starts from the member's last room as host, in the realm the search ran in", () => {
    const lastRoom = { format: "sealed", powerLevel: "optimized", bracket: null, maxPlayers: 6, communityId: "decksong" };
    expect(usualRoomSettings({ ...none, lastRoom, search: { format: "sealed", powerLevel: "focused" } })).toEqual({
      format: "sealed",
      powerLevel: "optimized",
      bracket: null,
      maxPlayers: 6,
      communityId: "decksong",
    });
    expect(usualRoomSettings({ ...none, lastRoom, search: { communityId: "duelcraft" } }).communityId).toBe("duelcraft");
  });

  it("without a last room, takes the saved preference: its first room format and the power level its range holds", () => {
    const preferences = { selectedFormats: ["pokemon-standard", "legacy", "modern"], powerLevelMin: 7, powerLevelMax: 8 };
    expect(usualRoomSettings({ ...none, preferences, primaryCommunity: "scry-gather" })).toEqual({
      format: "legacy",
      powerLevel: "optimized",
      bracket: null,
      maxPlayers: null,
      communityId: "scry-gather",
    });
  });

  it("gives a Commander preference its bracket, and a range across levels no power (Any)", () => {
    const commander = { selectedFormats: ["commander"], powerLevelMin: 5, powerLevelMax: 6 };
    expect(usualRoomSettings({ ...none, preferences: commander })).toMatchObject({ format: "commander", powerLevel: null, bracket: 3 });
    const wide = { selectedFormats: ["modern"], powerLevelMin: 5, powerLevelMax: 9 };
    expect(usualRoomSettings({ ...none, preferences: wide })).toMatchObject({ format: "modern", powerLevel: null, bracket: null });
  });

  it("lets the lobby's filters win over the preference, field by field", () => {
    const preferences = { selectedFormats: ["legacy"], powerLevelMin: 9, powerLevelMax: 10 };
    expect(usualRoomSettings({ ...none, preferences, search: { format: "draft" } })).toMatchObject({
      format: "draft",
      powerLevel: "competitive",
    });
    expect(usualRoomSettings({ ...none, preferences, search: { powerLevel: "casual" } })).toMatchObject({
      format: "legacy",
      powerLevel: "casual",
    });
  });

  it("names nothing it was not told: no last room, no filters, no preference", () => {
    expect(usualRoomSettings(none)).toEqual({ format: null, powerLevel: null, bracket: null, maxPlayers: null, communityId: null });
    const noRoomFormat = { selectedFormats: ["yugioh-advanced"], powerLevelMin: 1, powerLevelMax: 4 };
    expect(usualRoomSettings({ ...none, preferences: noRoomFormat })).toMatchObject({ format: null, powerLevel: "casual" });
  });
});

describe("a 1-10 range as one power level or bracket", () => {
  it("only when a single band holds the whole range", () => {
    expect(powerLevelOfRange(1, 4)).toBe("casual");
    expect(powerLevelOfRange(9, 10)).toBe("competitive");
    expect(powerLevelOfRange(4, 5)).toBeNull();
    expect(bracketOfRange(7, 8)).toBe(4);
    expect(bracketOfRange(9, 10)).toBe(5);
    expect(bracketOfRange(6, 7)).toBeNull();
  });
});
