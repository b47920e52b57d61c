import { describe, expect, it } from "vitest";
import { connectionSubmission, preferencesFromForm, preferencesSubmission } from "./matchmaking-forms";

const fields = {
  intent: "save-preferences",
  selectedGames: ["Magic", "Lorcana"],
  selectedFormats: "lorcana-constructed",
  powerLevelMin: "2",
  powerLevelMax: "7",
  playstyle: "casual",
  location: " Lisbon ",
  onlineOnly: "true",
  availability: "weekends",
  language: "portuguese",
  maxDistance: "80",
};

describe("preferencesFromForm", () => {
  it("turns repeated checkboxes into lists, numbers into numbers and the switch into a boolean", () => {
    expect(preferencesFromForm({ selectedGames: "Magic", onlineOnly: "false", maxDistance: "" })).toMatchObject({
      selectedGames: ["Magic"],
      selectedFormats: [],
      onlineOnly: false,
      maxDistance: "",
    });
  });
});

describe("preferencesSubmission", () => {
  it("gives the API's preferences payload", () => {
    expect(preferencesSubmission.parse(fields)).toEqual({
      selectedGames: ["Magic", "Lorcana"],
      selectedFormats: ["lorcana-constructed"],
      powerLevelMin: 2,
      powerLevelMax: 7,
      playstyle: "casual",
      location: "Lisbon",
      onlineOnly: true,
      availability: "weekends",
      language: "portuguese",
      maxDistance: 80,
      notifyOpenRooms: false,
    });
  });

  it("keeps the API's rules: a game is required, formats follow the games, numbers are bounded", () => {
    const result = preferencesSubmission.safeParse({ ...fields, selectedGames: [], maxDistance: "9999" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["selectedGames", "maxDistance"]));
  });
});

describe("connectionSubmission", () => {
  it("is the invite body or a request/member id, by intent", () => {
    expect(connectionSubmission.parse({ intent: "invite", addresseeId: "u1", username: "Bea" })).toEqual({
      intent: "invite",
      addresseeId: "u1",
      username: "Bea",
    });
    expect(connectionSubmission.parse({ intent: "accept", id: "r1" })).toEqual({ intent: "accept", id: "r1" });
    expect(connectionSubmission.parse({ intent: "remove", userId: "u1" })).toEqual({ intent: "remove", userId: "u1" });
    expect(connectionSubmission.safeParse({ intent: "remove", id: "u1" }).success).toBe(false);
    expect(connectionSubmission.safeParse({ intent: "block", userId: "u1" }).success).toBe(false);
  });
});
