/**
 * Over 300 lines: one build of the whole-pool index in its steps (read the bulk file, hash a part, write the index)
 * and the state and lease that join the steps across cron runs; apart, each step would carry the others' state.
 */
import { inArray } from "drizzle-orm";
import { HASH_VERSION, hashFromHex } from "../../../card-vision";
import { encodePoolIndex, type PoolRecord } from "../../../card-vision/pool-index";
import type { CardDto, CardPoolManifest } from "../../contract/cards";
import type { Db } from "../../db/client";
import { cardPrintings } from "../../db/schema";
import { bulkPrinting, jsonArrayItems, openBulkFile, type BulkPrinting } from "../../services/card-source/bulk-file";
import { cardSourceFor } from "./card-cache";
import { hashPrintings, putPrintings } from "./card-printings";
import { countPoolKeypoints, idsKey, keypointsDue, type PoolKeypoints, type PoolKeypointsEnv } from "./card-pool-keypoints";
import { currentLogger } from "../../lib/logger";

/**
 * The whole-pool index (issue 36): every printing's reference hash, built by the cron job from the card service's
 * `default_cards` bulk file (Scryfall asks that large jobs use its daily files, not many lookups) and kept in R2
 * (binding CARD_POOL), where the browser fetches it once. A build goes in steps, one per cron run, resuming where the
 * last one stopped: the file is read as a stream into parts of PART_SIZE printings; then each run hashes the next
 * parts' pictures (the images host has no rate limit; six at a time, at most IMAGES_PER_RUN a run) into card_printings,
 * where a printing hashed before (same picture, same HASH_VERSION) costs nothing; when every part is done, the index
 * file is written and the build's parts deleted. State: one R2 object, written with a lease so two runs never overlap.
 * Once an index is built, later runs count its printings' keypoints and send the missing to their queue
 * (card-pool-keypoints.ts).
 */

export type PoolEnv = {
  DB: D1Database;
  CARD_POOL: R2Bucket;
  SCRYFALL_API_URL: string;
  CARD_IMAGE_ORIGIN: string;
  PUBLIC_ORIGIN: string;
} & PoolKeypointsEnv;

export const PART_SIZE = 500;
/** Pictures one run fetches at most (a Worker invocation may make 1,000 subrequests on the paid plan). */
export const IMAGES_PER_RUN = 500;
/** One run's wall-clock budget: a run a minute, each done well before the next (a cron run may last 15 minutes). */
const RUN_BUDGET_MS = 25_000;
/** A count of the pool's keypoints lists ~100 pages of R2 keys for 100,000 printings: its own budget, within the lease. */
const COUNT_BUDGET_MS = 120_000;
/** A run's lease on the state: another run starting meanwhile does nothing. */
const LEASE_MS = 5 * 60_000;
/** How often the card service's list of bulk files is asked for. */
const CHECK_EVERY_MS = 24 * 60 * 60_000;
/** An index is built again when older than this, even if nothing else changed (new sets appear every few weeks). */
const REBUILD_AFTER_MS = 7 * 24 * 60 * 60_000;

const STATE_KEY = "state.json";
const indexKey = (version: string) => `index/${version}.bin.gz`;
const partKey = (build: string, part: number) => `build/${build}/part-${part}.json`;
const hashedKey = (build: string, part: number) => `build/${build}/hashed-${part}.json`;

type Built = {
  version: string;
  hashVersion: string;
  printings: number;
  bytes: number;
  sourceUpdatedAt: string;
  builtAt: number;
  /** Its printing ids are kept beside it (idsKey), for the keypoints' count; an index built before that is rebuilt. */
  ids?: true;
};
type Build = { id: string; sourceUpdatedAt: string; imageTemplate: string; parts: number; total: number; part: number; skipped: number };
export type PoolState = {
  current: Built | null;
  build: Build | null;
  checkedAt: number;
  leaseUntil: number;
  /** The last count of the current index's keypoints (card-pool-keypoints.ts), or null before the first. */
  keypoints: PoolKeypoints | null;
};

const EMPTY: PoolState = { current: null, build: null, checkedAt: 0, leaseUntil: 0, keypoints: null };

