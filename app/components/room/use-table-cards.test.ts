import { describe, expect, it } from "vitest";
import { seatDecksKey } from "./use-table-cards";

const deck = (id: string) => ({ id, name: id, commanders: [], bracket: null });

describe("seatDecksKey (when the page fetches the table's cards again)", () => {
  it("is empty without decks, and the same for the same decks in any order or repeated", () => {
    expect(seatDecksKey([{ deck: null }, { deck: null }])).toBe("");
    expect(seatDecksKey([{ deck: deck("b") }, { deck: null }, { deck: deck("a") }])).toBe("a,b");
    expect(seatDecksKey([{ deck: deck("a") }, { deck: deck("b") }, { deck: deck("a") }])).toBe("a,b");
  });
  it("leaves out a deck said by name only: it has no cards to fetch", () => {
    expect(seatDecksKey([{ deck: { id: null, name: "Goblins", commanders: [], bracket: 3 } }, { deck: deck("a") }])).toBe("a");
  });
  it("changes when a seat's deck does", () => {
    expect(seatDecksKey([{ deck: deck("a") }])).not.toBe(seatDecksKey([{ deck: deck("c") }]));
  });
});
