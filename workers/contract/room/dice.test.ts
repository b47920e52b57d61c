import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DICE_SIDES, rollDie } from "./dice";

describe("rollDie", () => {
  it("always lands within 1..sides for every die", () => {
    for (const sides of DICE_SIDES) {
      for (let i = 0; i < 500; i++) {
        const value = rollDie(sides);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(sides);
      }
    }
  });

  it("maps any random word to a face, rejecting the biased tail", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DICE_SIDES), fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: 4 }), (sides, words) => {
        const queue = [...words, 0];
        const value = rollDie(sides, (buffer) => {
          buffer[0] = queue.shift() ?? 0;
          return buffer;
        });
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(sides);
      }),
    );
  });

  it("rejects words above the last full cycle and draws again", () => {
    const words = [0xffffffff, 5];
    const value = rollDie(6, (buffer) => {
      buffer[0] = words.shift()!;
      return buffer;
    });
    expect(value).toBe(6); // 5 % 6 + 1
    expect(words).toHaveLength(0);
  });

  it("hits every face of a d20 over many rolls", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rollDie(20));
    expect(seen.size).toBe(20);
  });
});
