import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { MAX_WAITING_PER_REQUESTER } from "../workers/services/card-source/pacing";
import { json, request } from "./helpers";
import { closeAllSockets, createRoom, joinRoom, signUp, type TestSocket } from "./room-socket";

/**
 * Issue 35: card lookups are limited per member whichever door they come through (the /api card routes and a
 * room's `share_card` frame count against one `cardLookup` limit), an id the service does not know is remembered
 * as missing, and one member's burst does not hold up another member's lookup at the shared, paced card service.
 * Against the fake Scryfall of test/global-setup.ts, one lane (request log and pacing of its own) per test.
 */
const cards = inject("cardService");
const worker = env as unknown as { SCRYFALL_API_URL: string };
const configured = worker.SCRYFALL_API_URL;
let lane = "";

type FakeRequest = { path: string };
const laneRequests = async (): Promise<FakeRequest[]> => (await json(await fetch(`${cards.url}/__fake/requests?lane=${lane}`))).requests;

beforeEach(() => {
  lane = crypto.randomUUID().slice(0, 8);
  worker.SCRYFALL_API_URL = `${cards.url}/lane/${lane}`;
});
afterEach(() => {
  worker.SCRYFALL_API_URL = configured;
  closeAllSockets();
});

const errorFrame = (s: TestSocket) => s.next((f) => f.type === "error");
/** Starts a member's `cardLookup` window one hit short of the limit, instead of sending 120 lookups. */
const nearLimit = (memberId: string) =>
  env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(`cardLookup:${memberId}`, Date.now(), RATE_LIMITS.cardLookup.limit - 1)
    .run();

async function table() {
  const [ann, ben] = await Promise.all([signUp("Ann", "Shows"), signUp("Ben", "Shows")]);
  const id = await createRoom(ann, { name: "Card table" });
  const a = await joinRoom(ann, id);
  const b = await joinRoom(ben, id);
  return { id, ann, ben, a: a.socket, b: b.socket };
}

describe("share_card frames and the card lookup limit", () => {
  it("count against the member's one cardLookup limit with the HTTP routes: over it, an error frame and no upstream lookup", async () => {
    const { id, ann, a, b } = await table();
    await nearLimit(ann.id);
    // The last lookup within the limit reaches the service (an id no card has).
    a.send({ type: "share_card", sessionId: id, cardId: crypto.randomUUID() });
    expect(await errorFrame(a)).toMatchObject({ code: "unknown_card" });
    expect(await laneRequests()).toHaveLength(1);
    // Over it: a clear error frame, and the service is not asked.
    a.send({ type: "share_card", sessionId: id, cardId: crypto.randomUUID() });
    const refused = await errorFrame(a);
    expect(refused.code).toBe("rate_limited");
    expect(refused.message).toMatch(/^You can look up at most 120 cards a minute\. Please try again in (a minute|\d+ seconds?)\.$/);
    expect(await laneRequests()).toHaveLength(1);
    // The HTTP door counts the same window: it is spent there too.
    const http = await request(`/api/cards/${crypto.randomUUID()}`, { cookie: ann.cookie });
    expect(http.status).toBe(429);
    expect(await laneRequests()).toHaveLength(1);
    // Nothing was posted to the table, and the room goes on for everyone.
    expect(b.frames.some((f) => f.type === "message" && f.message.type === "card")).toBe(false);
    a.send({ type: "message", sessionId: id, content: "still here" });
    expect(await b.next((f) => f.type === "message" && f.message.content === "still here")).toBeTruthy();
  });

  it("are refused once the HTTP routes spent the limit (one limiter, whichever door)", async () => {
    const { id, ben, b } = await table();
    await nearLimit(ben.id);
    expect((await request(`/api/cards/${crypto.randomUUID()}`, { cookie: ben.cookie })).status).toBe(404);
    b.send({ type: "share_card", sessionId: id, cardId: crypto.randomUUID() });
    expect(await errorFrame(b)).toMatchObject({ code: "rate_limited" });
    expect(await laneRequests()).toHaveLength(1);
  });

  it("remember an id no card has: the same unknown id asked again does not reach the service", async () => {
    const { id, ann, a } = await table();
    const ghost = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      a.send({ type: "share_card", sessionId: id, cardId: ghost });
      expect(await errorFrame(a)).toEqual({ type: "error", code: "unknown_card", message: "No card has that id" });
    }
    const other = crypto.randomUUID();
    for (let i = 0; i < 3; i++) expect((await request(`/api/cards/${other}`, { cookie: ann.cookie })).status).toBe(404);
    const paths = (await laneRequests()).map((r) => r.path);
    expect(paths.filter((p) => p.endsWith(ghost))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith(other))).toHaveLength(1);
  });
});

describe("the card service's queue", () => {
  it("serves another member's lookup in turn, not behind one member's burst; a member with too many waiting is refused", async () => {
    const [flooder, other] = await Promise.all([signUp("Flood"), signUp("Patient")]);
    // A burst of lookups the cache cannot answer (fresh ids), all at once; the service takes one each 100 ms.
    const burstSize = 1 + MAX_WAITING_PER_REQUESTER + 3;
    const burst = Array.from({ length: burstSize }, () =>
      request(`/api/cards/${crypto.randomUUID()}`, { cookie: flooder.cookie }).then((r) => r.status),
    );
    // Once the burst is at the service, the other member asks.
    await expect.poll(async () => (await laneRequests()).length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    const before = (await laneRequests()).length;
    const patientId = crypto.randomUUID();
    expect((await request(`/api/cards/${patientId}`, { cookie: other.cookie })).status).toBe(404);
    const paths = (await laneRequests()).map((r) => r.path);
    // In turn: at most the flood's request starting and one more of it go first (in a queue it would wait for all).
    expect(paths.findIndex((p) => p.endsWith(patientId))).toBeLessThanOrEqual(before + 2);
    // The flood itself: what waits is served; what would wait beyond MAX_WAITING_PER_REQUESTER is refused at once.
    const statuses = await Promise.all(burst);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(1 + MAX_WAITING_PER_REQUESTER);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 404 || s === 503)).toBe(true);
  });
});
