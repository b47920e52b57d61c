import { env } from "cloudflare:workers";
import { afterEach, describe, expect, inject, it } from "vitest";
import { decodeFeatures, FEATURE_VERSION } from "../card-vision";
import type { CardDto } from "../workers/contract/cards";
import { getDb } from "../workers/db/client";
import { FEATURE_LOOKS_PER_WARM, featuresFailedKey, featuresKey, warmFeatures } from "../workers/domain/cards/card-features";
import { putPrintings } from "../workers/domain/cards/card-printings";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { featuresOfCardJpeg } from "../workers/services/card-image";
import { json, request, signUp, type Member } from "./helpers";

/**
 * Issue 36: a printing's reference keypoints for click-to-identify's second step, made on the server from its normal
 * picture on the fake card service's image host (test/global-setup.ts) on the first request, then served from R2.
 */

const cards = inject("cardService");
const worker = env as unknown as { CARD_IMAGE_ORIGIN: string; PUBLIC_ORIGIN: string; CARD_POOL: R2Bucket };
const configured = worker.CARD_IMAGE_ORIGIN;
/** Nothing listens on the discard port: a connection there is refused, as a host that is down refuses it. */
const DOWN = "http://127.0.0.1:9";

afterEach(() => {
  worker.CARD_IMAGE_ORIGIN = configured;
});

const features = (id: string, viewer?: Member, version = FEATURE_VERSION) =>
  request(`/api/cards/printings/${id}/features/${version}`, viewer ? { cookie: viewer.cookie } : {});

/** A card of the fake's, stored as a printing (as a deck's card or the pool's bulk file stores it). */
async function printing(viewer: Member, name: string): Promise<CardDto> {
  const res = await request(`/api/cards/named?exact=${encodeURIComponent(name)}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  const card = await json<CardDto>(res);
  await putPrintings(getDb(env.DB), [card], Date.now());
  return card;
}

/** A printing whose pictures are at `origin` (its id unknown to the fake card service). */
async function printingAt(origin: string): Promise<string> {
  const id = crypto.randomUUID();
  const picture = (size: string) => `${origin}/images/${size}/front/${id[0]}/${id[1]}/${id}.jpg`;
  await putPrintings(
    getDb(env.DB),
    [
      {
        id,
        name: `Nowhere ${id.slice(0, 6)}`,
        manaCost: "",
        typeLine: "Artifact",
        oracleText: "",
        colors: [],
        imageUrl: picture("normal"),
        artUrl: picture("art_crop"),
        smallImageUrl: picture("small"),
        scryfallUri: "",
        set: "tst",
        collectorNumber: "1",
      },
    ],
    Date.now(),
  );
  return id;
}

describe("a printing's keypoints", () => {
  it("are made once from the printing's normal picture, kept in R2, then served from there; the browser may keep them", async () => {
    const ann = await signUp("Ann");
    const card = await printing(ann, "Sol Ring");
    await worker.CARD_POOL.delete(featuresKey(card.id));

    const first = await features(card.id, ann);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const bytes = new Uint8Array(await first.arrayBuffer());
    // card-vision's keypoints of the printing's normal picture, as the benchmark makes them.
    expect(card.imageUrl.startsWith(cards.imageOrigin)).toBe(true);
    const picture = new Uint8Array(await (await fetch(card.imageUrl)).arrayBuffer());
    expect(bytes).toEqual(featuresOfCardJpeg(picture));
    const decoded = decodeFeatures(bytes);
    expect(decoded.count).toBeGreaterThan(100);
    expect(bytes.byteLength).toBe(8 + decoded.count * 36);
    const stored = await worker.CARD_POOL.get(featuresKey(card.id));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);

    // The picture's host down: the kept keypoints are served all the same (nothing is fetched).
    worker.CARD_IMAGE_ORIGIN = DOWN;
    const again = await features(card.id.toUpperCase(), ann);
    expect(again.status).toBe(200);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it("answer 503 with the reason when the picture's host cannot be reached, and keep nothing", async () => {
    const ann = await signUp("Ann");
    worker.CARD_IMAGE_ORIGIN = DOWN;
    const id = await printingAt(DOWN);
    const res = await features(id, ann);
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ message: "Card pictures are unavailable right now" });
    expect(await worker.CARD_POOL.head(featuresKey(id))).toBeNull();
  });

  it("answer 404 for a printing nobody knows, one whose picture is missing, and another keypoint version; 400 for a bad id; 401 signed out", async () => {
    const ann = await signUp("Ann");
    const unknown = await features(crypto.randomUUID(), ann);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: "No printing has this id" });
    // On the image host, but the host has no such picture (404): nothing to make keypoints of.
    const missing = await features(await printingAt(cards.imageOrigin), ann);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: "This printing's picture cannot be read" });
    const card = await printing(ann, "Opt");
    expect((await features(card.id, ann, "fast9-old-v0")).status).toBe(404);
    const bad = await features("not-a-card", ann);
    expect(bad.status).toBe(400);
    expect((await features(card.id, ann, "Not A Version!")).status).toBe(400);
    expect((await features(card.id)).status).toBe(401);
  });

  it("are rate-limited with a rule of their own", async () => {
    const ann = await signUp("Ann");
    const card = await printing(ann, "Opt");
    const { limit } = RATE_LIMITS.cardFeatures;
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`cardFeatures:${ann.id}`, Date.now(), limit)
      .run();
    const res = await features(card.id, ann);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBeTruthy();
    expect(await json(res)).toMatchObject({ message: expect.stringContaining("at most 240 card keypoint sets a minute") });
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
    // The endpoint still answers it on demand as before (404).
    const ann = await signUp("Ann");
    expect((await features(missing, ann)).status).toBe(404);

    // The host down: the run stops at its first failures, nothing noted, what it did not make left for later.
    const down = await Promise.all([printingAt(DOWN), printingAt(DOWN)]);
    const rows = down.map((id) => ({ id, imageUrl: `${DOWN}/images/normal/front/${id[0]}/${id[1]}/${id}.jpg` }));
    const stopped = await warmFeatures({ ...worker, CARD_IMAGE_ORIGIN: DOWN }, rows, { deadline: far() });
    expect(stopped).toMatchObject({ made: 0, failed: 0 });
    expect(stopped.left).toBeGreaterThanOrEqual(1);
    for (const id of down) expect(await worker.CARD_POOL.head(featuresFailedKey(id))).toBeNull();
  });
});
