import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FIXTURE_DECKS } from "../scripts/fakes/card-service.mjs";
import { MOXFIELD_PASTE } from "../workers/contract/cards";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { json, request, signUp, type Member } from "./helpers";

/** Saved decks: pasted lists and deck links resolved through the card source (the fake Scryfall and deck sites). */

/** D1 round trips of one request, from the Worker's Server-Timing header. */
const queriesOf = (res: Response) => Number(/d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "")?.[1] ?? NaN);

const resolve = (m: Member, body: unknown) => request("/api/decks/resolve", { cookie: m.cookie, body });
const save = (m: Member, body: unknown) => request("/api/decks", { cookie: m.cookie, body });

const PASTED = [
  "Commander",
  "1 Krenko, Mob Boss (M13) 139",
  "",
  "Deck",
  "1x Goblin Chieftain",
  "1 Sol Ring (CMR) 263 *F*",
  "1 Sol Rnig",
  "0 Island",
  "---",
  "18 Mountain",
  "1 Sol Ring",
].join("\n");

describe("deck lists", () => {
  it("resolves a pasted list and gives every line that is not a card its reason", async () => {
    const member = await signUp("Paste");
    const res = await resolve(member, { text: PASTED });
    expect(res.status).toBe(200);
    const deck = await json(res);
    expect(deck.name).toBeNull();
    expect(deck.commanders.map((c: any) => c.name)).toEqual(["Krenko, Mob Boss"]);
    expect(deck.cards.map((c: any) => [c.quantity, c.card.name, c.section])).toEqual([
      [1, "Krenko, Mob Boss", "commander"],
      [1, "Goblin Chieftain", "main"],
      [2, "Sol Ring", "main"],
      [18, "Mountain", "main"],
    ]);
    expect(deck.unresolved).toEqual([
      { line: 7, text: "1 Sol Rnig", reason: 'No card named "Sol Rnig"' },
      { line: 8, text: "0 Island", reason: "quantity must be 1–250" },
      { line: 9, text: "---", reason: "not a card line" },
    ]);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    // A preview writes no deck.
    expect((await json(await request("/api/decks", { cookie: member.cookie }))).decks).toEqual([]);
  });

  it("saves, lists, reads and deletes a deck", async () => {
    const member = await signUp("Saver");
    const res = await save(member, { name: "Goblins", text: PASTED });
    expect(res.status).toBe(201);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const deck = await json(res);
    expect(deck).toMatchObject({ name: "Goblins", cardCount: 22 });
    expect(deck.unresolved).toHaveLength(3);
    const list = await json(await request("/api/decks", { cookie: member.cookie }));
    expect(list.decks).toEqual([{ id: deck.id, name: "Goblins", commanders: deck.commanders, cardCount: 22, updatedAt: deck.updatedAt }]);
    const read = await request(`/api/decks/${deck.id}`, { cookie: member.cookie });
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual(deck);
    expect((await request(`/api/decks/${deck.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(204);
    expect((await request(`/api/decks/${deck.id}`, { cookie: member.cookie })).status).toBe(404);
  });

  it("refuses a list without a single card", async () => {
    const member = await signUp("Empty");
    const res = await save(member, { name: "Nothing", text: "1 Sol Rnig\n---" });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.message).toBe("None of the lines names a card");
    expect(body.issues).toEqual([
      { line: 1, text: "1 Sol Rnig", reason: 'No card named "Sol Rnig"' },
      { line: 2, text: "---", reason: "not a card line" },
    ]);
  });

  it("answers 400 with issues to bad bodies", async () => {
    const member = await signUp("BadDeck");
    for (const body of [
      {},
      { text: "" },
      { text: "1 Opt", url: "https://archidekt.com/decks/1" },
      { name: "", text: "1 Opt" },
      { url: 42 },
    ]) {
      const res = await (("name" in body ? save : resolve) as typeof save)(member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).issues.length).toBeGreaterThan(0);
    }
    // A pasted list has no name of its own: saving one needs a name (a linked deck does not).
    for (const body of [{ text: "1 Opt" }, { name: "", url: "https://archidekt.com/decks/910002" }]) {
      const res = await save(member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).issues.length).toBeGreaterThan(0);
    }
  });
});

describe("deck links", () => {
  it("imports a public Archidekt deck, under the name Archidekt gives it unless one is typed", async () => {
    const member = await signUp("Archidekt");
    const res = await save(member, { url: `https://archidekt.com/decks/${FIXTURE_DECKS.krenko.id}/krenko_goblins` });
    expect(res.status).toBe(201);
    const deck = await json(res);
    expect(deck.name).toBe("Krenko Goblins");
    expect(deck.cardCount).toBe(100);
    expect(deck.commanders.map((c: any) => c.name)).toEqual(["Krenko, Mob Boss"]);
    expect(deck.unresolved).toEqual([]);
    const named = await json(await save(member, { name: "My goblins", url: `https://archidekt.com/decks/${FIXTURE_DECKS.krenko.id}` }));
    expect(named.name).toBe("My goblins");
    const preview = await json(await resolve(member, { url: `https://www.archidekt.com/decks/${FIXTURE_DECKS.edgar.id}` }));
    expect(preview.name).toBe(FIXTURE_DECKS.edgar.name);
    expect(preview.commanders[0].name).toBe("Edgar Markov");
  });

  it("answers a Moxfield link with the way to paste its export, beside the link, without asking Moxfield", async () => {
    const member = await signUp("Moxfield");
    const res = await resolve(member, { url: "https://moxfield.com/decks/AbCdEf123" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: MOXFIELD_PASTE, issues: [{ path: ["url"], message: MOXFIELD_PASTE }] });
    expect(MOXFIELD_PASTE).toContain("paste it into Deck list");
    expect((await save(member, { name: "Mox", url: "https://www.moxfield.com/decks/AbCdEf123" })).status).toBe(400);
  });

  it("says there is no deck at that link when Archidekt answers 404", async () => {
    const member = await signUp("NoDeck");
    const res = await resolve(member, { url: "https://archidekt.com/decks/1" });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      message: "No deck at that link: check it, and that the deck is not private on Archidekt",
      issues: [{ path: ["url"], message: "No deck at that link: check it, and that the deck is not private on Archidekt" }],
    });
    expect((await save(member, { url: "https://archidekt.com/decks/1" })).status).toBe(422);
    expect((await json(await request("/api/decks", { cookie: member.cookie }))).decks).toEqual([]);
  });

  it("refuses links to any other site", async () => {
    const member = await signUp("OtherSite");
    for (const url of ["https://example.com/decks/1", "http://127.0.0.1:8787/decks/1", "https://archidekt.com.example/decks/1"]) {
      const res = await resolve(member, { url });
      expect(res.status, url).toBe(400);
      expect((await json(res)).message).toBe("Only links to public Archidekt decks can be imported; paste the deck's export text instead");
    }
  });
});

describe("deck access and limits", () => {
  it("lets only the owner delete a deck; others read it as the owner's profile allows (issue 37)", async () => {
    const [owner, other] = await Promise.all([signUp("Owner"), signUp("Other")]);
    const deck = await json(await save(owner, { name: "Mine", text: "1 Sol Ring" }));
    // Saved decks are on the owner's profile, as deck sites share them: readable while the profile is visible.
    expect((await request(`/api/decks/${deck.id}`, { cookie: other.cookie })).status).toBe(200);
    const hidden = { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, profileVisible: false } };
    expect((await request("/api/user/settings", { method: "PUT", cookie: owner.cookie, body: hidden })).status).toBe(200);
    expect((await request(`/api/decks/${deck.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await request(`/api/decks/${deck.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await json(await request("/api/decks", { cookie: other.cookie }))).decks).toEqual([]);
    expect((await request(`/api/decks/${deck.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await request(`/api/decks/${deck.id}`)).status).toBe(401);
  });

  it("rate-limits saving decks", async () => {
    const member = await signUp("Hoarder");
    for (let i = 0; i < 30; i++) expect((await save(member, { name: `Deck ${i}`, text: "1 Sol Ring" })).status).toBe(201);
    const limited = await save(member, { name: "One more", text: "1 Sol Ring" });
    expect(limited.status).toBe(429);
    expect((await json(limited)).message).toMatch(/You can save at most 30 decks an hour/);
  });

  it("keeps at most 50 decks per member", async () => {
    const member = await signUp("Collector");
    const now = Date.now();
    const insert = env.DB.prepare(
      "INSERT INTO decks (id, owner_id, name, commanders, cards, unresolved, card_count, source, created_at, updated_at) VALUES (?, ?, ?, '[]', '[]', '[]', 0, 'text', ?, ?)",
    );
    await env.DB.batch(Array.from({ length: 50 }, (_, i) => insert.bind(crypto.randomUUID(), member.id, `Deck ${i}`, now + i, now + i)));
    const res = await save(member, { name: "Fifty-first", text: "1 Sol Ring" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("You can keep at most 50 decks; delete one to save another");
    expect((await json(await request("/api/decks", { cookie: member.cookie }))).decks).toHaveLength(50);
  });
});

describe("decks and the member's data", () => {
  it("are in the member's data export and go with the account", async () => {
    const member = await signUp("Leaving");
    const deck = await json(await save(member, { name: "Exported", text: "1 Sol Ring" }));
    const exported = await json(await request("/api/user/export-data", { method: "POST", cookie: member.cookie }));
    expect(exported.decks.map((d: any) => [d.id, d.name])).toEqual([[deck.id, "Exported"]]);
    expect((await request("/api/user/account", { method: "DELETE", cookie: member.cookie })).status).toBe(204);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM decks WHERE owner_id = ?").bind(member.id).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
