/**
 * Over 300 lines: decks on seats, Rule 0, the table's cards and shared cards run over the same sockets and fixtures.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { CARD_SERVICE_UNAVAILABLE } from "../workers/contract/cards";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { getDb } from "../workers/db/client";
import { deckOnSeatVisibleTo } from "../workers/domain/rooms/seat-decks";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType, signUp, type Frame, type TestSocket, createRoom } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 26, the room's side: a seated player puts one of their saved decks on their seat (`set_deck`), everyone sees
 * its commanders in the roster, the table's cards are one route away, and a player shows a card to the table
 * (`share_card`), looked up through the card source against the fake Scryfall of test/global-setup.ts.
 */

const cards = inject("cardService");
const worker = env as unknown as { SCRYFALL_API_URL: string };
const configured = worker.SCRYFALL_API_URL;
/** This test's lane of the fake: its failure mode is its own (the room reads the same env). */
let lane = "";
const setFailing = async (mode: "ok" | "unavailable") => {
  const res = await fetch(`${cards.url}/__fake/fail`, { method: "POST", body: JSON.stringify({ lane, mode }) });
  expect(res.status).toBe(200);
};

beforeEach(() => {
  lane = crypto.randomUUID().slice(0, 8);
  worker.SCRYFALL_API_URL = `${cards.url}/lane/${lane}`;
});
afterEach(() => {
  worker.SCRYFALL_API_URL = configured;
  closeAllSockets();
});

const ATRAXA_LIST = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n1 Command Tower\n";
const KRENKO_LIST = "Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Sol Ring\n1 Mountain\n";

async function saveDeck(owner: Member, name: string, text: string) {
  const res = await request("/api/decks", { cookie: owner.cookie, body: { name, text } });
  expect(res.status).toBe(201);
  return json(res);
}

const newRoom = (host: Member) => createRoom(host, { name: "Deck table" });

/** Ann hosts, Ben plays, Fan watches. */
async function table() {
  const [ann, ben, fan] = await Promise.all([signUp("Ann", "Host"), signUp("Ben"), signUp("Fan")]);
  const id = await newRoom(ann);
  const a = await joinRoom(ann, id);
  const b = await joinRoom(ben, id);
  const f = await joinRoom(fan, id, "spectate");
  return { id, ann, ben, fan, a, b, f };
}

const seatOf = (frame: Frame, userId: string) => [...frame.players, ...frame.away].find((p: { id: string }) => p.id === userId);
const rosterWithDeck = (userId: string, deckId: string | null) => (f: Frame) =>
  f.type === "room_update" && seatOf(f, userId)?.deck?.id === (deckId ?? undefined);
const error = (s: TestSocket) => s.next(ofType("error"));
/** A seat row as D1 holds it. */
const seatRow = (id: string, userId: string) =>
  env.DB.prepare("SELECT deck_id, deck_name, deck_bracket FROM game_session_members WHERE session_id = ? AND user_id = ?")
    .bind(id, userId)
    .first<{ deck_id: string | null; deck_name: string | null; deck_bracket: number | null }>();
/**
 * Waits until D1's seat row shows the deck the room put there: the room decides it and mirrors it after the
 * broadcast (durable-objects/room/table-mirror.ts). A state, read until it holds; the timeout only bounds a failure.
 */
const seatMirrored = (
  id: string,
  userId: string,
  expected: { deck_id: string | null; deck_name: string | null; deck_bracket: number | null },
) => expect.poll(() => seatRow(id, userId), { timeout: 10_000 }).toEqual(expected);

