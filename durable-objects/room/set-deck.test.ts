import { describe, expect, it } from "vitest";
import { SET_DECK_REFUSALS, deckChoiceOf, savedDeckRefusal, setDeckRefusal } from "./set-deck";

describe("who may put a deck on a seat", () => {
  it("lets a seated player choose their deck", () => {
    expect(setDeckRefusal({ role: "player", seat: 2 })).toBeNull();
  });
  it("refuses a spectator with the protocol's forbidden error", () => {
    expect(setDeckRefusal({ role: "spectator", seat: null })).toEqual(SET_DECK_REFUSALS.notSeated);
    expect(SET_DECK_REFUSALS.notSeated.code).toBe("forbidden");
  });
  it("refuses a member with no place in the room (gone meanwhile) like a spectator", () => {
    expect(setDeckRefusal(undefined)).toEqual(SET_DECK_REFUSALS.notSeated);
    expect(setDeckRefusal({ role: "player", seat: null })).toEqual(SET_DECK_REFUSALS.notSeated);
  });
  it("says why a saved deck may not go on the seat: it does not exist, or it is someone else's; a name needs no deck", () => {
    const saved = { id: "d1", ownerId: "ann", name: "Atraxa", commanders: [] };
    const choice = { deckId: "d1", deckName: null, bracket: null };
    expect(savedDeckRefusal("ann", choice, saved)).toBeNull();
    expect(savedDeckRefusal("ann", choice, null)).toEqual(SET_DECK_REFUSALS.notFound);
    expect(savedDeckRefusal("ben", choice, saved)).toEqual(SET_DECK_REFUSALS.notYours);
    expect(savedDeckRefusal("ben", { deckId: null, deckName: "Goblins", bracket: 2 }, null)).toBeNull();
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
