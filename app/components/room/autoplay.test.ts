import { describe, expect, it } from "vitest";
import { startPlayback } from "./autoplay";

/** A video whose play() follows a script of outcomes: "ok", or the name of the DOMException it rejects with. */
function scriptedVideo(outcomes: string[]) {
  const calls: boolean[] = [];
  const video = {
    muted: false,
    play() {
      calls.push(video.muted);
      const next = outcomes.shift() ?? "ok";
      return next === "ok" ? Promise.resolve() : Promise.reject(new DOMException("refused", next));
    },
  };
  return { video, calls };
}

describe("startPlayback (autoplay policy)", () => {
  it("plays a remote video with sound when allowed", async () => {
    const { video, calls } = scriptedVideo(["ok"]);
    expect(await startPlayback(video, false)).toBe("playing");
    expect(calls).toEqual([false]);
  });

  it("falls back to muted when sound is refused", async () => {
    const { video, calls } = scriptedVideo(["NotAllowedError", "ok"]);
    expect(await startPlayback(video, false)).toBe("muted");
    expect(calls).toEqual([false, true]);
    expect(video.muted).toBe(true);
  });

  it("says blocked when even muted playback is refused, so the page shows 'Click to start video'", async () => {
    const { video } = scriptedVideo(["NotAllowedError", "NotAllowedError"]);
    expect(await startPlayback(video, false)).toBe("blocked");
  });

  it("never unmutes the local preview, and reports other failures as blocked", async () => {
    const { video, calls } = scriptedVideo(["ok"]);
    expect(await startPlayback(video, true)).toBe("playing");
    expect(calls).toEqual([true]);
    expect(await startPlayback(scriptedVideo(["NotSupportedError"]).video, false)).toBe("blocked");
  });
});