async function readState(bucket: R2Bucket): Promise<{ state: PoolState; etag: string | null }> {
  const object = await bucket.get(STATE_KEY);
  if (!object) return { state: EMPTY, etag: null };
  try {
    return { state: { ...EMPTY, ...(await object.json<PoolState>()) }, etag: object.etag };
  } catch {
    return { state: EMPTY, etag: object.etag };
  }
}

/** Writes the state only if nobody else wrote it since `etag` (R2's conditional put); false when someone did. */
async function writeState(bucket: R2Bucket, state: PoolState, etag: string | null): Promise<boolean> {
  const body = JSON.stringify(state);
  if (etag === null) {
    // No state yet: written only if still none (an etag that matches nothing fails when an object appeared).
    const existing = await bucket.head(STATE_KEY);
    if (existing) return false;
    await bucket.put(STATE_KEY, body);
    return true;
  }
  return (await bucket.put(STATE_KEY, body, { onlyIf: { etagMatches: etag } })) !== null;
}

/** What the browser and operators are told of the index. */
export async function poolManifest(bucket: R2Bucket): Promise<CardPoolManifest> {
  const { state } = await readState(bucket);
  const { current, build, keypoints } = state;
  return {
    ready: current !== null,
    version: current?.version ?? null,
    hashVersion: current?.hashVersion ?? null,
    printings: current?.printings ?? 0,
    bytes: current?.bytes ?? 0,
    sourceUpdatedAt: current?.sourceUpdatedAt ?? null,
    building: build ? { done: Math.min(build.total, build.part * PART_SIZE), total: build.total } : null,
    keypoints:
      keypoints && current && keypoints.index === current.version
        ? {
            featureVersion: keypoints.featureVersion,
            total: keypoints.total,
            made: keypoints.made,
            unreadable: keypoints.unreadable,
            missing: keypoints.missing,
            queued: keypoints.queued,
            queuedAt: keypoints.queuedAt ? new Date(keypoints.queuedAt).toISOString() : null,
            countedAt: new Date(keypoints.countedAt).toISOString(),
          }
        : null,
  };
}

/** The index file of a version, as stored (gzip), or null. */
export async function poolFile(bucket: R2Bucket, version: string): Promise<R2ObjectBody | null> {
  return bucket.get(indexKey(version));
}

/**
 * The address pattern of the pictures, from one small picture's address (Scryfall's
 * https://cards.scryfall.io/small/front/a/b/{id}.jpg?1234), or null when it does not follow it.
 */
export function imageTemplateOf(printing: Pick<BulkPrinting, "id" | "smallImageUrl">): string | null {
  const match = /^(.+)\/small\/front\/([0-9a-f])\/([0-9a-f])\/([0-9a-f-]{36})\.jpg(?:\?.*)?$/.exec(printing.smallImageUrl);
  if (!match || match[4] !== printing.id || match[2] !== printing.id[0] || match[3] !== printing.id[1]) return null;
  return `${match[1]}/{size}/front/{a}/{b}/{id}.jpg`;
}

const fitsTemplate = (printing: BulkPrinting, template: string) => imageTemplateOf(printing) === template;

/** A bulk printing as a card for card_printings (the bulk file's pictures follow one pattern: normal from small). */
const asCard = (p: BulkPrinting, template: string): CardDto => ({
  id: p.id,
  name: p.name,
  set: p.set,
  collectorNumber: p.collectorNumber,
  smallImageUrl: p.smallImageUrl,
  imageUrl: template.replace("{size}", "normal").replace("{a}", p.id[0]).replace("{b}", p.id[1]).replace("{id}", p.id),
  manaCost: "",
  typeLine: "",
  oracleText: "",
  colors: [],
  artUrl: "",
  scryfallUri: "",
});

