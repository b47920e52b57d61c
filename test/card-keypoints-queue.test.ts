import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import { FEATURE_VERSION } from "../card-vision";
import type { DeckCard } from "../workers/contract/cards";
import { getDb } from "../workers/db/client";
import { FEATURES_PER_WARM, featuresFailedKey, featuresKey } from "../workers/domain/cards/card-features";
import {
  CARD_KEYPOINTS_QUEUE,
  KEYPOINTS_RETRY_BASE_SECONDS,
  MAX_KEYPOINTS_ATTEMPTS,
  makeQueuedKeypoints,
  queuedKey,
  type KeypointsMessage,
} from "../workers/domain/cards/card-keypoints-queue";
import { warmReferences } from "../workers/domain/cards/card-references";
import { FIXTURE_DECKS } from "../scripts/fakes/card-service.mjs";
import { expectErrorLog, logLines } from "./console-capture";
import { printingAt } from "./card-helpers";
import { json, request, signUp } from "./helpers";

/**
 * Issue 36: a table of more printings than one warm-up makes keypoints for (FEATURES_PER_WARM) gets the rest through
 * the CARD_KEYPOINTS queue (workers/domain/cards/card-keypoints-queue.ts), consumed by the Worker itself (the queue
 * of wrangler.toml, run by Miniflare), with the warm-up's rule; the fake card service's image host counts pictures.
 */

const cards = inject("cardService");
const worker = env as unknown as {
  SCRYFALL_API_URL: string;
  CARD_IMAGE_ORIGIN: string;
  PUBLIC_ORIGIN: string;
  CARD_POOL: R2Bucket;
  CARD_KEYPOINTS: Queue<unknown>;
};
/** Nothing listens on the discard port: a connection there is refused, as a host that is down refuses it. */
const DOWN = "http://127.0.0.1:9";

/** How many pictures of this printing the fake image host was asked for (any size). */
async function pictureRequests(id: string): Promise<number> {
  return (await json<{ count: number }>(await fetch(`${cards.imageOrigin}/__fake/image-requests?id=${id}`))).count;
}

/**
 * The cards of a fixture Commander deck (the fake's Archidekt deck), each line naming its printing, so the table
 * stands for exactly these printings: more than one warm-up's allowance.
 */
async function bigTable(): Promise<DeckCard[]> {
  const deck = await json<{
    cards: { card: { oracleCard: { name: string }; edition: { editioncode: string }; collectorNumber: string } }[];
  }>(await fetch(`${cards.archidektUrl}/decks/${FIXTURE_DECKS.talrand.id}/`));
  const text = deck.cards
    .map(({ card }) => `1 ${card.oracleCard.name} (${card.edition.editioncode.toUpperCase()}) ${card.collectorNumber}`)
    .join("\n");
  const ann = await signUp("Ann");
  const res = await request("/api/decks/resolve", { cookie: ann.cookie, body: { text } });
  expect(res.status).toBe(200);
  const resolved = await json<{ cards: DeckCard[] }>(res);
  return resolved.cards;
}

const batchOf = (bodies: { body: unknown; attempts?: number }[]) =>
  createMessageBatch(
    CARD_KEYPOINTS_QUEUE,
    bodies.map(({ body, attempts = 1 }) => ({ id: crypto.randomUUID(), timestamp: Date.now(), attempts, body })),
  );

