import { describe, expect, it } from "vitest";
import { createRoomForm, lobbyIntent, roomIntent } from "./game-sessions";

describe("createRoomForm", () => {
  it("turns the Create Room form's flat fields into the API's body", () => {
    const parsed = createRoomForm.parse({
      intent: "create",
      communityId: "decksong",
      maxPlayers: "6",
      "gameData.name": "  Cube night ",
      "gameData.format": "draft",
      "gameData.powerLevel": "",
      "gameData.description": "",
    });
    expect(parsed).toEqual({
      communityId: "decksong",
      maxPlayers: 6,
      gameData: { name: "Cube night", format: "draft", powerLevel: null, description: null },
    });
  });

  it("carries a Commander bracket, and refuses one that disagrees with the power level under the bracket's input", () => {
    const fields = { communityId: "decksong", maxPlayers: "4", "gameData.name": "Pod", "gameData.format": "commander" };
    expect(createRoomForm.parse({ ...fields, "gameData.bracket": "3" }).gameData).toMatchObject({ bracket: 3, powerLevel: null });
    const result = createRoomForm.safeParse({ ...fields, "gameData.bracket": "3", "gameData.powerLevel": "competitive" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["gameData.bracket"]);
  });

  it("refuses with issues named after the inputs that sent them, in the spec's words", () => {
    const result = createRoomForm.safeParse({ communityId: "", maxPlayers: "7", "gameData.name": " ", "gameData.format": "" });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toMatchObject({
      communityId: "Community required",
      "gameData.name": "Room name required",
      "gameData.format": "Format required",
    });
    expect(byField.maxPlayers).toBeDefined();
  });

  it("defaults the player count when the field is missing, and ignores what is not a string", () => {
    const parsed = createRoomForm.parse({
      communityId: "decksong",
      "gameData.name": "Pod",
      "gameData.format": "modern",
      maxPlayers: ["2"],
    });
    expect(parsed.maxPlayers).toBe(4);
  });
});

describe("page intents", () => {
  it("tells the lobby's and the room page's forms apart", () => {
    expect(lobbyIntent.parse({ intent: "join", sessionId: "s" })).toEqual({ intent: "join", sessionId: "s" });
    expect(lobbyIntent.safeParse({ intent: "join" }).success).toBe(false);
    expect(roomIntent.parse({ intent: "enter" })).toEqual({ intent: "enter", mode: "play" });
    expect(roomIntent.safeParse({ intent: "enter", mode: "sneak" }).success).toBe(false);
    expect(roomIntent.safeParse({ intent: "teleport" }).success).toBe(false);
  });
});