/** Reads the bulk file into parts of PART_SIZE printings in R2: the first step of a build. */
async function startBuild(env: PoolEnv, sourceUpdatedAt: string, downloadUri: string): Promise<Build> {
  const id = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  let template: string | null = null;
  let part: BulkPrinting[] = [];
  let parts = 0;
  let total = 0;
  let skipped = 0;
  const flush = async () => {
    if (part.length === 0) return;
    await env.CARD_POOL.put(partKey(id, parts), JSON.stringify(part));
    parts++;
    part = [];
  };
  for await (const item of jsonArrayItems(await openBulkFile(downloadUri, env.PUBLIC_ORIGIN))) {
    const printing = bulkPrinting(item);
    if (!printing) continue;
    template ??= imageTemplateOf(printing);
    if (!template || !fitsTemplate(printing, template)) {
      skipped++;
      continue;
    }
    part.push(printing);
    total++;
    if (part.length === PART_SIZE) await flush();
  }
  await flush();
  return { id, sourceUpdatedAt, imageTemplate: template ?? "", parts, total, part: 0, skipped };
}

/**
 * Hashes one part: stores its printings in card_printings (a row whose picture is unchanged keeps its hash), hashes
 * what needs it within the budget, and once every printing of the part is settled (hashed, or its picture lastingly
 * unreadable) writes the part's hashes to R2. Returns whether the part is done, and how many pictures it fetched.
 */
async function hashPart(
  env: PoolEnv,
  db: Db,
  build: Build,
  deadline: number,
  maxImages: number,
): Promise<{ done: boolean; fetched: number }> {
  const object = await env.CARD_POOL.get(partKey(build.id, build.part));
  if (!object) return { done: true, fetched: 0 };
  const printings = await object.json<BulkPrinting[]>();
  await putPrintings(
    db,
    printings.map((p) => asCard(p, build.imageTemplate)),
    Date.now(),
  );
  const ids = printings.map((p) => p.id);
  const outcome = await hashPrintings(db, ids, { imageOrigin: env.CARD_IMAGE_ORIGIN, siteOrigin: env.PUBLIC_ORIGIN, deadline, maxImages });
  const fetched = outcome.hashed + outcome.failed;
  if (outcome.left > 0) return { done: false, fetched };
  const rows = (
    await Promise.all(
      Array.from({ length: Math.ceil(ids.length / 90) }, (_, i) =>
        db
          .select({
            id: cardPrintings.id,
            hash: cardPrintings.hash,
            hashVersion: cardPrintings.hashVersion,
            failedAt: cardPrintings.failedAt,
          })
          .from(cardPrintings)
          .where(inArray(cardPrintings.id, ids.slice(i * 90, i * 90 + 90))),
      ),
    )
  ).flat();
  const hashes = new Map(rows.flatMap((r) => (r.hash && r.hashVersion === HASH_VERSION ? [[r.id, r.hash] as const] : [])));
  // Another worker (a table's warm-up) may hold some: the part waits for them to the next run.
  if (rows.some((r) => !hashes.has(r.id) && r.failedAt === null)) return { done: false, fetched };
  const hashed = printings.flatMap((p) => {
    const hash = hashes.get(p.id);
    return hash ? [{ id: p.id, name: p.name, set: p.set, collectorNumber: p.collectorNumber, hash }] : [];
  });
  await env.CARD_POOL.put(hashedKey(build.id, build.part), JSON.stringify(hashed));
  return { done: true, fetched };
}

