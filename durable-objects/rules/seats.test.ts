import { describe, expect, it } from "vitest";
import { bySeat, lowestFreeSeat, nextHost, nextSeatedAfter } from "./seats";

const seats = [
  { userId: "c", seat: 3 },
  { userId: "a", seat: 1 },
  { userId: "b", seat: 2 },
];

describe("seats", () => {
  it("finds the lowest free seat, null when full", () => {
    expect(lowestFreeSeat([], 4)).toBe(1);
    expect(lowestFreeSeat(seats, 4)).toBe(4);
    expect(lowestFreeSeat([{ userId: "b", seat: 2 }], 4)).toBe(1);
    expect(lowestFreeSeat(seats, 3)).toBeNull();
  });

  it("orders by seat", () => {
    expect(bySeat(seats).map((s) => s.userId)).toEqual(["a", "b", "c"]);
  });

  it("passes hosting to the next seated player, wrapping, or null when alone", () => {
    expect(nextHost(seats, "a", "b")).toBe("a");
    expect(nextHost(seats, "a", "a")).toBe("b");
    expect(nextHost(seats, "c", "c")).toBe("a");
    expect(nextHost([{ userId: "a", seat: 1 }], "a", "a")).toBeNull();
  });

  it("nextSeatedAfter falls back to the first seat for an unknown id", () => {
    expect(nextSeatedAfter(seats, "zz")).toBe("a");
  });
});
