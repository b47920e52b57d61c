import { inArray } from "drizzle-orm";
import { FEATURE_VERSION } from "../../../card-vision";
import type { FeaturesEntry } from "../../contract/card-features-batch";
import type { Db } from "../../db/client";
import { cardPrintings } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import { CardImageUnreadable, featuresOfCardJpeg, fetchCardImage } from "../../services/card-image";

/**
 * A printing's reference keypoints for click-to-identify's second step (issue 36; docs/decisions/2026-11-28-card-features-in-product.md):
 * when the hash names nothing, the page fetches the keypoints of the few printings its click ranked nearest, in one
 * request (printingsFeatures), and fits them. Made once per printing, by a table's warm-up after its hashes
 * (card-references.ts, bounded; the rest through the keypoints' queue, card-keypoints-queue.ts) or else on the first
 * request for it (a few a request), from its normal picture
 * (488×680, the canonical
 * card's 244 px at least, as the benchmark makes them), and kept in R2 (the card-pool bucket) under the keypoint
 * version, so a change of the detector makes them again under a new key. ~9.8 KB a printing; nothing in D1.
 */

export type FeaturesEnv = { CARD_POOL: R2Bucket; CARD_IMAGE_ORIGIN: string; PUBLIC_ORIGIN: string };

/** Where a printing's keypoints of the current version are kept. */
export const featuresKey = (printingId: string) => `features/${FEATURE_VERSION}/${printingId}`;

/** Printings whose keypoints one request makes at most (the rest of the missing are answered `later`). */
export const FEATURES_MADE_PER_REQUEST = 4;

export type PrintingFeatures = FeaturesEntry & { made?: boolean };

/** While the image host cannot answer, its failure is logged at most once in this long (per isolate). */
const UNAVAILABLE_LOG_MS = 60_000;
let unavailableLoggedAt = -Infinity;

/**
 * The keypoints (card-vision's encodeFeatures bytes) of the printings asked for, one entry per distinct id in the
 * order asked: from R2 when made before; else, for the first `make` of those still missing (the order asked is the
 * click's nearest first), made now from the printing's picture (one picture and ~40–110 ms of CPU each, docs/cards.md)
 * and stored. Otherwise `none` (no deck or pool has the printing, or its picture cannot be read: noted, so a request
 * within a day fetches nothing) or `later` (past this request's allowance, or the image host cannot be reached:
 * `unavailable` then says so). Reads: one R2 get a printing, one D1 query, one R2 head a missing printing.
 */
export async function printingsFeatures(
  env: FeaturesEnv,
  db: Db,
  printingIds: string[],
  { make = FEATURES_MADE_PER_REQUEST, now = Date.now }: { make?: number; now?: () => number } = {},
): Promise<{ entries: PrintingFeatures[]; unavailable: boolean }> {
  const ids = [...new Set(printingIds.map((id) => id.toLowerCase()))];
  const entries = new Map<string, PrintingFeatures>();
  await Promise.all(
    ids.map(async (id) => {
      const stored = await env.CARD_POOL.get(featuresKey(id));
      if (stored) entries.set(id, { id, status: "present", bytes: new Uint8Array(await stored.arrayBuffer()), made: false });
    }),
  );
  const missing = ids.filter((id) => !entries.has(id));
  const rows = missing.length
    ? await db
        .select({ id: cardPrintings.id, imageUrl: cardPrintings.imageUrl })
        .from(cardPrintings)
        .where(inArray(cardPrintings.id, missing))
        .all()
    : [];
  const known = new Map(rows.map((r) => [r.id, r.imageUrl]));
  const noted = await Promise.all(missing.map((id) => (known.has(id) ? failureNoted(env, id, now) : Promise.resolve(true))));
  const toMake = missing.filter((id, i) => !noted[i]).slice(0, Math.max(0, make));
  let unavailable = false;
  await Promise.all(
    toMake.map(async (id) => {
      const outcome = await makeOrNote(env, { id, imageUrl: known.get(id)! }, now);
      if (outcome.kind === "made") entries.set(id, { id, status: "present", bytes: outcome.bytes, made: true });
      else if (outcome.kind === "unreadable") entries.set(id, { id, status: "none" });
      else unavailable = true;
    }),
  );
  // One line a minute (an isolate's), not one a request or a printing: a host that cannot answer fails them all alike.
  if (unavailable && now() - unavailableLoggedAt >= UNAVAILABLE_LOG_MS) {
    unavailableLoggedAt = now();
    currentLogger().warn("Card pictures are unavailable: keypoints not made", { printings: toMake.length });
  }
  for (const [i, id] of missing.entries()) if (!entries.has(id)) entries.set(id, { id, status: noted[i] ? "none" : "later" });
  return { entries: ids.map((id) => entries.get(id)!), unavailable };
}

