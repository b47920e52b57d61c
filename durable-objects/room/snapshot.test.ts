import { describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../workers/domain/room-records";
import type { RoomMeta } from "../room-store";
import { membersFromSnapshot, metaFromSnapshot } from "./snapshot";

const now = 1_700_000_000_000;
const session = (status: "waiting" | "active" | "completed", currentTurn: string | null = null) =>
  ({ hostId: "h", status, maxPlayers: 4, gameData: { currentTurn, format: "commander" } }) as unknown as RoomSnapshot["session"];

describe("metaFromSnapshot", () => {
  it("takes D1's facts and starts the clock and the empty-room count from now", () => {
    expect(metaFromSnapshot(null, { session: session("active", "a"), version: 7 }, true, now)).toEqual({
      startedAt: now,
      monarch: null,
      initiative: null,
      emptySince: now,
      version: 7,
      hostId: "h",
      status: "active",
      currentTurn: "a",
      format: "commander",
      maxPlayers: 4,
    });
  });

  it("has no clock before the game starts, and no empty time while someone is connected", () => {
    const meta = metaFromSnapshot(null, { session: session("waiting"), version: 1 }, false, now);
    expect(meta.startedAt).toBeNull();
    expect(meta.emptySince).toBeNull();
  });

  it("keeps what only the room holds: the clock, the designations, the empty time", () => {
    const before = { startedAt: 5, monarch: "a", initiative: "b", emptySince: 9 } as RoomMeta;
    const meta = metaFromSnapshot(before, { session: session("active"), version: 2 }, true, now);
    expect(meta).toMatchObject({ startedAt: 5, monarch: "a", initiative: "b", emptySince: 9, version: 2 });
  });
});

describe("membersFromSnapshot", () => {
  const member = (over: Partial<RoomSnapshot["members"][number]>): RoomSnapshot["members"][number] => ({
    userId: "u",
    role: "player",
    seat: 1,
    joinedAt: 3,
    firstName: "Ann",
    lastName: "Lee",
    username: "ann",
    profileImageUrl: "/a.png",
    deckId: null,
    deckName: null,
    deckCommanders: null,
    namedDeck: null,
    deckBracket: null,
    ...over,
  });

  it("names members by their names, never anything else, with the first name apart", () => {
    expect(membersFromSnapshot([member({})])).toEqual([
      { userId: "u", role: "player", seat: 1, joinedAt: 3, name: "Ann Lee", firstName: "Ann", avatar: "/a.png", deck: null },
    ]);
  });

  it("carries the deck on a player's seat with its commanders' art and name, and none for a spectator", () => {
    const commander = { id: "c1", name: "Atraxa", artUrl: "/art.png", imageUrl: "/card.png", oracleText: "Flying", manaCost: "{4}" };
    const deck = { deckId: "d1", deckName: "Superfriends", deckCommanders: [commander] };
    const [seated, watching] = membersFromSnapshot([member(deck), member({ ...deck, role: "spectator", seat: null, userId: "v" })]);
    expect(seated.deck).toEqual({
      id: "d1",
      name: "Superfriends",
      commanders: [{ id: "c1", name: "Atraxa", artUrl: "/art.png", imageUrl: "/card.png" }],
      bracket: null,
    });
    expect(watching.deck).toBeNull();
  });

  it("carries a deck said by name only and the bracket its player gave (Rule 0), and a saved deck's bracket", () => {
    const [named] = membersFromSnapshot([member({ namedDeck: "Goblins", deckBracket: 4 })]);
    expect(named.deck).toEqual({ id: null, name: "Goblins", commanders: [], bracket: 4 });
    const [saved] = membersFromSnapshot([member({ deckId: "d1", deckName: "Superfriends", deckCommanders: [], deckBracket: 3 })]);
    expect(saved.deck).toEqual({ id: "d1", name: "Superfriends", commanders: [], bracket: 3 });
    // A saved deck deleted meanwhile (its reference set null) leaves no deck, whatever bracket was said.
    const [gone] = membersFromSnapshot([member({ deckId: null, deckName: null, deckBracket: 3 })]);
    expect(gone.deck).toBeNull();
  });

  it("falls back to the display name when there is no first name", () => {
    const [m] = membersFromSnapshot([member({ firstName: "  ", lastName: null, username: "zed" })]);
    expect(m).toMatchObject({ name: "zed", firstName: "zed" });
  });
});
