import { describe, expect, it } from "vitest";
import { asksForDeck, decksAboveRoom, ruleZeroNotice } from "./rule-zero";

const deck = (bracket: number | null, id: string | null = "d") => ({ id, name: "Deck", commanders: [], bracket });
const seat = (id: string, seatNo: number, bracket: number | null) => ({ id, name: `${id} Lee`, seat: seatNo, deck: deck(bracket) });

describe("decksAboveRoom (Rule 0)", () => {
  it("lists each seated deck above the room's bracket, in seat order", () => {
    const seats = [seat("cy", 3, 5), seat("ann", 1, 3), seat("ben", 2, 4)];
    expect(decksAboveRoom({ status: "waiting", bracket: 3 }, seats)).toEqual([
      { playerId: "ben", name: "ben Lee", deckBracket: 4, roomBracket: 3 },
      { playerId: "cy", name: "cy Lee", deckBracket: 5, roomBracket: 3 },
    ]);
  });
  it("shows nothing for a deck at or below the room's bracket, a bracket not said, or no deck", () => {
    const seats = [seat("a", 1, 3), seat("b", 2, 1), seat("c", 3, null), { id: "d", name: "D", seat: 4, deck: null }];
    expect(decksAboveRoom({ status: "waiting", bracket: 3 }, seats)).toEqual([]);
  });
  it("shows nothing once the game started or ended, or in a room without a bracket", () => {
    const seats = [seat("a", 1, 5)];
    expect(decksAboveRoom({ status: "active", bracket: 3 }, seats)).toEqual([]);
    expect(decksAboveRoom({ status: "completed", bracket: 3 }, seats)).toEqual([]);
    expect(decksAboveRoom({ status: "waiting", bracket: null }, seats)).toEqual([]);
  });
  it("counts a deck said by name only like a saved one", () => {
    const named = { id: "n", name: "Ned", seat: 1, deck: deck(4, null) };
    expect(decksAboveRoom({ status: "waiting", bracket: 2 }, [named])).toHaveLength(1);
  });
});

describe("ruleZeroNotice", () => {
  it("says it in the issue's words", () => {
    expect(ruleZeroNotice({ name: "Ben Park", deckBracket: 4, roomBracket: 3 })).toBe(
      "Ben Park's deck is bracket 4, above this room's bracket 3. Talk it over before you start.",
    );
  });
});

describe("asksForDeck", () => {
  it("asks a seated player without a deck while the room waits, and nobody else", () => {
    expect(asksForDeck("waiting", { deck: null })).toBe(true);
    expect(asksForDeck("waiting", { deck: deck(3) })).toBe(false);
    expect(asksForDeck("active", { deck: null })).toBe(false);
    expect(asksForDeck("waiting", undefined)).toBe(false);
  });
});
