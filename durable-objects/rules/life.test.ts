import { describe, expect, it } from "vitest";
import { applyLifeChange, LIFE_MAX, LIFE_MIN, startingLife } from "./life";
import { freshBucket, takeToken } from "./frame-budget";
import { spectatorsWithVideo } from "./spectator-video";

describe("life", () => {
  it("starts at 40 in commander, 20 otherwise", () => {
    expect(startingLife("commander")).toBe(40);
    expect(startingLife("modern")).toBe(20);
  });
  it("applies changes within bounds", () => {
    expect(applyLifeChange(40, -3)).toBe(37);
    expect(applyLifeChange(LIFE_MAX, 5)).toBe(LIFE_MAX);
    expect(applyLifeChange(LIFE_MIN, -5)).toBe(LIFE_MIN);
  });
});

describe("frame budget", () => {
  it("allows a burst of 40, then 20 per second", () => {
    let bucket = freshBucket(0);
    let allowed = 0;
    for (let i = 0; i < 60; i++) {
      const r = takeToken(bucket, 0);
      bucket = r.bucket;
      if (r.allowed) allowed++;
    }
    expect(allowed).toBe(40);
    const later = takeToken(bucket, 500); // half a second refills 10 tokens
    expect(later.allowed).toBe(true);
    expect(Math.round(later.bucket.tokens)).toBe(9);
  });
});

describe("spectator video", () => {
  it("gives video to the first spectators in join order up to the cap", () => {
    const list = Array.from({ length: 8 }, (_, i) => ({ userId: `s${i}`, joinedAt: 100 - i }));
    const chosen = spectatorsWithVideo(list, 6);
    expect(chosen.size).toBe(6);
    expect(chosen.has("s7")).toBe(true);
    expect(chosen.has("s0")).toBe(false);
  });
});