/** Where a printing whose picture could not be read is noted, so neither door fetches it again for a day. */
export const featuresFailedKey = (printingId: string) => `features-failed/${FEATURE_VERSION}/${printingId}`;
/** A picture that could not be read is tried again after a day (a card service may fix a broken picture). */
export const RETRY_FAILED_MS = 24 * 60 * 60_000;

/** Whether the printing's picture was found unreadable less than a day ago (one R2 head). */
async function failureNoted(env: FeaturesEnv, id: string, now: () => number): Promise<boolean> {
  const failed = await env.CARD_POOL.head(featuresFailedKey(id));
  return failed !== null && Number(failed.customMetadata?.failedAt ?? 0) > now() - RETRY_FAILED_MS;
}

type MakeOutcome = { kind: "made"; bytes: Uint8Array<ArrayBuffer> } | { kind: "unreadable" } | { kind: "unavailable" };

/**
 * The one rule for both doors (the warm-up and the endpoint): makes a printing's keypoints, or, when its picture
 * cannot be read (missing, not a card picture), notes that in R2 and logs it, once: the note keeps both doors from
 * fetching it again for a day. A host that cannot answer now is neither noted nor logged here (the caller logs it once
 * for its run). Other failures (R2's) are thrown.
 */
async function makeOrNote(env: FeaturesEnv, printing: { id: string; imageUrl: string }, now: () => number): Promise<MakeOutcome> {
  try {
    return { kind: "made", bytes: await makeFeatures(env, printing) };
  } catch (error) {
    if (!(error instanceof CardImageUnreadable)) throw error;
    if (!error.lasting) return { kind: "unavailable" };
    currentLogger().warn("Card keypoints could not be made", {
      printing: printing.id,
      reason: error.message,
      retryAfterMs: RETRY_FAILED_MS,
    });
    await env.CARD_POOL.put(featuresFailedKey(printing.id), error.message, { customMetadata: { failedAt: String(now()) } });
    return { kind: "unreadable" };
  }
}

/** Fetches a printing's normal picture, makes its keypoints and keeps them in R2. Throws CardImageUnreadable. */
async function makeFeatures(env: FeaturesEnv, printing: { id: string; imageUrl: string }): Promise<Uint8Array<ArrayBuffer>> {
  // Wall time of the fetch and the making (the Worker's clock stands still while it computes: mostly the fetch).
  const started = Date.now();
  const bytes = featuresOfCardJpeg(await fetchCardImage(printing.imageUrl, env.CARD_IMAGE_ORIGIN, env.PUBLIC_ORIGIN));
  await env.CARD_POOL.put(featuresKey(printing.id), bytes, {
    httpMetadata: { contentType: "application/octet-stream" },
    customMetadata: { featureVersion: FEATURE_VERSION },
  });
  currentLogger().info("Card keypoints made", { printing: printing.id, bytes: bytes.byteLength, ms: Date.now() - started });
  return bytes;
}

/** Printings made at once by the warm-up: each is a picture's fetch (wall time) and ~40–110 ms of CPU. */
const FEATURES_PARALLEL = 3;
/**
 * Printings one warm-up makes keypoints for at most: ~40–110 ms of CPU each, so 48 stay within ~2–5 s of the
 * background's CPU and ~150 subrequests (an R2 look, a picture and an R2 write each); the rest are made by a later
 * warm-up or on demand.
 */
