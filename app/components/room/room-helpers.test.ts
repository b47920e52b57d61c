import { describe, expect, it } from "vitest";
import { formatClock } from "~/hooks/use-game-timer";
import { cameraErrorMessage } from "~/hooks/use-local-media";
import { recordingFileName } from "~/hooks/use-recorder";
import { formatLabel, powerLevelLabel, roomCode } from "../../../workers/contract/game-session-options";

describe("room helpers", () => {
  it("maps camera errors to the spec's messages", () => {
    expect(cameraErrorMessage(new DOMException("x", "NotAllowedError"))).toBe(
      "Please allow camera and microphone access in your browser settings.",
    );
    expect(cameraErrorMessage(new DOMException("x", "NotFoundError"))).toBe(
      "No camera or microphone found. Please connect a camera to use video chat.",
    );
    expect(cameraErrorMessage(new DOMException("x", "NotSupportedError"))).toBe(
      "Video chat is not supported in this browser or environment.",
    );
    expect(cameraErrorMessage(new Error("boom"))).toBe("Camera and microphone access is needed for video chat.");
  });

  it("names recordings with the session id and date", () => {
    expect(recordingFileName("abc", new Date("2026-11-22T10:00:00Z"))).toBe("tablesync-abc-2026-11-22.webm");
  });

  it("formats the clock, room code and labels", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(3599)).toBe("59:59");
    expect(formatClock(3725)).toBe("62:05");
    expect(roomCode("6f1c2d3e-aaaa-4bbb-8ccc-12345abcdef9")).toBe("BCDEF9");
    expect(formatLabel("commander")).toBe("Commander/EDH");
    expect(powerLevelLabel(null)).toBe("Any");
    expect(powerLevelLabel("optimized")).toBe("Optimized (7-8)");
  });
});
