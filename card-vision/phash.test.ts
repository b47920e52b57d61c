import { describe, expect, it } from "vitest";
import { seeded as random } from "./features";
import { DCT_SIZE, hashBlock, lowDctFast, lowDctPlain, median } from "./phash";

/** A 32×32 block: grey levels at random, or a few levels only (flat areas make equal coefficients). */
function block(next: () => number, levels?: number): Float32Array {
  const out = new Float32Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < out.length; i++) out[i] = levels ? Math.floor(next() * levels) * (255 / levels) : next() * 255;
  return out;
}

const sortedMedian = (values: Float32Array) => {
  const sorted = Float32Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

describe("the hash's DCT and median", () => {
  it("computes the same coefficients, bit for bit, as summing one coefficient at a time", () => {
    const next = random(36);
    for (let n = 0; n < 200; n++) {
      const b = block(next, n % 3 === 0 ? 4 : undefined);
      for (const side of [8, 12, 5]) expect(lowDctFast(b, side)).toEqual(lowDctPlain(b, side));
    }
  });

  it("finds the median a sort finds, for odd and even counts, ties and NaN", () => {
    const next = random(7);
    for (let n = 0; n < 300; n++) {
      const length = 1 + Math.floor(next() * 160);
      const values = Float32Array.from({ length }, () => (n % 2 ? Math.floor(next() * 5) : next() * 1000 - 500));
      if (n % 50 === 0) values[Math.floor(next() * length)] = NaN;
      expect(Object.is(median(values), sortedMedian(values))).toBe(true);
    }
  });

  it("hashes a block the same however often it is asked (its scratch arrays are reused)", () => {
    const next = random(11);
    const a = block(next);
    const b = block(next);
    const first = hashBlock(a, 12);
    hashBlock(b, 12);
    expect(hashBlock(a, 12)).toEqual(first);
  });
});
