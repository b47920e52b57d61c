import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { podSizes, suggestedPodRounds } from "./pod-sizes";

describe("pod sizes", () => {
  it("seats the counts of the issue and the common cases", () => {
    expect(podSizes(13)).toEqual([4, 4, 5]);
    expect(podSizes(12)).toEqual([4, 4, 4]);
    expect(podSizes(14)).toEqual([4, 4, 3, 3]);
    expect(podSizes(15)).toEqual([4, 4, 4, 3]);
    expect(podSizes(3)).toEqual([3]);
    expect(podSizes(5)).toEqual([5]);
    expect(podSizes(6)).toEqual([3, 3]);
    expect(podSizes(7)).toEqual([4, 3]);
    expect(podSizes(9)).toEqual([4, 5]);
    expect(podSizes(10)).toEqual([4, 3, 3]);
    expect(podSizes(2)).toEqual([]);
    expect(podSizes(0)).toEqual([]);
  });

  it("property: every count from 3 is seated in pods of 3 to 5, all fours when it divides, the fewest others, none left out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 400 }), (n) => {
        const sizes = podSizes(n);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        for (const s of sizes) expect([3, 4, 5]).toContain(s);
        const others = sizes.filter((s) => s !== 4).length;
        if (n % 4 === 0) expect(others).toBe(0);
        // Brute force: no split of n into 3s, 4s and 5s has fewer pods that are not of four.
        let fewest = Infinity;
        for (let fives = 0; fives * 5 <= n; fives++)
          for (let threes = 0; threes * 3 + fives * 5 <= n; threes++)
            if ((n - threes * 3 - fives * 5) % 4 === 0) fewest = Math.min(fewest, threes + fives);
        expect(others).toBe(fewest);
        // The pods of four come first: the odd-sized pods are the lowest tables.
        expect(sizes.slice(0, sizes.length - others).every((s) => s === 4)).toBe(true);
      }),
    );
  });

  it("suggests Swiss rounds by field size as cEDH organizers do", () => {
    expect([2, 3, 8, 9, 13, 32, 34, 35, 64, 65].map(suggestedPodRounds)).toEqual([0, 2, 2, 3, 3, 3, 3, 4, 4, 5]);
  });
});
