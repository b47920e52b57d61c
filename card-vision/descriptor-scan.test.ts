// The fit's inner loop in WebAssembly and in JavaScript: both find exactly what a full count finds, and the fit's
// matches are the ones the plain search (every distance counted, the nearest two kept in order) makes.
import { describe, expect, it } from "vitest";
import { descriptorScan, descriptorScanKind } from "./descriptor-scan";
import { DESC_WORDS, seeded, type Features } from "./features";
import { descriptorDistance, matchAll, type Correspondence } from "./features-fit";
import { randomFeatures } from "./random-features.test-support";

/** Near copies of `like` half the time, up to 70 bits flipped: matches, and some that fail the ratio test. */
const features = (next: () => number, count: number, like?: Features) => randomFeatures(next, count, like, { copies: 0.5, flips: 70 });

/** matchAll as first written: every distance counted in full, in order, no cap. */
function matchAllPlain(query: Features, refs: Features[], ratio = 0.8, maxDistance = 64): Correspondence[][] {
  const out: Correspondence[][] = refs.map(() => []);
  for (let i = 0; i < query.count; i++) {
    let d1 = 1e9;
    let r1 = -1;
    let j1 = -1;
    let d2 = 1e9;
    refs.forEach((ref, r) => {
      for (let j = 0; j < ref.count; j++) {
        const d = descriptorDistance(query.desc, i, ref.desc, j);
        if (d >= d2) continue;
        const same = r === r1 && Math.abs(ref.x[j] - ref.x[j1]) + Math.abs(ref.y[j] - ref.y[j1]) < 8;
        if (d < d1) {
          if (!same) d2 = d1;
          d1 = d;
          r1 = r;
          j1 = j;
        } else if (!same) d2 = d;
      }
    });
    if (r1 < 0 || d1 > maxDistance || d1 > ratio * d2) continue;
    out[r1].push({ from: { x: refs[r1].x[j1], y: refs[r1].y[j1] }, to: { x: query.x[i], y: query.y[i] } });
  }
  return out;
}

describe("descriptorScan", () => {
  it("runs WebAssembly SIMD in Node", () => {
    expect(descriptorScanKind()).toBe("wasm-simd");
    expect(descriptorScan([]).kind).toBe("wasm-simd");
    expect(descriptorScan([], { js: true }).kind).toBe("js");
  });

  it("finds, in order, every reference descriptor under the cap with its exact distance, both ways", () => {
    const next = seeded(21);
    const refs = [features(next, 120), features(next, 0), features(next, 333), features(next, 7)];
    const query = features(next, 60, refs[2]);
    const wasm = descriptorScan(refs);
    const js = descriptorScan(refs, { js: true });
    expect([...wasm.starts]).toEqual([0, 120, 120, 453, 460]);
    let found = 0;
    for (const cap of [0, 1, 40, 81, 129, 257]) {
      for (let i = 0; i < query.count; i++) {
        const expected: [number, number][] = [];
        let n = 0;
        refs.forEach((ref) => {
          for (let j = 0; j < ref.count; j++, n++) {
            const d = descriptorDistance(query.desc, i, ref.desc, j);
            if (d < cap) expected.push([n, d]);
          }
        });
        for (const scan of [wasm, js]) {
          const count = scan.below(query.desc, i * DESC_WORDS, cap);
          const got = Array.from({ length: count }, (_, e): [number, number] => [scan.index[e], scan.distance[e]]);
          expect(got).toEqual(expected);
        }
        found += expected.length;
      }
    }
    // The near copies were found (the test is not of empty lists) and a cap past 256 finds every one.
    expect(found).toBeGreaterThan(60 * 460);
  });

  it("gives the fit the same matches the plain search makes (matchAll)", () => {
    const next = seeded(8);
    for (let n = 0; n < 6; n++) {
      const refs = [features(next, 200), features(next, 90), features(next, 0), features(next, 260)];
      const query = features(next, 150, refs[n % 2 === 0 ? 0 : 3]);
      const plain = matchAllPlain(query, refs);
      expect(matchAll(query, refs)).toEqual(plain);
      expect(plain.flat().length).toBeGreaterThan(10);
      expect(matchAll(query, refs, { ratio: 0.7, maxDistance: 50 })).toEqual(matchAllPlain(query, refs, 0.7, 50));
    }
  });
});
