import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { HASH_VERSION, hashFromHex } from "../card-vision";
import { PoolIndex } from "../card-vision/pool-index";
import type { CardPoolManifest } from "../workers/contract/cards";
import worker from "../workers/app";
import { hashCardJpeg } from "../workers/services/card-image";
import { clearPoolBucket, runPoolCron } from "./card-helpers";
import { json, request, signUp } from "./helpers";

/**
 * Issue 36: the whole-pool index, built by the Worker's own cron handler from the fake Scryfall's bulk file (every
 * printing: its 400 cards and their other printings) into R2, one step a run, and served to members.
 */

const cards = inject("cardService");

/**
 * One cron run, as the trigger makes it, with the build switched on (wrangler.toml leaves it off for local runs) and
 * without the pool's keypoints queue: the keypoints are test/card-pool-keypoints.test.ts's, which waits for its queue.
 */
const runCron = (scheduledTime = Date.now()) => runPoolCron(scheduledTime, { withPoolKeypoints: false });

describe("the whole-pool index", () => {
  it("is built by the cron job from the bulk file into R2, step by step, and served once ready", async () => {
    await clearPoolBucket();
    const member = await signUp("Pool");
    const manifest = async () => json<CardPoolManifest>(await request("/api/card-pool", { cookie: member.cookie }));
    expect(await manifest()).toMatchObject({ ready: false, version: null, building: null });

    // Off unless switched on: the test stack's own cron runs build nothing.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await env.CARD_POOL.list()).objects).toEqual([]);

    // The first run reads the bulk file into parts and says so.
    await runCron();
    const started = await manifest();
    expect(started.ready).toBe(false);
    expect(started.building).toEqual({ done: 0, total: 417 });
    // Later runs hash the parts and write the index: wait for that state, one run at a time.
    for (let run = 0; run < 10 && !(await manifest()).ready; run++) await runCron();
    const built = await manifest();
    expect(built).toMatchObject({ ready: true, hashVersion: HASH_VERSION, printings: 417, building: null });
    expect(built.sourceUpdatedAt).toBe("2026-11-27T09:04:31.512+00:00");
    // The build's working files are gone: the state and the index remain (with its printings' ids, for their keypoints).
    expect((await env.CARD_POOL.list()).objects.map((o) => o.key).sort()).toEqual([
      `index/${built.version}.bin.gz`,
      `index/${built.version}.ids`,
      "state.json",
    ]);

    // The browser's fetch: gzip-encoded, kept by the browser, decoded by card-vision.
    const res = await request(`/api/card-pool/${built.version}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(built.bytes).toBeGreaterThan(0);
    const index = PoolIndex.decode(bytes);
    expect(index.size).toBe(417);
    expect(index.hashVersion).toBe(HASH_VERSION);

    // A reprint is in it, named, and found by its own picture's hash.
    const reprint = await json(await fetch(`${cards.url}/cards/c21/263`));
    expect(index.entry(reprint.id)).toEqual({ id: reprint.id, name: "Sol Ring", set: "c21", collectorNumber: "263" });
    expect(index.imageUrl(reprint.id, "small")).toBe(reprint.image_uris.small);
    const picture = new Uint8Array(await (await fetch(reprint.image_uris.small)).arrayBuffer());
    const [best, second] = index.rank({ art: hashFromHex(hashCardJpeg(picture)) }, 2);
    expect(best).toEqual({ id: reprint.id, distance: 0 });
    expect(second.distance).toBeGreaterThan(20);

    // Nothing more to do: a run now leaves the index as it is.
    await runCron();
    expect((await manifest()).version).toBe(built.version);
    expect((await request(`/api/card-pool/no-such-version`, { cookie: member.cookie })).status).toBe(404);
    expect((await request(`/api/card-pool/${built.version}`)).status).toBe(401);
    // Hashing 417 pictures in workerd on a shared 2-core machine takes a while.
  }, 180_000);
});
