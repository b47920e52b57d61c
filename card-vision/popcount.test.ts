import { describe, expect, it } from "vitest";
import { DESC_WORDS, seeded, type Features } from "./features";
import { descriptorDistance, matchEach, nearestTwo } from "./features-fit";
import { distance256Below, popcount32, popcountPlain } from "./popcount";
import { descriptorScan } from "./descriptor-scan";
import { randomFeatures } from "./random-features.test-support";

const word = (next: () => number) => Math.floor(next() * 2 ** 32) >>> 0;

const features = (next: () => number, count: number, like?: Features) => randomFeatures(next, count, like);

/** The nearest two the plain way: every distance counted in full, the same rule for a corner kept at two scales. */
function nearestTwoPlain(query: Features, i: number, ref: Features, cap: number): [number, number, number] {
  let d1 = cap;
  let j1 = -1;
  let d2 = cap;
  for (let j = 0; j < ref.count; j++) {
    const d = descriptorDistance(query.desc, i, ref.desc, j);
    if (d >= d2) continue;
    const same = j1 >= 0 && Math.abs(ref.x[j] - ref.x[j1]) + Math.abs(ref.y[j] - ref.y[j1]) < 8;
    if (d < d1) {
      if (!same) d2 = d1;
      d1 = d;
      j1 = j;
    } else if (!same) d2 = d;
  }
  return [d1, j1, d2];
}

describe("counting bits by the 16-bit table", () => {
  it("counts what the plain count counts, edge values and negative numbers included", () => {
    const next = seeded(36);
    const edges = [0, 1, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff, -1, -(2 ** 31), 0x55555555, 0xaaaaaaaa];
    for (const v of edges) expect(popcount32(v)).toBe(popcountPlain(v));
    for (let n = 0; n < 20000; n++) {
      const v = word(next);
      expect(popcount32(v)).toBe(popcountPlain(v));
      expect(popcount32(v | 0)).toBe(popcountPlain(v));
    }
  });

  it("gives a descriptor's exact distance when under the bound, and at least the bound otherwise", () => {
    const next = seeded(7);
    const a = features(next, 200);
    const b = features(next, 200, a);
    for (let i = 0; i < a.count; i++)
      for (let j = 0; j < b.count; j += 7) {
        const exact = descriptorDistance(a.desc, i, b.desc, j);
        for (const bound of [0, 20, 64, 81, 129, 257]) {
          const d = distance256Below(a.desc, i * DESC_WORDS, b.desc, j * DESC_WORDS, bound);
          if (exact < bound) expect(d).toBe(exact);
          else expect(d).toBeGreaterThanOrEqual(bound);
        }
      }
  });
});

describe("the keypoint fit's nearest two in a reference", () => {
  it("finds the nearest and second nearest a full count finds, ties and a corner at two scales included", () => {
    const next = seeded(11);
    const out = new Int32Array(4);
    for (let n = 0; n < 12; n++) {
      const ref = features(next, 60 + Math.floor(next() * 300));
      const query = features(next, 80, ref);
      for (const cap of [81, 40, 129]) {
        for (const js of [false, true]) {
          const scan = descriptorScan([ref], { js });
          for (let i = 0; i < query.count; i++) {
            const found = scan.below(query.desc, i * DESC_WORDS, cap);
            nearestTwo(scan, 0, found, 0, [ref], cap, out);
            const [d1, j1, d2] = nearestTwoPlain(query, i, ref, cap);
            expect([...out]).toEqual([d1, j1 >= 0 ? 0 : -1, j1, d2]);
          }
        }
      }
    }
  });

  it("matches each reference as before: the matches follow from the nearest two", () => {
    const next = seeded(5);
    const refs = [features(next, 200), features(next, 150), features(next, 0)];
    const query = features(next, 120, refs[0]);
    const matches = matchEach(query, refs);
    expect(matches.map((m) => m.length)).toEqual(
      refs.map((ref) => {
        let kept = 0;
        for (let i = 0; i < query.count; i++) {
          const [d1, j1, d2] = nearestTwoPlain(query, i, ref, 81);
          if (j1 >= 0 && d1 <= 64 && d1 <= 0.8 * d2) kept++;
        }
        return kept;
      }),
    );
    expect(matches[0].length).toBeGreaterThan(20);
  });
});
