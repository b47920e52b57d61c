import { describe, expect, it } from "vitest";
import { FEATURE_VERSION } from "../../../card-vision";
import { COUNT_AGAIN_MS, keypointsDue, QUEUE_AGAIN_AFTER_MS, type PoolKeypoints } from "./card-pool-keypoints";

const NOW = Date.UTC(2026, 10, 28, 12);
const counted = (over: Partial<PoolKeypoints> = {}): PoolKeypoints => ({
  featureVersion: FEATURE_VERSION,
  index: "v1",
  total: 100,
  made: 90,
  unreadable: 1,
  missing: 9,
  queued: 99,
  queuedAt: NOW - 30 * 60_000,
  countedAt: NOW - COUNT_AGAIN_MS,
  ...over,
});

describe("when the pool's keypoints are counted", () => {
  it("at once for an index or a keypoint version not counted yet, queue or not", () => {
    expect(keypointsDue(null, "v1", NOW, false)).toBe(true);
    expect(keypointsDue(counted({ index: "v0", missing: 0 }), "v1", NOW, true)).toBe(true);
    expect(keypointsDue(counted({ featureVersion: "older", missing: 0 }), "v1", NOW, false)).toBe(true);
  });

  it("every 10 minutes while a sending drains, and not before", () => {
    expect(keypointsDue(counted(), "v1", NOW, true)).toBe(true);
    expect(keypointsDue(counted({ countedAt: NOW - COUNT_AGAIN_MS + 1 }), "v1", NOW, true)).toBe(false);
    // A sending that failed (never sent for this index): soon too.
    expect(keypointsDue(counted({ queued: 0, queuedAt: 0 }), "v1", NOW, true)).toBe(true);
  });

  it("long after a sending, only when its missing may be sent again", () => {
    const old = { queuedAt: NOW - 3 * 60 * 60_000 };
    expect(keypointsDue(counted({ ...old, countedAt: NOW - COUNT_AGAIN_MS }), "v1", NOW, true)).toBe(false);
    expect(keypointsDue(counted({ ...old, countedAt: NOW - QUEUE_AGAIN_AFTER_MS }), "v1", NOW, true)).toBe(true);
  });

  it("never again when none is missing, or without the queue", () => {
    expect(keypointsDue(counted({ missing: 0, countedAt: 0 }), "v1", NOW, true)).toBe(false);
    expect(keypointsDue(counted({ countedAt: 0 }), "v1", NOW, false)).toBe(false);
  });
});
