import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { HASH_VERSION } from "../card-vision";
import type { CardReference, DeckCard, TableReferences } from "../workers/contract/cards";
import { getDb } from "../workers/db/client";
import { featuresKey } from "../workers/domain/cards/card-features";
import { warmReferences } from "../workers/domain/cards/card-references";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { featuresOfCardJpeg, hashCardJpeg } from "../workers/services/card-image";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, createRoom, joinRoom, signUp } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 36: the table's reference hashes for click-to-identify, made on the server once per printing from the fake
 * Scryfall's pictures (test/global-setup.ts), which has other printings (their own art) of some cards. A deck line
 * that names its printing is known by that printing alone; any other card by all of its printings.
 */

const cards = inject("cardService");
const worker = env as unknown as { SCRYFALL_API_URL: string; CARD_IMAGE_ORIGIN: string; PUBLIC_ORIGIN: string; CARD_POOL: R2Bucket };
const configured = worker.SCRYFALL_API_URL;
let lane = "";

beforeEach(() => {
  lane = crypto.randomUUID().slice(0, 8);
  worker.SCRYFALL_API_URL = `${cards.url}/lane/${lane}`;
});
afterEach(() => {
  worker.SCRYFALL_API_URL = configured;
  closeAllSockets();
});

const references = (id: string, viewer: Member) => request(`/api/game-sessions/${id}/card-references`, { cookie: viewer.cookie });

