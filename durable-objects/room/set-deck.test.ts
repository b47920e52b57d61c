import { describe, expect, it } from "vitest";
import { SET_DECK_REFUSALS, setDeckRefusal, writeRefusal } from "./set-deck";

describe("who may put a deck on a seat", () => {
  it("lets a seated player choose their deck", () => {
    expect(setDeckRefusal({ role: "player", seat: 2 })).toBeNull();
  });
  it("refuses a spectator with the protocol's forbidden error", () => {
    expect(setDeckRefusal({ role: "spectator", seat: null })).toEqual(SET_DECK_REFUSALS.notSeated);
    expect(SET_DECK_REFUSALS.notSeated.code).toBe("forbidden");
  });
  it("says why D1 refused the write: a deck that is gone, someone else's deck, a seat that is gone", () => {
    expect(writeRefusal("set")).toBeNull();
    expect(writeRefusal("no_deck")).toEqual(SET_DECK_REFUSALS.notFound);
    expect(writeRefusal("not_owner")).toEqual(SET_DECK_REFUSALS.notYours);
    expect(writeRefusal("no_seat")).toEqual(SET_DECK_REFUSALS.notSeated);
  });
});
