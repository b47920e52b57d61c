import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { FEATURE_VERSION } from "../card-vision";
import { decodeFeaturesBatch } from "../workers/contract/card-features-batch";
import type { CardPoolManifest } from "../workers/contract/cards";
import { getDb } from "../workers/db/client";
import { cardPrintings } from "../workers/db/schema";
import { featuresFailedKey, featuresKey } from "../workers/domain/cards/card-features";
import { COUNT_AGAIN_MS, idsKey, NOTE_SENT_AGAIN_AFTER_MS } from "../workers/domain/cards/card-pool-keypoints";
import { FIXTURE_DECKS } from "../scripts/fakes/card-service.mjs";
import { logLines } from "./console-capture";
import { clearPoolBucket, runPoolCron } from "./card-helpers";
import { json, request, signUp } from "./helpers";

/**
 * Issue 36: the whole pool's reference keypoints, made ahead. After the index is built by the Worker's own cron
 * handler from the fake Scryfall's bulk file (417 printings), a cron run counts their keypoints in R2 and sends the
 * missing to the CARD_POOL_KEYPOINTS queue, which the Worker consumes itself (Miniflare's queue); a click's one
 * request then finds a pool printing's keypoints made, and a rebuild sends nothing again.
 */

const cards = inject("cardService");
const bindings = env as unknown as { CARD_POOL: R2Bucket; CARD_IMAGE_ORIGIN: string };
const configured = bindings.CARD_IMAGE_ORIGIN;
/** Nothing listens on the discard port: a connection there is refused, as a host that is down refuses it. */
const DOWN = "http://127.0.0.1:9";
const DAY = 24 * 60 * 60_000;

afterEach(() => {
  bindings.CARD_IMAGE_ORIGIN = configured;
});

const runCron = (scheduledTime: number) => runPoolCron(scheduledTime);

/** How many pictures of this printing the fake image host was asked for (any size, found or not). */
async function pictureRequests(id: string): Promise<number> {
  return (await json<{ count: number }>(await fetch(`${cards.imageOrigin}/__fake/image-requests?id=${id}`))).count;
}

/** The cards the fixture Commander decks name (the fake's Archidekt decks). */
async function deckNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const deck of Object.values(FIXTURE_DECKS)) {
    const body = await json<{ cards: { card: { oracleCard: { name: string } } }[] }>(
      await fetch(`${cards.archidektUrl}/decks/${deck.id}/`),
    );
    for (const { card } of body.cards) names.add(card.oracleCard.name);
  }
  return names;
}

