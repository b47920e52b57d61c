import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, matchmakingPreferencesSchema, type MatchmakingPreferences } from "../../../workers/contract/matchmaking";
import { quickMatchBody, toggleGame } from "./preference-rules";

describe("toggleGame", () => {
  it("adds a game and keeps the formats", () => {
    expect(toggleGame(DEFAULT_PREFERENCES, "Pokemon")).toMatchObject({
      selectedGames: ["Magic", "Pokemon"],
      selectedFormats: ["commander"],
    });
  });

  it("removes a game with its formats", () => {
    const both: MatchmakingPreferences = {
      ...DEFAULT_PREFERENCES,
      selectedGames: ["Magic", "Pokemon"],
      selectedFormats: ["commander", "pokemon-standard"],
    };
    const next = toggleGame(both, "Magic");
    expect(next).toMatchObject({ selectedGames: ["Pokemon"], selectedFormats: ["pokemon-standard"] });
    expect(matchmakingPreferencesSchema.safeParse(next).success).toBe(true);
  });

  it("never removes the last game", () => {
    expect(toggleGame(DEFAULT_PREFERENCES, "Magic")).toBe(DEFAULT_PREFERENCES);
  });
});

describe("quickMatchBody", () => {
  it("narrows games and drops formats of other games, so the body stays valid", () => {
    const body = quickMatchBody(
      { ...DEFAULT_PREFERENCES, selectedGames: ["Magic", "Lorcana"], selectedFormats: ["commander", "lorcana-constructed"] },
      ["Lorcana"],
    );
    expect(body).toMatchObject({ selectedGames: ["Lorcana"], selectedFormats: ["lorcana-constructed"] });
    expect(matchmakingPreferencesSchema.safeParse(body).success).toBe(true);
  });
});
