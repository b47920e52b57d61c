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

  it("skips players out of the game, counting on from an out holder's seat (issue 37)", () => {
    const table = [
      { userId: "a", seat: 1 },
      { userId: "b", seat: 2, out: true },
      { userId: "c", seat: 3 },
      { userId: "d", seat: 4, out: true },
    ];
    expect(nextTurn(table, "a")).toBe("c");
    expect(nextTurn(table, "c")).toBe("a");
    // The holder just went out: the turn goes on from their seat, not back to seat 1.
    expect(nextTurn(table, "b")).toBe("c");
    expect(nextTurn(table, "d")).toBe("a");
    expect(nextTurn([{ userId: "a", seat: 1, out: true }, ...table.slice(1)], null)).toBe("c");
    // The last one standing keeps it; nobody when all are out.
    expect(
      nextTurn(
        [
          { userId: "a", seat: 1 },
          { userId: "b", seat: 2, out: true },
        ],
        "a",
      ),
    ).toBe("a");
    expect(
      nextTurn(
        [
          { userId: "a", seat: 1 },
          { userId: "b", seat: 2, out: true },
        ],
        "b",
      ),
    ).toBe("a");
    expect(nextTurn([{ userId: "a", seat: 1, out: true }], "a")).toBeNull();
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