export const FEATURES_PER_WARM = 48;
/**
 * Printings one warm-up looks up in R2 at most (one or two R2 reads each): a table of four decks stands for up to
 * ~400 printings, and a deck saved again would otherwise look up all of them beside the hashes' picture fetches,
 * against the invocation's subrequest limit. The rest are looked at by a later warm-up.
 */
export const FEATURE_LOOKS_PER_WARM = 160;

export type FeaturesOutcome = { made: number; kept: number; failed: number; skipped: number; left: number };

/** A warm-up's run: its counts, the printings it did not finish (in the order given), and whether the host was down. */
export type FeaturesRun = { outcome: FeaturesOutcome; rest: { id: string; imageUrl: string }[]; unavailable: boolean };

/**
 * Makes the keypoints of the given printings that have none in R2 (in the order given: the decks' own printings
 * first), a few at once, until `deadline` (epoch ms) or `max` made. A picture that cannot be read is noted in R2 and
 * not tried again by a warm-up for a day; an unreachable image host stops the run (the rest are left for the next
 * one, the keypoints' queue, or the endpoint on demand).
 */
export async function warmFeatures(
  env: FeaturesEnv,
  printings: { id: string; imageUrl: string }[],
  options: { deadline: number; max?: number; now?: () => number },
): Promise<FeaturesOutcome> {
  return (await runFeatures(env, printings, options)).outcome;
}

/**
 * warmFeatures, also saying which printings it left (looked at but not made, or not looked at) and whether it
 * stopped because the image host could not answer: the deck's warm-up hands the rest to the keypoints' queue, whose
 * consumer runs the same rule (card-keypoints-queue.ts).
 */
export async function runFeatures(
  env: FeaturesEnv,
  printings: { id: string; imageUrl: string }[],
  { deadline, max = FEATURES_PER_WARM, now = Date.now }: { deadline: number; max?: number; now?: () => number },
): Promise<FeaturesRun> {
  const queue = [...new Map(printings.filter((p) => p.imageUrl).map((p) => [p.id.toLowerCase(), p])).values()];
  const outcome: FeaturesOutcome = { made: 0, kept: 0, failed: 0, skipped: 0, left: 0 };
  const finished = new Set<string>();
  let next = 0;
  let started = 0;
  let stop = false;
  const looks = Math.min(queue.length, FEATURE_LOOKS_PER_WARM);
  const worker = async () => {
    while (!stop && next < looks && started < max && now() < deadline) {
      const printing = queue[next++];
      const id = printing.id.toLowerCase();
      if (await env.CARD_POOL.head(featuresKey(id))) {
        outcome.kept++;
        finished.add(id);
        continue;
      }
      if (await failureNoted(env, id, now)) {
        outcome.skipped++;
        finished.add(id);
        continue;
      }
      // Another worker may have taken the last of the allowance while this one looked: this printing is left.
      if (started >= max) break;
      started++;
      const made = await makeOrNote(env, { id, imageUrl: printing.imageUrl }, now);
      if (made.kind === "made") outcome.made++;
      else if (made.kind === "unreadable") outcome.failed++;
      else {
        if (!stop) {
          // The host cannot answer now: the rest wait for the next warm-up (or the queue, or the endpoint, on demand).
          currentLogger().warn("Card pictures are unavailable: the keypoints' warm-up stops", { printing: id });
        }
        stop = true;
        continue;
      }
      finished.add(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FEATURES_PARALLEL, queue.length) }, worker));
  outcome.left = queue.length - (outcome.made + outcome.kept + outcome.failed + outcome.skipped);
  const rest = queue.filter((p) => !finished.has(p.id.toLowerCase())).map((p) => ({ id: p.id.toLowerCase(), imageUrl: p.imageUrl }));
  return { outcome, rest, unavailable: stop };
}
