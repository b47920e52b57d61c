import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lateness, seatBySeed, seatPod, seatPosition, type SeatTaken } from "./pod-seating";
import { seeded } from "./seeded-random.test-support";

describe("turn order in a pod", () => {
  it("puts positions on one scale for pods of 3, 4 and 5", () => {
    expect([1, 2, 3].map((s) => seatPosition(s, 3))).toEqual([0, 0.5, 1]);
    expect(seatPosition(4, 4)).toBe(1);
    expect(seatPosition(2, 5)).toBe(0.25);
    expect(
      lateness([
        { seat: 4, size: 4 },
        { seat: 1, size: 5 },
      ]),
    ).toBe(1);
  });

  it("seats the player who sat latest before first", () => {
    const history = new Map<string, SeatTaken[]>([
      ["a", [{ seat: 1, size: 4 }]],
      ["b", [{ seat: 2, size: 4 }]],
      ["c", [{ seat: 3, size: 4 }]],
      ["d", [{ seat: 4, size: 4 }]],
    ]);
    for (let seed = 1; seed <= 20; seed++) expect(seatPod(["a", "b", "c", "d"], history, seeded(seed))).toEqual(["d", "c", "b", "a"]);
  });

  it("draws round 1's order at random", () => {
    const orders = new Set(Array.from({ length: 40 }, (_, seed) => seatPod(["a", "b", "c", "d"], new Map(), seeded(seed + 1)).join("")));
    expect(orders.size).toBeGreaterThan(5);
  });

  it("four players who meet four times each sit in every seat once", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const random = seeded(seed);
      const history = new Map<string, SeatTaken[]>();
      for (let round = 0; round < 4; round++) {
        const order = seatPod(["a", "b", "c", "d"], history, random);
        order.forEach((id, i) => history.set(id, [...(history.get(id) ?? []), { seat: i + 1, size: 4 }]));
      }
      for (const taken of history.values()) expect(taken.map((t) => t.seat).sort(), `seed ${seed}`).toEqual([1, 2, 3, 4]);
    }
  });

  it("property: a player who has sat later so far never sits after one who has sat earlier", () => {
    const taken = fc.array(fc.record({ size: fc.integer({ min: 3, max: 5 }), seat: fc.integer({ min: 1, max: 5 }) }), { maxLength: 4 });
    fc.assert(
      fc.property(fc.array(taken, { minLength: 3, maxLength: 5 }), fc.integer(), (histories, seed) => {
        const ids = histories.map((_, i) => `p${i}`);
        const history = new Map(
          histories.map((h, i) => [ids[i], h.map((t) => ({ size: t.size, seat: Math.min(t.seat, t.size) }))] as const),
        );
        const order = seatPod(ids, history, seeded(seed));
        expect([...order].sort()).toEqual([...ids].sort());
        for (let i = 0; i < order.length; i++)
          for (let j = i + 1; j < order.length; j++)
            expect(lateness(history.get(order[i])) + 1e-9, `${order[i]} before ${order[j]}`).toBeGreaterThanOrEqual(
              lateness(history.get(order[j])),
            );
      }),
      { numRuns: 300 },
    );
  });

  it("seats a top-cut pod by standing, best first", () => {
    const rank = new Map([
      ["x", 3],
      ["y", 1],
      ["z", 2],
    ]);
    expect(seatBySeed(["x", "y", "z"], (id) => rank.get(id)!)).toEqual(["y", "z", "x"]);
  });
});