describe("the whole pool's keypoints", () => {
  it("are made ahead after the build through their queue, found by a click's one request, and not made or sent again by a rebuild", async () => {
    // The rebuild below is a week later (the index is rebuilt when a week old); a note made now must still hold then.
    expect(NOTE_SENT_AGAIN_AFTER_MS).toBeGreaterThan(8 * DAY);
    await clearPoolBucket();
    const member = await signUp("Pool");
    const manifest = async () => json<CardPoolManifest>(await request("/api/card-pool", { cookie: member.cookie }));
    const db = getDb(env.DB);

    // The build, one run at a time, until the index is written: no keypoints counted or sent meanwhile.
    let time = Date.now();
    for (let run = 0; run < 12 && !(await manifest()).ready; run++) await runCron((time += 1000));
    const built = await manifest();
    expect(built).toMatchObject({ ready: true, printings: 417, keypoints: null });
    const ids = (await (await bindings.CARD_POOL.get(idsKey(built.version!)))!.text()).split("\n");
    expect(new Set(ids).size).toBe(417);
    expect(logLines().filter((l) => l.message === "Card pool keypoints queued")).toEqual([]);

    // Keypoints an earlier test file's deck warm-up is still writing in this workerd (its `waitUntil` outlives that
    // file; the R2 bucket is shared) may land after the clear: those printings count as made, not sent.
    const madeAlready = async () =>
      new Set((await Promise.all(ids.map(async (id) => ((await bindings.CARD_POOL.head(featuresKey(id))) ? id : null)))).filter(Boolean));

    // One printing's normal picture is missing on the image host (as Scryfall's may be): its address in D1 is one
    // the host answers 404 for, as the consumer reads it.
    const madeFirst = await madeAlready();
    const broken = ids.find((id, i) => i >= 7 && !madeFirst.has(id))!;
    const missingPicture = crypto.randomUUID();
    await db
      .update(cardPrintings)
      .set({ imageUrl: `${cards.imageOrigin}/images/normal/front/${missingPicture[0]}/${missingPicture[1]}/${missingPicture}.jpg` })
      .where(eq(cardPrintings.id, broken));

    // The next run counts: none made (but what another file's warm-up wrote meanwhile, almost always none), all the
    // rest sent to the pool's queue (24 a message).
    await runCron((time += 1000));
    const queuedLines = logLines().filter((l) => l.message === "Card pool keypoints queued");
    expect(queuedLines).toEqual([expect.objectContaining({ index: built.version, leftOut: 0 })]);
    const sent = Number(queuedLines[0].printings);
    expect(sent).toBeGreaterThan(400);
    expect(queuedLines[0].messages).toBe(Math.ceil(sent / 24));
    expect((await manifest()).keypoints).toMatchObject({
      featureVersion: FEATURE_VERSION,
      total: 417,
      made: 417 - sent,
      missing: sent,
      queued: sent,
    });

    // The queue drains through the Worker's own consumer: every printing made, the broken one noted.
    const settled = async () => {
      const states = await Promise.all(
        ids.map(async (id) =>
          (await bindings.CARD_POOL.head(featuresKey(id)))
            ? "made"
            : (await bindings.CARD_POOL.head(featuresFailedKey(id)))
              ? "noted"
              : "missing",
        ),
      );
      return { made: states.filter((s) => s === "made").length, noted: states.filter((s) => s === "noted").length };
    };
    await expect.poll(settled, { timeout: 240_000, interval: 1000 }).toEqual({ made: 416, noted: 1 });
    expect(await bindings.CARD_POOL.head(featuresKey(broken))).toBeNull();
    expect(await pictureRequests(missingPicture)).toBe(1);
    expect(logLines().filter((l) => l.message === "Card keypoints could not be made")).toEqual([
      expect.objectContaining({ level: "warn", printing: broken }),
    ]);

    // Counted again ten minutes on: what operators read (made / total), nothing sent again.
    await runCron((time += COUNT_AGAIN_MS));
    expect((await manifest()).keypoints).toMatchObject({ total: 417, made: 416, unreadable: 1, missing: 0, queued: sent });
    expect(logLines().filter((l) => l.message === "Card pool keypoints queued")).toHaveLength(1);

    // A click against the pool on a printing no deck names: its one request finds the keypoints made, with the image
    // host down (nothing is fetched at click time).
    const inDecks = await deckNames();
    const rows = await db
      .select({ id: cardPrintings.id, name: cardPrintings.name })
      .from(cardPrintings)
      .where(inArray(cardPrintings.id, ids.slice(0, 90)));
    const loner = rows.find((r) => !inDecks.has(r.name) && r.id !== broken)!;
    expect(loner).toBeDefined();
    bindings.CARD_IMAGE_ORIGIN = DOWN;
    const res = await request(`/api/cards/printings/features/${FEATURE_VERSION}?ids=${loner.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    const [entry] = decodeFeaturesBatch(await res.arrayBuffer());
    expect(entry.status).toBe("present");
    const stored = await bindings.CARD_POOL.get(featuresKey(loner.id));
    expect(new Uint8Array(entry.bytes!)).toEqual(new Uint8Array(await stored!.arrayBuffer()));
    bindings.CARD_IMAGE_ORIGIN = configured;

    // A week later the index is built again (the broken printing's address restored from the bulk file): its count
    // finds every printing made or noted, sends nothing, and nothing is made again.
    const versions = async () => Promise.all(ids.map(async (id) => (await bindings.CARD_POOL.head(featuresKey(id)))?.version ?? null));
    const before = await versions();
    time += 8 * DAY;
    await runCron(time);
    for (let run = 0; run < 12 && (await manifest()).version === built.version; run++) await runCron((time += 1000));
    const rebuilt = await manifest();
    expect(rebuilt.version).not.toBe(built.version);
    expect(await bindings.CARD_POOL.head(idsKey(built.version!))).toBeNull();
    await runCron((time += 1000));
    expect((await manifest()).keypoints).toMatchObject({ total: 417, made: 416, unreadable: 1, missing: 0, queued: 0 });
    expect(logLines().filter((l) => l.message === "Card pool keypoints queued")).toHaveLength(1);
    expect(await versions()).toEqual(before);
    // The unreadable picture is not asked for again, nor its printing's restored one made.
    expect(await pictureRequests(missingPicture)).toBe(1);
    expect(await bindings.CARD_POOL.head(featuresKey(broken))).toBeNull();
    // Nothing more to count: a run now changes nothing.
    const counted = (await manifest()).keypoints!.countedAt;
    await runCron((time += COUNT_AGAIN_MS));
    expect((await manifest()).keypoints!.countedAt).toBe(counted);
  }, 400_000);
});
