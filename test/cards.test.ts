import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { runHousekeeping } from "../workers/domain/operations/housekeeping";
import { getDb } from "../workers/db/client";
import { operatorFigures } from "../workers/domain/operations/operations";
import { json, request, signUp, type Member } from "./helpers";

/**
 * Card lookups through the card source against the fake Scryfall of test/global-setup.ts. Each test talks to a lane
 * of its own (the fake keeps a request log and a failure mode per lane, and the Worker paces and rests per API
 * base), so a test that makes the service fail or counts requests disturbs no other file.
 */
const cards = inject("cardService");
const worker = env as unknown as Record<string, string>;
const configured = worker.SCRYFALL_API_URL;
let lane = "";

type FakeRequest = { method: string; path: string; search: string; headers: Record<string, string>; at: number; identifiers?: number };
const laneRequests = async (): Promise<FakeRequest[]> => (await json(await fetch(`${cards.url}/__fake/requests?lane=${lane}`))).requests;
const setMode = async (mode: "ok" | "unavailable" | "rate-limited") => {
  const res = await fetch(`${cards.url}/__fake/fail`, { method: "POST", body: JSON.stringify({ lane, mode }) });
  expect(res.status).toBe(200);
};
/** Forgets cached cards, so the next lookup of them goes to the service. */
const uncache = (...names: string[]) =>
  env.DB.prepare(`DELETE FROM card_cache WHERE name_key IN (${names.map(() => "?").join(",")})`)
    .bind(...names.map((n) => n.toLowerCase()))
    .run();

let member: Member;
beforeEach(async () => {
  lane = crypto.randomUUID().slice(0, 8);
  worker.SCRYFALL_API_URL = `${cards.url}/lane/${lane}`;
  member ??= await signUp("Cards");
});
afterEach(() => {
  worker.SCRYFALL_API_URL = configured;
});

const get = (path: string) => request(path, { cookie: member.cookie });
/** The operator's count of Scryfall's refusals in the last hour (workers/domain/operations/operations.ts). */
const refusals = async () => (await operatorFigures(getDb(env.DB))).cardServiceRefusalsLastHour;

