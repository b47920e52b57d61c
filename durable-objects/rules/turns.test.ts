import { describe, expect, it } from "vitest";
import { canPassTurn, firstTurn, nextTurn, turnAfterLeave, turnAfterSeatsChanged } from "./turns";

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

  it("keeps the turn through a seat change while its holder stays, else passes it to the next seat on", () => {
    expect(turnAfterSeatsChanged(seats, "b", seats)).toBe("b");
    const withoutB = seats.filter((s) => s.userId !== "b");
    expect(turnAfterSeatsChanged(withoutB, "b", seats)).toBe("d");
    // The holder in the last seat: wraps to the first.
    expect(turnAfterSeatsChanged(seats.slice(0, 2), "d", seats)).toBe("a");
    // Someone took the freed seat meanwhile: theirs is the next seat on.
    expect(turnAfterSeatsChanged([...withoutB, { userId: "e", seat: 2 }], "b", seats)).toBe("e");
    expect(turnAfterSeatsChanged([], "a", seats)).toBeNull();
    expect(turnAfterSeatsChanged(seats, null, seats)).toBeNull();
  });
});
