import { describe, expect, it } from "vitest";
import { isSignallingRefusal, parseClientFrame, parseServerFrame, ROOM_ERROR } from "./protocol";

describe("parseServerFrame (the room page's check of what the room sends)", () => {
  it("accepts the room's frames as typed by the shared protocol", () => {
    const frame = { type: "turn_change", player: "b", by: "a" };
    expect(parseServerFrame(JSON.stringify(frame))).toEqual(frame);
    expect(parseServerFrame(JSON.stringify({ type: "error", code: "not_member", message: "Join or watch this room first" }))).toMatchObject(
      {
        code: "not_member",
      },
    );
  });

  it("drops what the protocol does not describe: bad JSON, unknown types, wrong fields, binary", () => {
    expect(parseServerFrame("{nope")).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: "teleport" }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: "turn_change", player: 5, by: "a" }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: "game_action", action: "summon", player: "a", result: {} }))).toBeNull();
    expect(parseServerFrame(new ArrayBuffer(4))).toBeNull();
    expect(parseServerFrame(JSON.stringify(null))).toBeNull();
  });
});

describe("isSignallingRefusal (refusals the room page leaves to its peer connections, not to a toast)", () => {
  it("is true for signalling to someone gone or past the spectator video cap, false for what a member did", () => {
    expect(isSignallingRefusal(ROOM_ERROR.unknownTarget)).toBe(true);
    expect(isSignallingRefusal(ROOM_ERROR.spectatorCap)).toBe(true);
    for (const code of [ROOM_ERROR.noPlace, "forbidden", "rate_limited", "bad_message", "ended", "not_started"]) {
      expect(isSignallingRefusal(code), code).toBe(false);
    }
  });
});

describe("end_game (the host ends the game for everyone)", () => {
  it("is a frame of its own, with the optional session id every frame may carry", () => {
    expect(parseClientFrame(JSON.stringify({ type: "end_game" }))).toEqual({ ok: true, frame: { type: "end_game" } });
    expect(parseClientFrame(JSON.stringify({ type: "end_game", sessionId: "s1" }))).toMatchObject({ ok: true });
    expect(parseClientFrame(JSON.stringify({ type: "end_game", sessionId: 7 }))).toMatchObject({ ok: false, code: "bad_frame" });
  });

  it("is answered by room_ended with the host's reason, which pages parse", () => {
    const ended = { type: "room_ended", reason: "host_ended", message: "This game has ended: the host ended it." };
    expect(parseServerFrame(JSON.stringify(ended))).toEqual(ended);
    expect(parseServerFrame(JSON.stringify({ ...ended, reason: "mutiny" }))).toBeNull();
  });
});

describe("set_deck and share_card (cards at the table, issue 26)", () => {
  const solRing = "0afa0e33-4804-4b00-b625-c2d6b61090fc";
  it("accept a deck id or null, and a card's Scryfall id", () => {
    expect(parseClientFrame(JSON.stringify({ type: "set_deck", deckId: "d1" }))).toEqual({
      ok: true,
      frame: { type: "set_deck", deckId: "d1" },
    });
    expect(parseClientFrame(JSON.stringify({ type: "set_deck", deckId: null }))).toMatchObject({ ok: true });
    expect(parseClientFrame(JSON.stringify({ type: "share_card", cardId: solRing }))).toMatchObject({ ok: true });
  });
  it("refuse what is not one: no deck id, an empty or huge one, a card id that is no Scryfall id", () => {
    for (const frame of [
      { type: "set_deck" },
      { type: "set_deck", deckId: "" },
      { type: "set_deck", deckId: "x".repeat(65) },
      { type: "set_deck", deckId: 3 },
      { type: "share_card" },
      { type: "share_card", cardId: "Sol Ring" },
      { type: "share_card", cardId: `${solRing}0` },
    ]) {
      expect(parseClientFrame(JSON.stringify(frame)), JSON.stringify(frame)).toMatchObject({ ok: false, code: "bad_frame" });
    }
  });
  it("Rule 0: accept a saved deck or a name only, each with a bracket 1-5 (issue 27)", () => {
    expect(parseClientFrame(JSON.stringify({ type: "set_deck", deckId: null, deckName: "  Goblins  ", bracket: 4 }))).toEqual({
      ok: true,
      frame: { type: "set_deck", deckId: null, deckName: "Goblins", bracket: 4 },
    });
    expect(parseClientFrame(JSON.stringify({ type: "set_deck", deckId: "d1", bracket: 3 }))).toMatchObject({ ok: true });
    expect(parseClientFrame(JSON.stringify({ type: "set_deck", deckId: "d1", deckName: null, bracket: null }))).toMatchObject({ ok: true });
  });
  it("Rule 0: refuse both a deck and a name, a bracket without a deck or out of 1-5, and a name that is no one line", () => {
    for (const frame of [
      { type: "set_deck", deckId: "d1", deckName: "Goblins" },
      { type: "set_deck", deckId: null, bracket: 3 },
      { type: "set_deck", deckId: "d1", bracket: 0 },
      { type: "set_deck", deckId: "d1", bracket: 6 },
      { type: "set_deck", deckId: "d1", bracket: 2.5 },
      { type: "set_deck", deckId: null, deckName: "" },
      { type: "set_deck", deckId: null, deckName: "   " },
      { type: "set_deck", deckId: null, deckName: "x".repeat(81) },
      { type: "set_deck", deckId: null, deckName: "Gob\nlins" },
      { type: "set_deck", deckId: null, deckName: "Gob\u202Elins" },
      { type: "set_deck", deckId: null, deckName: 7 },
    ]) {
      expect(parseClientFrame(JSON.stringify(frame)), JSON.stringify(frame)).toMatchObject({ ok: false, code: "bad_frame" });
    }
  });
  it("a card message carries the card, and pages parse it", () => {
    const card = { id: solRing, name: "Sol Ring", imageUrl: "/i", typeLine: "Artifact", oracleText: "{T}: Add {C}{C}.", manaCost: "{1}" };
    const frame = {
      type: "message",
      message: {
        id: "m",
        sender: { id: "u", firstName: "Ann", profileImageUrl: null },
        content: "Sol Ring",
        timestamp: "t",
        type: "card",
        card,
      },
    };
    expect(parseServerFrame(JSON.stringify(frame))).toEqual(frame);
  });
});