describe("the keypoints' queue", () => {
  it(`makes every printing of a table past one warm-up's ${FEATURES_PER_WARM}, each once, and a message run again makes nothing`, async () => {
    const table = await bigTable();
    const ids = [...new Set(table.map((c) => c.card.id))];
    expect(table.every((c) => c.printingGiven)).toBe(true);
    expect(ids.length).toBeGreaterThan(FEATURES_PER_WARM);
    // None made before (another file may have warmed this deck in the same run), nothing noted, never queued.
    await Promise.all(ids.flatMap((id) => [worker.CARD_POOL.delete(featuresKey(id)), worker.CARD_POOL.delete(featuresFailedKey(id))]));
    await worker.CARD_POOL.delete(await queuedKey(ids));
    const before = await Promise.all(ids.map(pictureRequests));

    // The deck's warm-up (as a save runs it): hashes, at most FEATURES_PER_WARM keypoints itself, the rest queued.
    await warmReferences(worker, getDb(env.DB), table);
    const warmed = logLines().find((l) => l.message === "Card keypoints warmed");
    expect(Number(warmed?.made ?? 0)).toBeLessThanOrEqual(FEATURES_PER_WARM);
    const queued = logLines().find((l) => l.message === "Card keypoints queued");
    expect(queued).toMatchObject({ printings: ids.length - Number(warmed?.made ?? 0), leftOut: 0 });

    // The queue is drained by the Worker's own consumer: every printing's keypoints end in R2.
    const kept = () => Promise.all(ids.map(async (id) => (await worker.CARD_POOL.head(featuresKey(id))) !== null));
    await expect.poll(kept, { timeout: 150_000, interval: 500 }).toEqual(ids.map(() => true));
    // Nothing made twice: the warm-up's and the queue's made add up to the table's printings, every one of them in R2.
    const fromQueue = logLines().filter((l) => l.message === "Card keypoints made from the queue");
    expect(fromQueue.reduce((sum, l) => sum + Number(l.made), 0)).toBe(ids.length - Number(warmed?.made ?? 0));
    // Every printing's picture was asked of the image host. (Not how many times: the fake card service is shared by
    // every test file, and others, the pool's build and a saved fixture deck, fetch the same printings' pictures
    // while this one runs; R2 is this file's own, so what was made is counted there.)
    const after = await Promise.all(ids.map(pictureRequests));
    for (const [i, id] of ids.entries()) expect(after[i] - before[i], id).toBeGreaterThanOrEqual(1);
    const versions = () => Promise.all(ids.map(async (id) => (await worker.CARD_POOL.head(featuresKey(id)))?.version));
    const made = await versions();

    // The same message delivered again (a queue delivers at least once): all acknowledged, no picture fetched.
    const again = batchOf([
      { body: { kind: "keypoints", version: FEATURE_VERSION, printings: ids.slice(0, 24) } satisfies KeypointsMessage },
    ]);
    const ctx = createExecutionContext();
    await makeQueuedKeypoints(again, worker, getDb(env.DB));
    const result = await getQueueResult(again, ctx);
    expect(result.explicitAcks).toEqual(again.messages.map((m) => m.id));
    expect(result.retryMessages).toEqual([]);
    // Nothing made again: the same objects in R2, and no "made" line from that run.
    expect(await versions()).toEqual(made);
    expect(logLines().filter((l) => l.message === "Card keypoints made from the queue")).toHaveLength(fromQueue.length);

    // The table warmed again within the hour: its rest is not queued again.
    await Promise.all(ids.slice(0, 3).map((id) => worker.CARD_POOL.delete(featuresKey(id))));
    await warmReferences(worker, getDb(env.DB), table, 0);
    expect(logLines().filter((l) => l.message === "Card keypoints queued")).toHaveLength(1);
  }, 180_000);

  it("drops a message that is not a keypoints message, with a log line, and never retries it", async () => {
    const bad = batchOf([
      { body: { nonsense: true } },
      { body: { kind: "keypoints", version: FEATURE_VERSION, printings: [] } },
      { body: { kind: "keypoints", version: FEATURE_VERSION, printings: ["not-a-printing"] } },
      { body: { kind: "keypoints", version: FEATURE_VERSION, printings: Array.from({ length: 25 }, () => crypto.randomUUID()) } },
    ]);
    const ctx = createExecutionContext();
    await makeQueuedKeypoints(bad, worker, getDb(env.DB));
    const result = await getQueueResult(bad, ctx);
    expect(result.explicitAcks).toEqual(bad.messages.map((m) => m.id));
    expect(result.retryMessages).toEqual([]);
    const dropped = logLines().filter((l) => l.message === "A card keypoints message was dropped");
    expect(dropped.map((l) => l.messageId)).toEqual(bad.messages.map((m) => m.id));
    expect(dropped[2]).toMatchObject({ level: "warn", issues: [{ path: ["printings", 0] }] });

    // Through the real queue and the Worker's `queue` export too.
    await worker.CARD_KEYPOINTS.send({ kind: "something else" });
    await vi.waitFor(() => expect(logLines().filter((l) => l.message === "A card keypoints message was dropped")).toHaveLength(5), {
      timeout: 15_000,
      interval: 100,
    });
  });

  it("retries a message later when the image host is down, notes nothing, and gives it up after its attempts", async () => {
    const down = await Promise.all([printingAt(DOWN), printingAt(DOWN)]);
    const body = { kind: "keypoints", version: FEATURE_VERSION, printings: down } satisfies KeypointsMessage;
    const hostDown = { ...worker, CARD_IMAGE_ORIGIN: DOWN };
    const first = batchOf([{ body }, { body, attempts: 3 }]);
    // The test helper's result keeps which messages were retried, not their delays: the calls are read as they pass.
    const retries = first.messages.map((m) => vi.spyOn(m, "retry"));
    await makeQueuedKeypoints(first, hostDown, getDb(env.DB));
    const result = await getQueueResult(first, createExecutionContext());
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual(first.messages.map((m) => ({ msgId: m.id })));
    // Later each attempt: twice as long as the one before.
    expect(retries.map((r) => r.mock.calls)).toEqual([
      [[{ delaySeconds: KEYPOINTS_RETRY_BASE_SECONDS }]],
      [[{ delaySeconds: KEYPOINTS_RETRY_BASE_SECONDS * 4 }]],
    ]);
    for (const id of down) {
      expect(await worker.CARD_POOL.head(featuresFailedKey(id))).toBeNull();
      expect(await worker.CARD_POOL.head(featuresKey(id))).toBeNull();
    }

    // The last attempt: given up (acknowledged) and said to the operator; the endpoint still makes them on demand.
    expectErrorLog("Card keypoints given up after their attempts");
    const last = batchOf([{ body, attempts: MAX_KEYPOINTS_ATTEMPTS }]);
    await makeQueuedKeypoints(last, hostDown, getDb(env.DB));
    const gaveUp = await getQueueResult(last, createExecutionContext());
    expect(gaveUp.explicitAcks).toEqual([last.messages[0].id]);
    expect(logLines().at(-1)).toMatchObject({ level: "error", message: "Card keypoints given up after their attempts", printings: 2 });
  });

  it("without the queue binding, a warm-up keeps to its own allowance and queues nothing", async () => {
    const table = await bigTable();
    const ids = [...new Set(table.map((c) => c.card.id))];
    await worker.CARD_POOL.delete(await queuedKey(ids));
    await warmReferences({ ...worker, CARD_KEYPOINTS: undefined }, getDb(env.DB), table, 0);
    expect(logLines().filter((l) => l.message === "Card keypoints queued")).toEqual([]);
    expect(await worker.CARD_POOL.head(await queuedKey(ids))).toBeNull();
  });
});