describe("card lookups", () => {
  it("suggests names, finds a card by exact and fuzzy name and by id", async () => {
    const suggestions = await get("/api/cards/autocomplete?q=sol");
    expect(suggestions.status).toBe(200);
    expect((await json(suggestions)).names).toEqual(["Sol Ring", "Solemn Simulacrum"]);

    const exact = await get("/api/cards/named?exact=krenko,%20mob%20boss");
    expect(exact.status).toBe(200);
    const krenko = await json(exact);
    expect(krenko).toMatchObject({
      name: "Krenko, Mob Boss",
      manaCost: "{2}{R}{R}",
      typeLine: "Legendary Creature — Goblin Warrior",
      colors: ["R"],
    });
    expect(krenko.imageUrl.startsWith(`${cards.imageOrigin}/images/normal/front/`)).toBe(true);
    expect(krenko.artUrl).toContain("/art_crop/");
    expect(krenko.smallImageUrl).toContain("/small/");

    const fuzzy = await json(await get("/api/cards/named?fuzzy=talrand"));
    expect(fuzzy.name).toBe("Talrand, Sky Summoner");
    const byId = await get(`/api/cards/${krenko.id}`);
    expect(byId.status).toBe(200);
    expect(await json(byId)).toEqual(krenko);

    const missing = await get("/api/cards/named?exact=Sol%20Rnig");
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'No card named "Sol Rnig"' });
    expect((await get(`/api/cards/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("names itself to Scryfall and asks for JSON on every request", async () => {
    await get("/api/cards/autocomplete?q=bolt");
    await uncache("Lightning Bolt");
    await get("/api/cards/named?exact=Lightning%20Bolt");
    const seen = await laneRequests();
    expect(seen.map((r) => r.path)).toEqual(["/cards/autocomplete", "/cards/named"]);
    for (const r of seen) {
      // The deployment's own address (PUBLIC_ORIGIN), never an example domain.
      expect(r.headers["user-agent"]).toBe(`Realmcast/1.0 (+${worker.PUBLIC_ORIGIN})`);
      expect(r.headers.accept).toBe("application/json");
    }
  });

  it("asks Scryfall once for a card looked up twice (the D1 cache answers the second time)", async () => {
    await uncache("Cyclonic Rift");
    const first = await json(await get("/api/cards/named?exact=Cyclonic%20Rift"));
    expect(await laneRequests()).toHaveLength(1);
    const again = await get("/api/cards/named?exact=cyclonic%20rift");
    expect(await json(again)).toEqual(first);
    const byId = await get(`/api/cards/${first.id}`);
    expect(byId.status).toBe(200);
    expect(await laneRequests()).toHaveLength(1);
  });

  it("keeps collection requests at least 500 ms apart (Scryfall's 2 per second)", async () => {
    const names = ["Rhystic Study", "Mystic Remora", "Inexorable Tide", "Deepglow Skate"];
    await uncache(...names);
    const resolve = (text: string) => request("/api/decks/resolve", { cookie: member.cookie, body: { text } });
    const answers = await Promise.all([resolve(`1 ${names[0]}\n1 ${names[1]}`), resolve(`1 ${names[2]}\n1 ${names[3]}`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const calls = (await laneRequests()).filter((r) => r.path === "/cards/collection");
    expect(calls).toHaveLength(2);
    // The Worker spaces the starts by 500 ms (the pacer's exact arithmetic is unit-tested in pacing.test.ts); the fake
    // stamps arrival, which a loaded machine can delay by tens of milliseconds for one request and not the other.
    // Unpaced, the two lists are sent together and arrive a few milliseconds apart: 400 ms tells the two apart.
    expect(Math.abs(calls[1].at - calls[0].at)).toBeGreaterThanOrEqual(400);
  });

  it("asks for a long list's uncached names in batches of 75", async () => {
    // The Edgar fixture deck: 81 distinct names, none cached.
    const deck = await json(await fetch(`${cards.archidektUrl}/decks/910003/`));
    const names: string[] = deck.cards.map((c: any) => c.card.oracleCard.name);
    await uncache(...names.slice(0, 60));
    await uncache(...names.slice(60));
    const res = await request("/api/decks/resolve", { cookie: member.cookie, body: { text: names.map((n) => `1 ${n}`).join("\n") } });
    expect(res.status).toBe(200);
    expect((await json(res)).unresolved).toEqual([]);
    const calls = (await laneRequests()).filter((r) => r.path === "/cards/collection");
    expect(calls.map((c) => c.identifiers)).toEqual([75, names.length - 75]);
  });

  it("after a 429 answers 503 and leaves Scryfall alone for 30 seconds", async () => {
    await uncache("Ponder", "Preordain");
    const refusalsBefore = await refusals();
    await setMode("rate-limited");
    const limited = await get("/api/cards/named?exact=Ponder");
    expect(limited.status).toBe(503);
    expect(await json(limited)).toEqual({ message: "Card lookup is unavailable right now" });
    await setMode("ok");
    const resting = await get("/api/cards/named?exact=Preordain");
    expect(resting.status).toBe(503);
    expect(await laneRequests()).toHaveLength(1);
    // The operator's count is of Scryfall's refusals: the 429, not the rest that followed it without asking.
    expect(await refusals()).toBe(refusalsBefore + 1);
  });

  it("answers 503 with the message when Scryfall fails or cannot be reached", async () => {
    await uncache("Opt");
    const refusalsBefore = await refusals();
    await setMode("unavailable");
    const failing = await get("/api/cards/named?exact=Opt");
    expect(failing.status).toBe(503);
    expect(await json(failing)).toEqual({ message: "Card lookup is unavailable right now" });
    expect(await refusals()).toBe(refusalsBefore + 1);
    await setMode("ok");

    // Nothing listens on the discard port: the connection is refused. (workerd itself logs the refused connection as
    // "Network connection lost", though the Worker catches the failed fetch: a bare caught fetch logs the same.)
    worker.SCRYFALL_API_URL = "http://127.0.0.1:9";
    const unreachable = await get("/api/cards/autocomplete?q=opt");
    expect(unreachable.status).toBe(503);
    expect(await json(unreachable)).toEqual({ message: "Card lookup is unavailable right now" });
    expect(await refusals()).toBe(refusalsBefore + 2);
  });

  it("answers 400 with issues to bad input", async () => {
    for (const path of [
      "/api/cards/autocomplete",
      "/api/cards/autocomplete?q=",
      `/api/cards/autocomplete?q=${"a".repeat(200)}`,
      "/api/cards/named",
      "/api/cards/named?exact=Opt&fuzzy=Opt",
      "/api/cards/not-a-card-id",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = await json(res);
      expect(body.message).toBeTypeOf("string");
      expect(body.issues.length, path).toBeGreaterThan(0);
    }
    expect(await laneRequests()).toEqual([]);
  });

  it("is for members only", async () => {
    expect((await request("/api/cards/autocomplete?q=sol")).status).toBe(401);
  });
});

describe("card cache housekeeping", () => {
  it("deletes cache rows a month old and keeps newer ones", async () => {
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO card_cache (id, name_key, card, fetched_at) VALUES (?, 'old card', '{}', ?)").bind(
        old,
        now - 31 * 86_400_000,
      ),
      env.DB.prepare("INSERT INTO card_cache (id, name_key, card, fetched_at) VALUES (?, 'fresh card', '{}', ?)").bind(
        fresh,
        now - 8 * 86_400_000,
      ),
    ]);
    const report = await runHousekeeping(env, getDb(env.DB), now);
    expect(report.cardCache).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT id FROM card_cache WHERE id IN (?, ?)").bind(old, fresh).all();
    expect(left.results.map((r) => r.id)).toEqual([fresh]);
  });
});
