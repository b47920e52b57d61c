import { describe, expect, it } from "vitest";
import { SOCIAL_HUB_PLATFORM_IDS } from "../../../workers/contract/social";
import { POST_LENGTH_LIMITS, postLength, postLengthWarnings } from "./post-length-limits";

describe("post length limits", () => {
  it("has a limit for every Social Hub platform", () => {
    expect(Object.keys(POST_LENGTH_LIMITS).sort()).toEqual([...SOCIAL_HUB_PLATFORM_IDS].sort());
    expect(POST_LENGTH_LIMITS.twitter).toBe(280);
    expect(POST_LENGTH_LIMITS.bluesky).toBe(300);
  });

  it("counts what a reader sees: one per emoji or accented letter", () => {
    expect(postLength("abc")).toBe(3);
    expect(postLength("👩‍👩‍👧‍👦")).toBe(1);
    expect(postLength("e\u0301")).toBe(1);
  });

  it("warns for each chosen platform the text is too long for, tightest first", () => {
    const text = "x".repeat(301);
    expect(postLengthWarnings(text, ["discord", "bluesky", "twitter"])).toEqual([
      { platform: "twitter", limit: 280, length: 301 },
      { platform: "bluesky", limit: 300, length: 301 },
    ]);
    expect(postLengthWarnings("x".repeat(281), ["bluesky"])).toEqual([]);
  });

  it("allows exactly the limit, ignores surrounding white space and platforms not chosen", () => {
    expect(postLengthWarnings("x".repeat(280), ["twitter"])).toEqual([]);
    expect(postLengthWarnings(`  ${"x".repeat(280)}\n\n`, ["twitter"])).toEqual([]);
    expect(postLengthWarnings("x".repeat(5000), [])).toEqual([]);
  });
});
