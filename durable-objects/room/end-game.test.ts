import { describe, expect, it } from "vitest";
import { endGameRefusal } from "./end-game";

describe("who may end the game", () => {
  const meta = { hostId: "ann", status: "active" };
  it("lets the seated host end a waiting or active game", () => {
    expect(endGameRefusal(meta, { userId: "ann", role: "player" })).toBeNull();
    expect(endGameRefusal({ ...meta, status: "waiting" }, { userId: "ann", role: "player" })).toBeNull();
  });
  it("refuses another player and a spectator with the protocol's forbidden error", () => {
    for (const member of [
      { userId: "ben", role: "player" as const },
      { userId: "fan", role: "spectator" as const },
    ]) {
      expect(endGameRefusal(meta, member)).toEqual({ code: "forbidden", message: "Only the host can end the game" });
    }
  });
  it("refuses a game that has already ended, and a room that knows no session", () => {
    expect(endGameRefusal({ ...meta, status: "completed" }, { userId: "ann", role: "player" })?.code).toBe("ended");
    expect(endGameRefusal(null, { userId: "ann", role: "player" })?.code).toBe("not_found");
  });
});
