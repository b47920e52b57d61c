/**
 * Over 300 lines: the two doors of one domain module (card-features.ts), the click's request and a table's warm-up,
 * tested side by side, since they share one rule (the unreadable picture's note) that each test reads from both.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, inject, it } from "vitest";
import { decodeFeatures, FEATURE_VERSION } from "../card-vision";
import type { CardDto } from "../workers/contract/cards";
import { getDb } from "../workers/db/client";
import { decodeFeaturesBatch, MAX_FEATURES_PER_REQUEST } from "../workers/contract/card-features-batch";
import {
  FEATURE_LOOKS_PER_WARM,
  FEATURES_MADE_PER_REQUEST,
  featuresFailedKey,
  featuresKey,
  printingsFeatures,
  RETRY_FAILED_MS,
  warmFeatures,
} from "../workers/domain/cards/card-features";
import { putPrintings } from "../workers/domain/cards/card-printings";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { featuresOfCardJpeg } from "../workers/services/card-image";
import { logLines } from "./console-capture";
import { printingAt } from "./card-helpers";
import { json, request, signUp, type Member } from "./helpers";

/**
 * Issue 36: printings' reference keypoints for click-to-identify's second step, one request a click, made on the server
 * from each printing's normal picture on the fake card service's image host (test/global-setup.ts) by a table's
 * warm-up or on the first request, then served from R2; an unreadable picture is noted and not fetched again for a day.
 */

const cards = inject("cardService");
const worker = env as unknown as { CARD_IMAGE_ORIGIN: string; PUBLIC_ORIGIN: string; CARD_POOL: R2Bucket };
const configured = worker.CARD_IMAGE_ORIGIN;
/** Nothing listens on the discard port: a connection there is refused, as a host that is down refuses it. */
const DOWN = "http://127.0.0.1:9";

afterEach(() => {
  worker.CARD_IMAGE_ORIGIN = configured;
});

const features = (ids: string[], viewer?: Member, version = FEATURE_VERSION) =>
  request(`/api/cards/printings/features/${version}?ids=${ids.join(",")}`, viewer ? { cookie: viewer.cookie } : {});

