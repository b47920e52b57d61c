import { describe, expect, it } from "vitest";
import { foldMediaStatus } from "./media-status";

describe("foldMediaStatus (the other players' camera and microphone)", () => {
  it("keeps each player's camera and microphone apart, the latest winning", () => {
    let all = foldMediaStatus({}, { type: "camera_status", player: "b", enabled: true });
    all = foldMediaStatus(all, { type: "mic_status", player: "b", enabled: false });
    all = foldMediaStatus(all, { type: "camera_status", player: "c", enabled: false });
    all = foldMediaStatus(all, { type: "camera_status", player: "b", enabled: false });
    expect(all).toEqual({ b: { camera: false, mic: false }, c: { camera: false } });
  });
  it("returns the same object for any other frame (nothing to draw again)", () => {
    const all = { b: { camera: true } };
    expect(foldMediaStatus(all, { type: "turn_change", player: "b", by: "a" })).toBe(all);
  });
});
