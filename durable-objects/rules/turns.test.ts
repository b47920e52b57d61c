import { describe, expect, it } from "vitest";
import { canPassTurn, firstTurn, nextTurn, turnAfterLeave } from "./turns";

const seats = [
  { userId: "a", seat: 1 },
  { userId: "b", seat: 2 },
  { userId: "d", seat: 4 },
];

describe("turns", () => {
  it("starts at the lowest seat", () => {
    expect(firstTurn(seats)).toBe("a");
    expect(firstTurn([])).toBeNull();
  });

  it("rotates in seat order and wraps, skipping empty seats", () => {
    expect(nextTurn(seats, "a")).toBe("b");
    expect(nextTurn(seats, "b")).toBe("d");
    expect(nextTurn(seats, "d")).toBe("a");
    expect(nextTurn(seats, null)).toBe("a");
  });

  it("a lone player keeps the turn", () => {
    expect(nextTurn([{ userId: "a", seat: 1 }], "a")).toBe("a");
  });

  it("lets only the current player or the host pass", () => {
    expect(canPassTurn("b", "b", "a")).toBe(true);
    expect(canPassTurn("a", "b", "a")).toBe(true);
    expect(canPassTurn("d", "b", "a")).toBe(false);
    expect(canPassTurn("d", null, "a")).toBe(false);
  });

  it("moves the turn on when its holder leaves", () => {
    expect(turnAfterLeave(seats, "b", "b")).toBe("d");
    expect(turnAfterLeave(seats, "b", "a")).toBe("b");
    expect(turnAfterLeave([{ userId: "a", seat: 1 }], "a", "a")).toBeNull();
  });
});
