import { describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../workers/domain/rooms/room-d1";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { memberFixture } from "./member-fixture";
import { membersFromSnapshot, metaFromSnapshot, roomFromSnapshot } from "./snapshot";

const now = 1_700_000_000_000;
const session = (status: "waiting" | "active" | "completed", currentTurn: string | null = null) =>
  ({ hostId: "h", status, maxPlayers: 4, gameData: { currentTurn, format: "commander" } }) as unknown as RoomSnapshot["session"];

describe("metaFromSnapshot", () => {
  it("takes D1's facts and starts the clock and the empty-room count from now", () => {
    expect(metaFromSnapshot(null, { session: session("active", "a"), version: 7, tableVersion: 3 }, true, now)).toEqual({
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
      tableVersion: 3,
      mirroredVersion: 3,
      mirrorRetryAt: null,
    });
  });

  it("has no clock before the game starts, and no empty time while someone is connected", () => {
    const meta = metaFromSnapshot(null, { session: session("waiting"), version: 1, tableVersion: 0 }, false, now);
    expect(meta.startedAt).toBeNull();
    expect(meta.emptySince).toBeNull();
  });

  it("keeps what only the room holds: the clock, the designations, the empty time", () => {
    const before = { startedAt: 5, monarch: "a", initiative: "b", emptySince: 9 } as RoomMeta;
    const meta = metaFromSnapshot(before, { session: session("active"), version: 2, tableVersion: 0 }, true, now);
    expect(meta).toMatchObject({ startedAt: 5, monarch: "a", initiative: "b", emptySince: 9, version: 2 });
  });

  it("keeps the table the room decides: its turn once the game runs, a game it ended, its versions", () => {
    const running = { status: "active", currentTurn: "b", tableVersion: 9, mirroredVersion: 7 } as RoomMeta;
    // D1's mirror lags (version 7): its turn "a" is older than the room's.
    expect(metaFromSnapshot(running, { session: session("active", "a"), version: 3, tableVersion: 7 }, false, now)).toMatchObject({
      currentTurn: "b",
      status: "active",
      tableVersion: 9,
      mirroredVersion: 7,
    });
    const ended = { ...running, status: "completed" } as RoomMeta;
    expect(metaFromSnapshot(ended, { session: session("active", "a"), version: 3, tableVersion: 8 }, false, now)).toMatchObject({
      status: "completed",
      currentTurn: "b",
      mirroredVersion: 8,
    });
    // While the room waits, the start's first player is D1's pick.
    const waiting = { status: "waiting", currentTurn: null, tableVersion: 1, mirroredVersion: 1 } as RoomMeta;
    expect(metaFromSnapshot(waiting, { session: session("active", "c"), version: 4, tableVersion: 1 }, false, now)).toMatchObject({
      status: "active",
      currentTurn: "c",
    });
  });
});

describe("roomFromSnapshot", () => {
  const stored = (userId: string, seat: number | null, over: Partial<StoredMember> = {}): StoredMember =>
    memberFixture(userId, { role: seat === null ? "spectator" : "player", seat, ...over });
  const d1Member = (userId: string, seat: number | null, over: Partial<RoomSnapshot["members"][number]> = {}) => ({
    userId,
    role: (seat === null ? "spectator" : "player") as "player" | "spectator",
    seat,
    joinedAt: 1,
    firstName: userId,
    lastName: null,
    username: null,
    profileImageUrl: null,
    deckId: null,
    deckName: null,
    deckCommanders: null,
    namedDeck: null,
    deckBracket: null,
    ...over,
  });
  const meta = (over: Partial<RoomMeta>): RoomMeta =>
    ({
      version: 1,
      hostId: "a",
      status: "active",
      currentTurn: "b",
      format: "commander",
      maxPlayers: 4,
      tableVersion: 5,
      mirroredVersion: 5,
      ...over,
    }) as RoomMeta;
  const goblins = { id: null, name: "Goblins", commanders: [], bracket: 3 };

  it("keeps a seat's deck the room put there until D1 has taken that version, then D1's (a deleted deck leaves)", () => {
    const before = { meta: meta({ tableVersion: 6 }), members: [stored("a", 1, { deck: goblins, deckVersion: 6 }), stored("b", 2)] };
    const lagging = roomFromSnapshot(
      before,
      { session: session("active", "b"), version: 2, tableVersion: 5, members: [d1Member("a", 1), d1Member("b", 2)] },
      false,
      now,
    );
    expect(lagging.members.find((m) => m.userId === "a")).toMatchObject({ deck: goblins, deckVersion: 6 });
    const taken = roomFromSnapshot(
      before,
      { session: session("active", "b"), version: 2, tableVersion: 6, members: [d1Member("a", 1), d1Member("b", 2)] },
      false,
      now,
    );
    expect(taken.members.find((m) => m.userId === "a")).toMatchObject({ deck: null, deckVersion: 0 });
  });

  it("passes the turn of a holder who lost their seat to the next seat on, and mirrors it (one more version)", () => {
    const before = { meta: meta({ currentTurn: "b" }), members: [stored("a", 1), stored("b", 2), stored("c", 3)] };
    // D1 passed the leaver's turn by its own rule too; the room's is the one kept, and D1 hears it back.
    const after = roomFromSnapshot(
      before,
      { session: session("active", "a"), version: 2, tableVersion: 5, members: [d1Member("a", 1), d1Member("c", 3)] },
      false,
      now,
    );
    expect(after.meta).toMatchObject({ currentTurn: "c", tableVersion: 6, mirroredVersion: 5 });
    // The same with D1 agreeing: nothing to mirror.
    const agreed = roomFromSnapshot(
      before,
      { session: session("active", "c"), version: 2, tableVersion: 5, members: [d1Member("a", 1), d1Member("c", 3)] },
      false,
      now,
    );
    expect(agreed.meta).toMatchObject({ currentTurn: "c", tableVersion: 5 });
  });

  it("mirrors a table D1 has not got even when nothing moved in the room (a mirror already waiting writes it anyway)", () => {
    const before = { meta: meta({ currentTurn: "b", tableVersion: 5, mirroredVersion: 5 }), members: [stored("a", 1), stored("b", 2)] };
    const snapshot = { session: session("active", "a"), version: 2, tableVersion: 5, members: [d1Member("a", 1), d1Member("b", 2)] };
    expect(roomFromSnapshot(before, snapshot, false, now).meta.tableVersion).toBe(6);
    const waiting = { ...before, meta: meta({ currentTurn: "b", tableVersion: 7, mirroredVersion: 5 }) };
    expect(roomFromSnapshot(waiting, snapshot, false, now).meta.tableVersion).toBe(7);
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
      {
        userId: "u",
        role: "player",
        seat: 1,
        joinedAt: 3,
        name: "Ann Lee",
        firstName: "Ann",
        avatar: "/a.png",
        deck: null,
        deckVersion: 0,
      },
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