describe("a deck on a seat", () => {
  it("goes on its player's own seat and every roster shows its commander to players and spectators", async () => {
    const { id, ann, ben, fan, a, b, f } = await table();
    const deck = await saveDeck(ann, "Atraxa Counters", ATRAXA_LIST);
    a.socket.send({ type: "set_deck", sessionId: id, deckId: deck.id });
    const atraxa = deck.commanders[0];
    const expected = {
      id: deck.id,
      name: "Atraxa Counters",
      commanders: [{ id: atraxa.id, name: "Atraxa, Praetors' Voice", artUrl: atraxa.artUrl, imageUrl: atraxa.imageUrl }],
      // No bracket said (Rule 0, issue 27: the frame's bracket is optional).
      bracket: null,
    };
    for (const s of [a, b, f]) {
      const update = await s.socket.next(rosterWithDeck(ann.id, deck.id));
      expect(seatOf(update, ann.id).deck).toEqual(expected);
      expect(seatOf(update, ben.id).deck).toBeNull();
    }
    expect(atraxa.artUrl).toContain(cards.imageOrigin);
    // Stored in the room, then mirrored to D1's seat row: a page that loads afterwards (a spectator's reload) sees it.
    await seatMirrored(id, ann.id, { deck_id: deck.id, deck_name: null, deck_bracket: null });
    // (A member's new socket replaces their old one: the reloaded page listens from here.)
    const again = await joinRoom(fan, id, "spectate");
    expect(seatOf(again.state, ann.id).deck).toEqual(expected);

    // Remove deck: null takes it off, for everyone.
    a.socket.send({ type: "set_deck", sessionId: id, deckId: null });
    const cleared = await again.socket.next((fr) => fr.type === "room_update" && seatOf(fr, ann.id)?.deck === null);
    expect(seatOf(cleared, ann.id).deck).toBeNull();
    void ben;
  });

  it("refuses someone else's deck, a deck that does not exist and a spectator, and changes nothing", async () => {
    const { id, ann, fan, a, b, f } = await table();
    const annDeck = await saveDeck(ann, "Ann's deck", ATRAXA_LIST);
    const fanDeck = await saveDeck(fan, "Fan's deck", KRENKO_LIST);
    b.socket.send({ type: "set_deck", sessionId: id, deckId: annDeck.id });
    expect(await error(b.socket)).toEqual({
      type: "error",
      code: "forbidden",
      message: "You can only put one of your own decks on your seat",
    });
    b.socket.send({ type: "set_deck", sessionId: id, deckId: "no-such-deck" });
    expect(await error(b.socket)).toMatchObject({ code: "deck_not_found" });
    f.socket.send({ type: "set_deck", sessionId: id, deckId: fanDeck.id });
    expect(await error(f.socket)).toEqual({ type: "error", code: "forbidden", message: "Only a seated player puts a deck on their seat" });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM game_session_members WHERE session_id = ? AND deck_id IS NOT NULL")
      .bind(id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    void a;
  });

  it("answers malformed set_deck and share_card frames with the schema's error", async () => {
    const { id, a } = await table();
    for (const frame of [
      { type: "set_deck", sessionId: id },
      { type: "set_deck", deckId: 42 },
      { type: "set_deck", deckId: "" },
      { type: "share_card", cardId: "Sol Ring" },
      { type: "share_card" },
    ]) {
      a.socket.send(frame);
      expect(await error(a.socket), JSON.stringify(frame)).toMatchObject({ code: "bad_frame" });
    }
  });

  it("counts set_deck and share_card frames against the room's frame budget, like chat", async () => {
    const { id, f } = await table();
    for (let i = 0; i < 80; i++) {
      f.socket.send(
        i % 2 ? { type: "set_deck", sessionId: id, deckId: null } : { type: "share_card", sessionId: id, cardId: crypto.randomUUID() },
      );
    }
    await f.socket.next((fr) => fr.type === "error" && fr.code === "rate_limited");
    const limited = () => f.socket.frames.filter((fr) => fr.code === "rate_limited").length;
    await expect.poll(limited, { timeout: 5000 }).toBeGreaterThanOrEqual(20);
  });
});

describe("Rule 0: the deck a player brings and its bracket (issue 27)", () => {
  async function bracketRoom(host: Member, format = "commander", bracket: number | null = 3) {
    const res = await request("/api/game-sessions", {
      cookie: host.cookie,
      body: { maxPlayers: 4, communityId: "bladeforge", gameData: { name: "Rule 0 table", format, ...(bracket ? { bracket } : {}) } },
    });
    expect(res.status).toBe(201);
    return (await json(res)).id as string;
  }
  const rosterWith = (userId: string, match: (deck: Frame | null) => boolean) => (f: Frame) =>
    f.type === "room_update" && match(seatOf(f, userId)?.deck ?? null);

  it("a saved deck or a name goes on the seat with its bracket, in D1 and every roster, spectators' too", async () => {
    const [ann, ben, fan] = await Promise.all([signUp("Ann", "Host"), signUp("Ben"), signUp("Fan")]);
    const id = await bracketRoom(ann);
    const a = await joinRoom(ann, id);
    const b = await joinRoom(ben, id);
    const f = await joinRoom(fan, id, "spectate");
    const deck = await saveDeck(ann, "Atraxa Counters", ATRAXA_LIST);

    a.socket.send({ type: "set_deck", sessionId: id, deckId: deck.id, bracket: 3 });
    await a.socket.next(rosterWith(ann.id, (d) => d?.bracket === 3));
    b.socket.send({ type: "set_deck", sessionId: id, deckId: null, deckName: "Goblin Storm", bracket: 4 });
    for (const s of [a, b, f]) {
      // Frames arrive in order: the roster with Ben's deck comes after Ann's, so it carries both.
      const both = await s.socket.next(rosterWith(ben.id, (d) => d?.name === "Goblin Storm"));
      expect(seatOf(both, ann.id).deck).toMatchObject({ id: deck.id, name: "Atraxa Counters", bracket: 3 });
      expect(seatOf(both, ann.id).deck.commanders.map((c: { name: string }) => c.name)).toEqual(["Atraxa, Praetors' Voice"]);
      expect(seatOf(both, ben.id).deck).toEqual({ id: null, name: "Goblin Storm", commanders: [], bracket: 4 });
    }
    await seatMirrored(id, ann.id, { deck_id: deck.id, deck_name: null, deck_bracket: 3 });
    await seatMirrored(id, ben.id, { deck_id: null, deck_name: "Goblin Storm", deck_bracket: 4 });
    // A page that loads afterwards (a spectator's reload) reads the same from the room.
    const again = await joinRoom(fan, id, "spectate");
    expect(seatOf(again.state, ben.id).deck).toEqual({ id: null, name: "Goblin Storm", commanders: [], bracket: 4 });

    // Ben changes his mind: a saved deck replaces the name; then no deck clears the bracket too.
    const krenko = await saveDeck(ben, "Krenko", KRENKO_LIST);
    b.socket.send({ type: "set_deck", sessionId: id, deckId: krenko.id, bracket: 2 });
    await again.socket.next(rosterWith(ben.id, (d) => d?.id === krenko.id));
    await seatMirrored(id, ben.id, { deck_id: krenko.id, deck_name: null, deck_bracket: 2 });
    b.socket.send({ type: "set_deck", sessionId: id, deckId: null });
    await again.socket.next(rosterWith(ben.id, (d) => d === null));
    await seatMirrored(id, ben.id, { deck_id: null, deck_name: null, deck_bracket: null });
  });

  it("refuses someone else's saved deck with a bracket and a spectator's name, and writes nothing", async () => {
    const [ann, ben, fan] = await Promise.all([signUp("Ann", "Host"), signUp("Ben"), signUp("Fan")]);
    const id = await bracketRoom(ann);
    await joinRoom(ann, id);
    const b = await joinRoom(ben, id);
    const f = await joinRoom(fan, id, "spectate");
    const annDeck = await saveDeck(ann, "Ann's deck", ATRAXA_LIST);
    b.socket.send({ type: "set_deck", sessionId: id, deckId: annDeck.id, bracket: 3 });
    expect(await error(b.socket)).toMatchObject({ code: "forbidden", message: "You can only put one of your own decks on your seat" });
    f.socket.send({ type: "set_deck", sessionId: id, deckId: null, deckName: "Watching", bracket: 2 });
    expect(await error(f.socket)).toMatchObject({ code: "forbidden", message: "Only a seated player puts a deck on their seat" });
    const written = await env.DB.prepare(
      "SELECT count(*) AS n FROM game_session_members WHERE session_id = ? AND (deck_id IS NOT NULL OR deck_name IS NOT NULL OR deck_bracket IS NOT NULL)",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(written?.n).toBe(0);
  });

  it("keeps no bracket in a room of another format, and answers a malformed Rule 0 frame with the schema's error", async () => {
    const [ann] = await Promise.all([signUp("Ann", "Host")]);
    const id = await bracketRoom(ann, "modern", null);
    const a = await joinRoom(ann, id);
    a.socket.send({ type: "set_deck", sessionId: id, deckId: null, deckName: "Burn", bracket: 4 });
    const update = await a.socket.next(rosterWith(ann.id, (d) => d?.name === "Burn"));
    expect(seatOf(update, ann.id).deck).toEqual({ id: null, name: "Burn", commanders: [], bracket: null });
    await seatMirrored(id, ann.id, { deck_id: null, deck_name: "Burn", deck_bracket: null });
    for (const frame of [
      { type: "set_deck", deckId: "d1", deckName: "Both" },
      { type: "set_deck", deckId: null, bracket: 3 },
      { type: "set_deck", deckId: null, deckName: "Burn", bracket: 9 },
      { type: "set_deck", deckId: null, deckName: "x".repeat(81) },
    ]) {
      a.socket.send(frame);
      expect(await error(a.socket), JSON.stringify(frame)).toMatchObject({ code: "bad_frame" });
    }
  });
});

describe("the table's cards", () => {
  it("are the union of the decks on the seats, each card once, for anyone who may see the room", async () => {
    const { id, ann, ben, fan, a, b } = await table();
    const annDeck = await saveDeck(ann, "Atraxa", ATRAXA_LIST);
    const benDeck = await saveDeck(ben, "Krenko", KRENKO_LIST);
    expect(await json(await request(`/api/game-sessions/${id}/cards`, { cookie: fan.cookie }))).toEqual({ cards: [] });
    a.socket.send({ type: "set_deck", sessionId: id, deckId: annDeck.id });
    b.socket.send({ type: "set_deck", sessionId: id, deckId: benDeck.id });
    await a.socket.next(rosterWithDeck(ben.id, benDeck.id));
    await seatMirrored(id, ben.id, { deck_id: benDeck.id, deck_name: null, deck_bracket: null });
    await seatMirrored(id, ann.id, { deck_id: annDeck.id, deck_name: null, deck_bracket: null });

    const stranger = await signUp("Stranger");
    for (const viewer of [fan, stranger]) {
      const res = await request(`/api/game-sessions/${id}/cards`, { cookie: viewer.cookie });
      expect(res.status).toBe(200);
      const names = (await json(res)).cards.map((c: { name: string }) => c.name).sort();
      // Sol Ring is in both decks and comes once; commanders included.
      expect(names).toEqual(["Atraxa, Praetors' Voice", "Command Tower", "Krenko, Mob Boss", "Mountain", "Sol Ring"]);
    }
    expect((await request(`/api/game-sessions/${id}/cards`)).status).toBe(401);
    expect((await request(`/api/game-sessions/no-such-room/cards`, { cookie: fan.cookie })).status).toBe(404);

    // Someone the host removed sees nothing of the room, decks included.
    expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "remove", userId: fan.id })).status).toBe(200);
    const refused = await request(`/api/game-sessions/${id}/cards`, { cookie: fan.cookie });
    expect(refused.status).toBe(403);

    // A deck deleted by its owner leaves its seat (the reference is set null with it).
    expect((await request(`/api/decks/${benDeck.id}`, { method: "DELETE", cookie: ben.cookie })).status).toBe(204);
    const left = (await json(await request(`/api/game-sessions/${id}/cards`, { cookie: stranger.cookie }))).cards;
    expect(left.map((c: { name: string }) => c.name).sort()).toEqual(["Atraxa, Praetors' Voice", "Command Tower", "Sol Ring"]);
  });

  it("lets a viewer read a deck on a seat of a room they may see (canReadDeck), and no other deck", async () => {
    const { id, ann, fan, a } = await table();
    const onSeat = await saveDeck(ann, "On the table", ATRAXA_LIST);
    const inDrawer = await saveDeck(ann, "In the drawer", KRENKO_LIST);
    a.socket.send({ type: "set_deck", sessionId: id, deckId: onSeat.id });
    await a.socket.next(rosterWithDeck(ann.id, onSeat.id));
    await seatMirrored(id, ann.id, { deck_id: onSeat.id, deck_name: null, deck_bracket: null });
    const [stranger, blocked] = await Promise.all([signUp("Stranger"), signUp("Blocked")]);
    expect((await request("/api/blocks", { cookie: ann.cookie, body: { userId: blocked.id } })).status).toBeLessThan(300);
    // A private profile: its decks are not on it for others (a visible profile shares them: test/profile-decks.test.ts).
    const privateProfile = { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, profileVisible: false } };
    expect((await request("/api/user/settings", { method: "PUT", cookie: ann.cookie, body: privateProfile })).status).toBe(200);

    const db = getDb(env.DB);
    expect(await deckOnSeatVisibleTo(db, onSeat.id, stranger.id)).toBe(true);
    expect(await deckOnSeatVisibleTo(db, onSeat.id, fan.id)).toBe(true);
    expect(await deckOnSeatVisibleTo(db, inDrawer.id, stranger.id)).toBe(false);
    expect(await deckOnSeatVisibleTo(db, onSeat.id, blocked.id)).toBe(false);
    // The deck route reads the same rule: a deck on a seat opens to the table's viewers, one in the drawer does not.
    expect((await request(`/api/decks/${onSeat.id}`, { cookie: stranger.cookie })).status).toBe(200);
    expect((await request(`/api/decks/${inDrawer.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await request(`/api/decks/${onSeat.id}`, { cookie: blocked.cookie })).status).toBe(404);
    expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "remove", userId: fan.id })).status).toBe(200);
    expect(await deckOnSeatVisibleTo(db, onSeat.id, fan.id)).toBe(false);
    // The deck leaves the table with its player's seat.
    a.socket.send({ type: "set_deck", sessionId: id, deckId: null });
    await a.socket.next(rosterWithDeck(ann.id, null));
    await seatMirrored(id, ann.id, { deck_id: null, deck_name: null, deck_bracket: null });
    expect(await deckOnSeatVisibleTo(db, onSeat.id, stranger.id)).toBe(false);
  });
});

describe("a card shown to the table", () => {
  const solRingId = async () => {
    const res = await request("/api/cards/named?exact=Sol%20Ring", { cookie: (await signUp("Looker")).cookie });
    expect(res.status).toBe(200);
    return json(res);
  };

  it("is a chat message of type card that every socket gets, spectators too, and that stays in the history", async () => {
    const { id, fan, a, b, f } = await table();
    const sol = await solRingId();
    b.socket.send({ type: "share_card", sessionId: id, cardId: sol.id });
    const card = {
      id: sol.id,
      name: "Sol Ring",
      imageUrl: sol.imageUrl,
      typeLine: "Artifact",
      oracleText: sol.oracleText,
      manaCost: "{1}",
    };
    for (const s of [a, b, f]) {
      const { message } = await s.socket.next((fr) => fr.type === "message" && fr.message.type === "card");
      expect(message).toMatchObject({ type: "card", content: "Sol Ring", sender: { firstName: "Ben" }, card });
    }
    // Spectators read the table's chat; they do not add to it.
    f.socket.send({ type: "share_card", sessionId: id, cardId: sol.id });
    expect(await error(f.socket)).toMatchObject({ code: "forbidden" });
    // A page that loads afterwards finds it in the history.
    const again = await joinRoom(fan, id, "spectate");
    expect(again.state.messages.at(-1)).toMatchObject({ type: "card", card });
  });

  it("answers an id no card has with an error frame, and changes nothing", async () => {
    const { id, a, b } = await table();
    a.socket.send({ type: "share_card", sessionId: id, cardId: "00000000-0000-4000-8000-000000000000" });
    expect(await error(a.socket)).toEqual({ type: "error", code: "unknown_card", message: "No card has that id" });
    expect(b.socket.frames.some((fr) => fr.type === "message" && fr.message.type === "card")).toBe(false);
  });

  it("says the card service is unavailable when it is, and the room goes on", async () => {
    const { id, a, b } = await table();
    await setFailing("unavailable");
    // An id the cache cannot hold yet (a fresh one per run), so the room must ask the service.
    a.socket.send({ type: "share_card", sessionId: id, cardId: crypto.randomUUID() });
    expect(await error(a.socket)).toEqual({ type: "error", code: "card_service_unavailable", message: CARD_SERVICE_UNAVAILABLE });
    a.socket.send({ type: "message", sessionId: id, content: "still here" });
    expect(await b.socket.next((fr) => fr.type === "message" && fr.message.content === "still here")).toBeTruthy();
    await setFailing("ok");
  });
});
