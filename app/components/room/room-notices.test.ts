import { describe, expect, it } from "vitest";
import { ROOM_ERROR } from "../../../workers/contract/room/protocol";
import { noticeFor } from "./room-notices";

const firstName = (id: string | null) => (id === "b" ? "Bob" : "Nobody");

describe("noticeFor (what the room's frames say to the member)", () => {
  it("says who goes first when the game starts", () => {
    expect(noticeFor({ type: "game_started", startedAt: 1, firstPlayer: "a" }, "a", firstName)).toMatchObject({
      kind: "toast",
      title: "Game started",
      description: "Random pick: You go first.",
      destructive: false,
    });
    expect(noticeFor({ type: "game_started", startedAt: 1, firstPlayer: "b" }, "a", firstName)).toMatchObject({
      description: "Random pick: Bob goes first.",
    });
  });
  it("takes a place again when the room says there is none, and stays quiet on signalling refusals", () => {
    expect(noticeFor({ type: "error", code: ROOM_ERROR.noPlace, message: "No place" }, "a", firstName)).toEqual({ kind: "place_lost" });
    expect(noticeFor({ type: "error", code: ROOM_ERROR.unknownTarget, message: "Gone" }, "a", firstName)).toBeNull();
    expect(noticeFor({ type: "error", code: ROOM_ERROR.spectatorCap, message: "Cap" }, "a", firstName)).toBeNull();
  });
  it("shows any other refusal as the room says it", () => {
    expect(noticeFor({ type: "error", code: "rate_limited", message: "Slow down" }, "a", firstName)).toEqual({
      kind: "toast",
      title: "Room",
      description: "Slow down",
      destructive: true,
    });
  });
  it("says nothing for the frames the view or the mesh take", () => {
    expect(noticeFor({ type: "turn_change", player: "b", by: "a" }, "a", firstName)).toBeNull();
    expect(noticeFor({ type: "camera_status", player: "b", enabled: true }, "a", firstName)).toBeNull();
  });
});