/** A card of the fake's, stored as a printing (as a deck's card or the pool's bulk file stores it). */
async function printing(viewer: Member, name: string): Promise<CardDto> {
  const res = await request(`/api/cards/named?exact=${encodeURIComponent(name)}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  const card = await json<CardDto>(res);
  await putPrintings(getDb(env.DB), [card], Date.now());
  return card;
}

/** How many pictures of this printing the fake image host was asked for. */
async function pictureRequests(id: string): Promise<number> {
  return (await json<{ count: number }>(await fetch(`${cards.imageOrigin}/__fake/image-requests?id=${id}`))).count;
}

/** The answer's entries by id (the batch format, decoded as the page decodes it). */
async function entries(res: Response) {
  expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
  return new Map(decodeFeaturesBatch(await res.arrayBuffer()).map((e) => [e.id, e]));
}

describe("printings' keypoints, one request a click", () => {
  it("are made once from each printing's normal picture, kept in R2, then served from there, several in one answer", async () => {
    const ann = await signUp("Ann");
    const [sol, opt] = await Promise.all(["Sol Ring", "Opt"].map((name) => printing(ann, name)));
    await Promise.all([sol, opt].map((c) => worker.CARD_POOL.delete(featuresKey(c.id))));

    const first = await features([sol.id, opt.id], ann);
    // Every printing present: the answer never changes, so the browser may keep it.
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const answer = await entries(first);
    expect([...answer.keys()]).toEqual([sol.id, opt.id]);
    for (const card of [sol, opt]) {
      const entry = answer.get(card.id)!;
      expect(entry.status).toBe("present");
      // card-vision's keypoints of the printing's normal picture, as the benchmark makes them.
      expect(card.imageUrl.startsWith(cards.imageOrigin)).toBe(true);
      const picture = new Uint8Array(await (await fetch(card.imageUrl)).arrayBuffer());
      const bytes = new Uint8Array(entry.bytes!);
      expect(bytes).toEqual(featuresOfCardJpeg(picture));
      const decoded = decodeFeatures(bytes);
      expect(decoded.count).toBeGreaterThan(50);
      expect(bytes.byteLength).toBe(8 + decoded.count * 36);
      const stored = await worker.CARD_POOL.get(featuresKey(card.id));
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    }

    // The picture's host down: the kept keypoints are served all the same (nothing is fetched); an id asked twice or
    // in capitals is answered once.
    worker.CARD_IMAGE_ORIGIN = DOWN;
    const again = await entries(await features([sol.id.toUpperCase(), sol.id], ann));
    expect([...again.keys()]).toEqual([sol.id]);
    expect(new Uint8Array(again.get(sol.id)!.bytes!)).toEqual(new Uint8Array(answer.get(sol.id)!.bytes!));
  });

  it(`make at most ${FEATURES_MADE_PER_REQUEST} missing printings a request, the first asked; the rest are "later" and made by the next`, async () => {
    const ann = await signUp("Ann");
    const names = ["Lightning Bolt", "Counterspell", "Swords to Plowshares", "Dark Ritual", "Llanowar Elves", "Brainstorm"];
    const made = await Promise.all(names.map((name) => printing(ann, name)));
    await Promise.all(made.map((c) => worker.CARD_POOL.delete(featuresKey(c.id))));
    const ids = made.map((c) => c.id);
    const first = await features(ids, ann);
    // Not complete: the browser must not keep this answer.
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = await entries(first);
    expect([...answer.values()].map((e) => e.status)).toEqual([
      ...Array<string>(FEATURES_MADE_PER_REQUEST).fill("present"),
      ...Array<string>(ids.length - FEATURES_MADE_PER_REQUEST).fill("later"),
    ]);
    const next = await entries(await features(ids, ann));
    expect([...next.values()].every((e) => e.status === "present")).toBe(true);
  });

  it("answer 503 with the reason when the picture's host cannot be reached and none was made before; else what was, the rest later", async () => {
    const ann = await signUp("Ann");
    worker.CARD_IMAGE_ORIGIN = DOWN;
    const id = await printingAt(DOWN);
    const res = await features([id], ann);
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ message: "Card pictures are unavailable right now" });
    // Asked again while the host is down: answered the same, and the operator's log says it once, not per request.
    expect((await features([id], ann)).status).toBe(503);
    expect(logLines().filter((l) => l.message === "Card pictures are unavailable: keypoints not made")).toHaveLength(1);
    expect(await worker.CARD_POOL.head(featuresKey(id))).toBeNull();
    // Not an unreadable picture: nothing is noted, the next request tries it again.
    expect(await worker.CARD_POOL.head(featuresFailedKey(id))).toBeNull();

    const kept = await printing(ann, "Sol Ring");
    worker.CARD_IMAGE_ORIGIN = configured;
    expect((await entries(await features([kept.id], ann))).get(kept.id)?.status).toBe("present");
    worker.CARD_IMAGE_ORIGIN = DOWN;
    const mixed = await entries(await features([id, kept.id], ann));
    expect([...mixed.values()].map((e) => [e.id, e.status])).toEqual([
      [id, "later"],
      [kept.id, "present"],
    ]);
  });

  it("answer an unknown printing and an unreadable picture as none, and fetch that picture again only after its note's day", async () => {
    const ann = await signUp("Ann");
    const unknown = crypto.randomUUID();
    // On the image host, but the host has no such picture (404): nothing to make keypoints of.
    const unreadable = await printingAt(cards.imageOrigin);
    const answer = await entries(await features([unknown, unreadable], ann));
    expect([...answer.values()].map((e) => [e.id, e.status])).toEqual([
      [unknown, "none"],
      [unreadable, "none"],
    ]);
    expect(await pictureRequests(unknown)).toBe(0);
    expect(await pictureRequests(unreadable)).toBe(1);
    const note = await worker.CARD_POOL.head(featuresFailedKey(unreadable));
    expect(note).not.toBeNull();

    // Asked again (by the endpoint or the warm-up): the note answers, the image host is not asked.
    expect((await entries(await features([unreadable], ann))).get(unreadable)?.status).toBe("none");
    const row = {
      id: unreadable,
      imageUrl: `${cards.imageOrigin}/images/normal/front/${unreadable[0]}/${unreadable[1]}/${unreadable}.jpg`,
    };
    expect(await warmFeatures(worker, [row], { deadline: Date.now() + 20_000 })).toMatchObject({ skipped: 1 });
    expect(await pictureRequests(unreadable)).toBe(1);
    // The operator is told once, when it was noted.
    const told = () => logLines().filter((l) => l.message === "Card keypoints could not be made" && l.printing === unreadable);
    expect(told()).toHaveLength(1);

    // A day later (the domain's clock) the picture is tried again, and noted again.
    const dayLater = () => Date.now() + RETRY_FAILED_MS + 1;
    const later = await printingsFeatures(worker, getDb(env.DB), [unreadable], { now: dayLater });
    expect(later.entries).toEqual([{ id: unreadable, status: "none" }]);
    expect(await pictureRequests(unreadable)).toBe(2);
    expect(told()).toHaveLength(2);
    const renewed = await worker.CARD_POOL.head(featuresFailedKey(unreadable));
    expect(Number(renewed!.customMetadata!.failedAt)).toBeGreaterThan(Number(note!.customMetadata!.failedAt));
  });

  it("answer 400 beside the field for every bad id, list or version; 404 for another keypoint version; 401 signed out", async () => {
    const ann = await signUp("Ann");
    const card = await printing(ann, "Opt");
    const issuesOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await json<{ issues: { path: (string | number)[] }[] }>(res)).issues.map((i) => i.path);
    };
    expect(await issuesOf(await features([card.id, "not-a-card"], ann))).toEqual([["ids", 1]]);
    expect(await issuesOf(await request(`/api/cards/printings/features/${FEATURE_VERSION}?ids=`, { cookie: ann.cookie }))).toContainEqual([
      "ids",
      0,
    ]);
    expect(await issuesOf(await request(`/api/cards/printings/features/${FEATURE_VERSION}`, { cookie: ann.cookie }))).toEqual([["ids"]]);
    const tooMany = Array.from({ length: MAX_FEATURES_PER_REQUEST + 1 }, () => card.id);
    expect(await issuesOf(await features(tooMany, ann))).toEqual([["ids"]]);
    expect(await issuesOf(await features([card.id], ann, "Not A Version!"))).toEqual([["version"]]);
    expect(
      (
        await features(
          Array.from({ length: MAX_FEATURES_PER_REQUEST }, () => card.id),
          ann,
        )
      ).status,
    ).toBe(200);
    const old = await features([card.id], ann, "fast9-old-v0");
    expect(old.status).toBe(404);
    expect((await features([card.id])).status).toBe(401);
  });

  it("are rate-limited with a rule of their own, a request counted once whatever it asks", async () => {
    const ann = await signUp("Ann");
    const card = await printing(ann, "Opt");
    const count = async () =>
      (await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(`cardFeatures:${ann.id}`).first<{ count: number }>())
        ?.count;
    await entries(await features([card.id, crypto.randomUUID(), crypto.randomUUID()], ann));
    expect(await count()).toBe(1);
    const { limit } = RATE_LIMITS.cardFeatures;
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`cardFeatures:${ann.id}`, Date.now(), limit)
      .run();
    const res = await features([card.id], ann);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect(await json(res)).toMatchObject({ message: expect.stringContaining(`at most ${limit} sets of card keypoints a minute`) });
    // The card lookups' limit is another's: untouched.
    expect((await request(`/api/cards/${card.id}`, { cookie: ann.cookie })).status).toBe(200);
  });
});

describe("a table's warm-up of keypoints (warmFeatures)", () => {
  const far = () => Date.now() + 20_000;

  it("makes what R2 lacks, up to its allowance, and leaves the rest", async () => {
    const ann = await signUp("Ann");
    const made = await Promise.all(["Opt", "Sol Ring", "Counterspell"].map((name) => printing(ann, name)));
    await Promise.all(made.map((c) => worker.CARD_POOL.delete(featuresKey(c.id))));
    const first = await warmFeatures(worker, made, { deadline: far(), max: 1 });
    expect(first).toMatchObject({ made: 1, failed: 0 });
    expect(first.left).toBeGreaterThanOrEqual(1);
    const rest = await warmFeatures(worker, made, { deadline: far() });
    expect(rest).toEqual({ made: 2, kept: 1, failed: 0, skipped: 0, left: 0 });
    for (const card of made) expect(await worker.CARD_POOL.head(featuresKey(card.id))).not.toBeNull();
    // Past its deadline it makes nothing.
    await worker.CARD_POOL.delete(featuresKey(made[0].id));
    expect(await warmFeatures(worker, made, { deadline: Date.now() - 1 })).toEqual({ made: 0, kept: 0, failed: 0, skipped: 0, left: 3 });
    expect(await worker.CARD_POOL.head(featuresKey(made[0].id))).toBeNull();
  });

  it("looks up at most FEATURE_LOOKS_PER_WARM printings in R2 a warm-up (a table's ~400 would crowd its subrequests)", async () => {
    const ids = Array.from({ length: FEATURE_LOOKS_PER_WARM + 7 }, (_, i) => `f00dcafe-0000-4000-8000-${String(i).padStart(12, "0")}`);
    await Promise.all(ids.map((id) => worker.CARD_POOL.put(featuresKey(id), new Uint8Array(8))));
    const rows = ids.map((id) => ({ id, imageUrl: `${cards.imageOrigin}/images/normal/front/f/0/${id}.jpg` }));
    expect(await warmFeatures(worker, rows, { deadline: far() })).toEqual({
      made: 0,
      kept: FEATURE_LOOKS_PER_WARM,
      failed: 0,
      skipped: 0,
      left: 7,
    });
  });

  it("notes a picture that cannot be read and does not try it again for a day; stops when the host is down", async () => {
    const missing = await printingAt(cards.imageOrigin);
    const row = { id: missing, imageUrl: `${cards.imageOrigin}/images/normal/front/${missing[0]}/${missing[1]}/${missing}.jpg` };
    expect(await warmFeatures(worker, [row], { deadline: far() })).toEqual({ made: 0, kept: 0, failed: 1, skipped: 0, left: 0 });
    expect(await worker.CARD_POOL.head(featuresFailedKey(missing))).not.toBeNull();
    // The next warm-up passes it by (no fetch); a day later it is tried again.
    expect(await warmFeatures(worker, [row], { deadline: far() })).toEqual({ made: 0, kept: 0, failed: 0, skipped: 1, left: 0 });
    const dayLater = () => Date.now() + 24 * 60 * 60_000 + 1;
    expect(await warmFeatures(worker, [row], { deadline: dayLater() + 20_000, now: dayLater })).toMatchObject({ failed: 1 });
    // The endpoint reads the same note: it answers "none" without asking the image host.
    const asked = await pictureRequests(missing);
    const ann = await signUp("Ann");
    expect((await entries(await features([missing], ann))).get(missing)?.status).toBe("none");
    expect(await pictureRequests(missing)).toBe(asked);

    // The host down: the run stops at its first failures, nothing noted, what it did not make left for later.
    const down = await Promise.all([printingAt(DOWN), printingAt(DOWN)]);
    const rows = down.map((id) => ({ id, imageUrl: `${DOWN}/images/normal/front/${id[0]}/${id[1]}/${id}.jpg` }));
    const stopped = await warmFeatures({ ...worker, CARD_IMAGE_ORIGIN: DOWN }, rows, { deadline: far() });
    expect(stopped).toMatchObject({ made: 0, failed: 0 });
    expect(stopped.left).toBeGreaterThanOrEqual(1);
    for (const id of down) expect(await worker.CARD_POOL.head(featuresFailedKey(id))).toBeNull();
  });
});
