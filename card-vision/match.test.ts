// The last check before a card is named: near, steady under shakes, and clear of every other card.
import { describe, expect, it } from "vitest";
import {
  accepts,
  CLEAR_MARGIN,
  CLEAR_SLACK,
  FIT_MIN_INLIERS,
  FIT_RATIO,
  fitAccepts,
  JOINT_MIN_INLIERS,
  jointAccepts,
  MATCH_MARGIN,
  MATCH_THRESHOLD,
  STEADY_SLACK,
  TABLE_FIT_MIN_INLIERS,
  TABLE_JOINT_THRESHOLD,
} from "./match";

describe("accepts", () => {
  const steadyLimit = MATCH_THRESHOLD + STEADY_SLACK;

  it("names a near, steady match that stands clear of the next card", () => {
    expect(accepts({ distance: 20, steadiness: steadyLimit, margin: MATCH_MARGIN })).toBe(true);
  });

  it("refuses a match over the threshold, however clear", () => {
    expect(accepts({ distance: MATCH_THRESHOLD + 1, steadiness: 20, margin: 60 })).toBe(false);
  });

  it("refuses a match another card lies near (the pool's chance matches)", () => {
    expect(accepts({ distance: 20, steadiness: 24, margin: MATCH_MARGIN - 1 })).toBe(false);
  });

  it("lets a match far clear of every other card be less steady, up to the slack", () => {
    const loose = steadyLimit + CLEAR_SLACK;
    expect(accepts({ distance: 28, steadiness: loose, margin: CLEAR_MARGIN })).toBe(true);
    expect(accepts({ distance: 28, steadiness: loose + 1, margin: CLEAR_MARGIN + 10 })).toBe(false);
    // Not clear enough: the steadiness must pass as before.
    expect(accepts({ distance: 28, steadiness: steadyLimit + 1, margin: CLEAR_MARGIN - 1 })).toBe(false);
    // And not at all when asked not to (measuring without it).
    expect(accepts({ distance: 28, steadiness: loose, margin: CLEAR_MARGIN }, MATCH_THRESHOLD, false)).toBe(false);
  });
});

describe("fitAccepts", () => {
  it("names a fit with enough inliers and far more than any other card's", () => {
    expect(fitAccepts(FIT_MIN_INLIERS, 0)).toBe(true);
    expect(fitAccepts(30, Math.floor(30 / FIT_RATIO))).toBe(true);
  });

  it("refuses too few inliers, or another card's fit nearly as good", () => {
    expect(fitAccepts(FIT_MIN_INLIERS - 1, 0)).toBe(false);
    expect(fitAccepts(30, Math.ceil(30 / FIT_RATIO) + 1)).toBe(false);
  });

  it("at a table names a fit of twice a homography's 4 matches, still 2.5 times clear of any other card", () => {
    expect(fitAccepts(TABLE_FIT_MIN_INLIERS, 0, TABLE_FIT_MIN_INLIERS)).toBe(true);
    expect(fitAccepts(TABLE_FIT_MIN_INLIERS - 1, 0, TABLE_FIT_MIN_INLIERS)).toBe(false);
    expect(fitAccepts(9, 4, TABLE_FIT_MIN_INLIERS)).toBe(false);
    // Between the joint rule's bound (the hash agreeing) and the whole pool's.
    expect(JOINT_MIN_INLIERS).toBeLessThan(TABLE_FIT_MIN_INLIERS);
    expect(TABLE_FIT_MIN_INLIERS).toBeLessThan(FIT_MIN_INLIERS);
  });
});

describe("jointAccepts", () => {
  const hash = { distance: 22, threshold: MATCH_THRESHOLD };

  it("names the hash's nearest when the fit's best is the same card with a few clear inliers", () => {
    expect(jointAccepts(hash, { sameCard: true, inliers: JOINT_MIN_INLIERS, otherInliers: 0 })).toBe(true);
    expect(JOINT_MIN_INLIERS).toBeLessThan(FIT_MIN_INLIERS);
  });

  it("refuses when the fit names another card, has too few inliers, or another card fits nearly as well", () => {
    expect(jointAccepts(hash, { sameCard: false, inliers: 30, otherInliers: 0 })).toBe(false);
    expect(jointAccepts(hash, { sameCard: true, inliers: JOINT_MIN_INLIERS - 1, otherInliers: 0 })).toBe(false);
    expect(jointAccepts(hash, { sameCard: true, inliers: 10, otherInliers: 5 })).toBe(false);
  });

  it("refuses a hash over the threshold, however well the fit agrees", () => {
    expect(
      jointAccepts({ distance: MATCH_THRESHOLD + 1, threshold: MATCH_THRESHOLD }, { sameCard: true, inliers: 11, otherInliers: 0 }),
    ).toBe(false);
  });

  it("at a table takes the hash's nearest at any distance when the fit agrees (strangers' fits find no card there)", () => {
    const far = { distance: 48, threshold: TABLE_JOINT_THRESHOLD };
    expect(jointAccepts(far, { sameCard: true, inliers: JOINT_MIN_INLIERS, otherInliers: 0 })).toBe(true);
    expect(jointAccepts(far, { sameCard: false, inliers: JOINT_MIN_INLIERS, otherInliers: 0 })).toBe(false);
    expect(jointAccepts(far, { sameCard: true, inliers: JOINT_MIN_INLIERS - 1, otherInliers: 0 })).toBe(false);
  });
});