/** The table's references once nothing is pending: the state the background work reaches (each ask moves it on). */
async function settled(id: string, viewer: Member): Promise<TableReferences> {
  let body: TableReferences | null = null;
  await expect
    .poll(
      async () => {
        const res = await references(id, viewer);
        expect(res.status).toBe(200);
        body = await json<TableReferences>(res);
        return body.pending;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(0);
  return body!;
}

const printingsOf = (refs: CardReference[], name: string) =>
  refs
    .filter((r) => r.name === name)
    .map((r) => `${r.set} ${r.collectorNumber}`)
    .sort();

async function seatedWithDeck(text: string) {
  const [ann, ben] = await Promise.all([signUp("Ann", "Host"), signUp("Ben")]);
  const saved = await request("/api/decks", { cookie: ann.cookie, body: { name: "Printings", text } });
  expect(saved.status).toBe(201);
  const deck = await json(saved);
  const id = await createRoom(ann, { name: "Printings table" });
  const a = await joinRoom(ann, id);
  a.socket.send({ type: "set_deck", sessionId: id, deckId: deck.id });
  await a.socket.next((f) => f.type === "room_update" && f.players.some((p: { deck?: { id: string } }) => p.deck?.id === deck.id));
  return { ann, ben, id, deck };
}

describe("a table's card references", () => {
  it("know a line's named printing by its own art, and any other card by every printing", async () => {
    const { ben, id, deck } = await seatedWithDeck(
      "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring (C21) 263 *F*\n1 Lightning Bolt\n1 Forest\n1 Arcane Signet (CMR) 297\n",
    );
    // The deck kept the printings its lines named (and the service's own choice for the others).
    const stored = Object.fromEntries(
      deck.cards.map((c: { card: { name: string; set: string; collectorNumber: string }; printingGiven?: boolean }) => [
        c.card.name,
        [c.card.set, c.card.collectorNumber, c.printingGiven ?? false],
      ]),
    );
    expect(stored).toEqual({
      "Atraxa, Praetors' Voice": ["c16", "28", false],
      "Sol Ring": ["c21", "263", true],
      "Lightning Bolt": ["m10", "146", false],
      Forest: ["cmr", "713", false],
      "Arcane Signet": ["cmr", "297", true],
    });

    // Another player at the table reads them: made in the background, complete once nothing is pending.
    const table = await settled(id, ben);
    expect(table.hashVersion).toBe(HASH_VERSION);
    const refs = table.references;
    expect(printingsOf(refs, "Sol Ring")).toEqual(["c21 263"]);
    expect(printingsOf(refs, "Arcane Signet")).toEqual(["cmr 297"]);
    expect(printingsOf(refs, "Lightning Bolt")).toEqual(["2xm 141", "clb 187", "m10 146"]);
    expect(printingsOf(refs, "Forest")).toEqual(["cmr 713", "dmu 277", "neo 292"]);
    expect(printingsOf(refs, "Atraxa, Praetors' Voice")).toEqual(["2xm 190", "c16 28"]);

    // Each hash is the one card-vision makes of that printing's small picture, and reprints' art differs.
    const bolts = refs.filter((r) => r.name === "Lightning Bolt");
    for (const ref of [refs.find((r) => r.name === "Sol Ring")!, ...bolts]) {
      expect(ref.smallImageUrl.startsWith(cards.imageOrigin)).toBe(true);
      const picture = new Uint8Array(await (await fetch(ref.smallImageUrl)).arrayBuffer());
      expect(ref.hash).toBe(hashCardJpeg(picture));
    }
    expect(new Set(bolts.map((b) => b.hash)).size).toBe(3);
  });

  it("come with their printings' keypoints, made in R2 by the same warm-up, so a click need not wait for them", async () => {
    const { ben, id, deck } = await seatedWithDeck("1 Counterspell\n1 Lightning Bolt\n");
    const { references: refs } = await settled(id, ben);
    expect(refs).toHaveLength(5);
    const kept = () => Promise.all(refs.map(async (r) => (await worker.CARD_POOL.head(featuresKey(r.id))) !== null));
    // The deck's warm-up goes on after the hashes: every printing's keypoints are in R2 once it is done.
    await expect.poll(kept, { timeout: 30_000, interval: 250 }).toEqual(refs.map(() => true));
    const bolt = refs.find((r) => r.name === "Lightning Bolt")!;
    const picture = new Uint8Array(await (await fetch(bolt.imageUrl)).arrayBuffer());
    const stored = await worker.CARD_POOL.get(featuresKey(bolt.id));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(featuresOfCardJpeg(picture));

    // Made by the warm-up itself (the endpoint was never asked): gone from R2, a warm-up makes them again.
    await Promise.all(refs.map((r) => worker.CARD_POOL.delete(featuresKey(r.id))));
    const entries = deck.cards as DeckCard[];
    await warmReferences(worker, getDb(env.DB), entries);
    expect(await kept()).toEqual(refs.map(() => true));

    // Out of budget, and no keypoints' queue (test/card-keypoints-queue.test.ts has the queue): nothing is made (the
    // rest is for a later warm-up, or the endpoint on demand).
    await Promise.all(refs.map((r) => worker.CARD_POOL.delete(featuresKey(r.id))));
    await warmReferences({ ...worker, CARD_KEYPOINTS: undefined }, getDb(env.DB), entries, 0);
    expect(await kept()).toEqual(refs.map(() => false));
  });

  it("answers in one request from D1 once made, within the query budget", async () => {
    const { ben, id } = await seatedWithDeck("1 Sol Ring\n1 Counterspell\n");
    await settled(id, ben);
    const res = await references(id, ben);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
    expect(Number(match?.[1])).toBeLessThanOrEqual(5);
    const body = await json<TableReferences>(res);
    expect(body.pending).toBe(0);
    expect(printingsOf(body.references, "Counterspell")).toEqual(["cmr 395", "mh2 267"]);
  });

  it("are for who may see the room's cards: 401 signed out, 404 for no room, 403 for a member the host removed", async () => {
    const { ann, ben, id } = await seatedWithDeck("1 Opt\n");
    expect((await request(`/api/game-sessions/${id}/card-references`)).status).toBe(401);
    expect((await references("no-such-room", ben)).status).toBe(404);
    // A stranger may see a public room, and so its decks.
    const stranger = await signUp("Stranger");
    expect((await references(id, stranger)).status).toBe(200);
    await joinRoom(ben, id, "spectate");
    expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "remove", userId: ben.id })).status).toBe(200);
    const refused = await references(id, ben);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: "You cannot see this room" });
  });

  it("is rate-limited with the card lookups", async () => {
    const { ben, id } = await seatedWithDeck("1 Opt\n");
    const { limit } = RATE_LIMITS.cardLookup;
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`cardLookup:${ben.id}`, Date.now(), limit)
      .run();
    const res = await references(id, ben);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
  });

  it("is empty, with nothing pending, when no seat has a deck", async () => {
    const ann = await signUp("Ann");
    const id = await createRoom(ann, { name: "Empty table" });
    expect(await json(await references(id, ann))).toEqual({ hashVersion: HASH_VERSION, references: [], pending: 0 });
  });
});
