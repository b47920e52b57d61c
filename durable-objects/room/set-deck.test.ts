import { describe, expect, it } from "vitest";
import { SET_DECK_REFUSALS, deckChoiceOf, setDeckRefusal, writeRefusal } from "./set-deck";

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

describe("what a set_deck asks for (Rule 0)", () => {
  it("keeps a saved deck or a name, with the bracket the player gave it, in a Commander room", () => {
    expect(deckChoiceOf({ deckId: "d1", bracket: 3 }, "commander")).toEqual({ deckId: "d1", deckName: null, bracket: 3 });
    expect(deckChoiceOf({ deckId: null, deckName: "Goblins", bracket: 4 }, "commander")).toEqual({
      deckId: null,
      deckName: "Goblins",
      bracket: 4,
    });
    expect(deckChoiceOf({ deckId: "d1" }, "commander")).toEqual({ deckId: "d1", deckName: null, bracket: null });
  });
  it("drops the bracket in a room of another format: brackets are Commander's scale", () => {
    expect(deckChoiceOf({ deckId: null, deckName: "Burn", bracket: 4 }, "modern")).toEqual({
      deckId: null,
      deckName: "Burn",
      bracket: null,
    });
  });
});