/** Writes the index file from every hashed part, and deletes the build's working files. */
async function finishBuild(env: PoolEnv, build: Build, now: number): Promise<Built> {
  const records: PoolRecord[] = [];
  for (let part = 0; part < build.parts; part++) {
    const object = await env.CARD_POOL.get(hashedKey(build.id, part));
    if (!object) continue;
    for (const r of await object.json<(Omit<PoolRecord, "hash"> & { hash: string })[]>()) records.push({ ...r, hash: hashFromHex(r.hash) });
  }
  const bytes = encodePoolIndex(records, { hashVersion: HASH_VERSION, imageTemplate: build.imageTemplate });
  const gzip = new Uint8Array(
    await new Response(new Response(new Uint8Array(bytes)).body!.pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  const version = `${build.id}-${HASH_VERSION}`;
  await env.CARD_POOL.put(indexKey(version), gzip, {
    httpMetadata: { contentType: "application/octet-stream", contentEncoding: "gzip" },
    customMetadata: { printings: String(records.length), hashVersion: HASH_VERSION },
  });
  await env.CARD_POOL.put(idsKey(version), records.map((r) => r.id).join("\n"), { httpMetadata: { contentType: "text/plain" } });
  const keys: string[] = [];
  for (let part = 0; part < build.parts; part++) keys.push(partKey(build.id, part), hashedKey(build.id, part));
  for (let i = 0; i < keys.length; i += 1000) await env.CARD_POOL.delete(keys.slice(i, i + 1000));
  return {
    version,
    hashVersion: HASH_VERSION,
    printings: records.length,
    bytes: gzip.length,
    sourceUpdatedAt: build.sourceUpdatedAt,
    // The run's clock (its scheduled time), as every other time in the state.
    builtAt: now,
    ids: true,
  };
}

/**
 * One cron run of the build: starts a build when the card service has a newer bulk file (asked once a day) or the
 * index is a week old or of another HASH_VERSION, else hashes the next parts within the run's budget, else finishes.
 * Logs one line of what it did.
 */
export async function runCardPoolJob(env: PoolEnv, db: Db, now = Date.now()): Promise<PoolState> {
  const { state, etag } = await readState(env.CARD_POOL);
  if (state.leaseUntil > now) return state;
  const leased = { ...state, leaseUntil: now + LEASE_MS };
  if (!(await writeState(env.CARD_POOL, leased, etag))) return state;
  const { etag: leaseTag } = await readState(env.CARD_POOL);
  let next: PoolState = { ...leased, leaseUntil: 0 };
  const deadline = now + RUN_BUDGET_MS;
  try {
    if (!next.build) {
      const stale =
        !next.current || next.current.hashVersion !== HASH_VERSION || !next.current.ids || now - next.current.builtAt > REBUILD_AFTER_MS;
      if (now - next.checkedAt >= CHECK_EVERY_MS || stale) {
        next.checkedAt = now;
        const file = (await cardSourceFor(env, db).bulkFiles()).find((f) => f.type === "default_cards");
        if (file && (stale || file.updatedAt !== next.current?.sourceUpdatedAt)) {
          next.build = await startBuild(env, file.updatedAt, file.downloadUri);
          currentLogger().info("Card pool build started", {
            build: next.build.id,
            printings: next.build.total,
            skipped: next.build.skipped,
          });
        }
      }
      if (!next.build && next.current && keypointsDue(next.keypoints, next.current.version, now, Boolean(env.CARD_POOL_KEYPOINTS))) {
        next.keypoints =
          (await countPoolKeypoints(env, next.current.version, next.keypoints, { deadline: now + COUNT_BUDGET_MS, now })) ?? next.keypoints;
      }
    } else {
      let images = IMAGES_PER_RUN;
      const startedAt = Date.now();
      while (next.build && next.build.part < next.build.parts && images > 0 && Date.now() < deadline) {
        const { done, fetched } = await hashPart(env, db, next.build, deadline, images);
        images -= fetched;
        if (!done) break;
        next.build = { ...next.build, part: next.build.part + 1 };
      }
      if (next.build && next.build.part >= next.build.parts) {
        next.current = await finishBuild(env, next.build, now);
        const old = state.current?.version;
        if (old && old !== next.current.version) await env.CARD_POOL.delete([indexKey(old), idsKey(old)]);
        currentLogger().info("Card pool built", { ...next.current });
        next.build = null;
      } else if (next.build) {
        currentLogger().info("Card pool build progress", {
          build: next.build.id,
          part: next.build.part,
          parts: next.build.parts,
          images: IMAGES_PER_RUN - images,
          durationMs: Date.now() - startedAt,
        });
      }
    }
  } catch (error) {
    currentLogger().error("Card pool build failed", { error });
    next = { ...next, leaseUntil: 0 };
  }
  await writeState(env.CARD_POOL, next, leaseTag);
  return next;
}

/** The cron's entry: a build step when CARD_POOL_BUILD is "true" (production), never failing the other jobs. */
export async function scheduledCardPool(env: PoolEnv & { CARD_POOL_BUILD?: string }, db: Db, now = Date.now()): Promise<void> {
  if (env.CARD_POOL_BUILD !== "true") return;
  try {
    await runCardPoolJob(env, db, now);
  } catch (error) {
    currentLogger().error("Card pool build failed", { error });
  }
}
