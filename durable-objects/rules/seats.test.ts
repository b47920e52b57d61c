import { describe, expect, it } from "vitest";
import { bySeat, nextSeatedAfter } from "./seats";

const seats = [
  { userId: "c", seat: 3 },
  { userId: "a", seat: 1 },
  { userId: "b", seat: 2 },
];

describe("seats", () => {
  it("orders by seat", () => {
    expect(bySeat(seats).map((s) => s.userId)).toEqual(["a", "b", "c"]);
  });

  it("nextSeatedAfter falls back to the first seat for an unknown id", () => {
    expect(nextSeatedAfter(seats, "zz")).toBe("a");
  });
});
