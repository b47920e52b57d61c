// The page's side of the card identifier (issue 36): one module Web Worker a page (identifier.worker.ts), started
// when a remote camera is on at the table (prefetch.ts) rather than on the first click, so that the first click
// finds everything done: the worker's code loaded and compiled, the table's references fetched (or, with no deck on
// the table, the whole-pool index and its quick-search tables) and one identification of a made-up frame run; and at
// a table, once the viewer may click, its printings' keypoints and their vote. The click then costs the
// identification alone, off the main thread (identify-click.ts). The worker's connection, every answer checked:
// identifier-connection.ts.
import { ask, onIdentifierStopped } from "./identifier-connection";
import { MAX_VOTE_PRINTINGS, POOL, type IdentifierAnswer } from "./identifier-protocol";
import { poolIndexFile, printingFeatures, tableReferences } from "./references";

/** What the worker holds, by candidates' key: the table's (complete) references, or the pool (null: none built). */
const prepared = new Map<string, Promise<{ size: number; pending: number } | null>>();
/**
 * The candidates the worker holds complete (nothing pending, some references), by key: a click finds them here and
 * posts its frame at once, in the same task as the click's frame read, rather than after a promise's turn (which
 * waits for the rest of the page's work in that task: the dialog's own effects).
 */
const atHand = new Map<string, number>();
/** The tables whose keypoints the page has fetched ahead (or is fetching), by the table's candidates' key. */
const keypointsAhead = new Map<string, Promise<void>>();
/** Each such table's first round while it is on its way: true once the worker holds what it brought, false if it failed. */
const firstRounds = new Map<string, Promise<boolean>>();
// A worker that stopped held none of them: the next question starts another, which is prepared afresh.
onIdentifierStopped(() => {
  prepared.clear();
  atHand.clear();
  keypointsAhead.clear();
  firstRounds.clear();
});

/** How many references the worker holds complete under `key` (undefined: not prepared, or not complete). */
export const atHandSize = (key: string) => atHand.get(key);

function forget(key: string) {
  prepared.delete(key);
  atHand.delete(key);
}

/** Records `key` at hand once its preparation ends complete, unless another has replaced it meanwhile. */
function whenComplete(key: string, ready: Promise<{ size: number; pending: number } | null>) {
  ready.then(
    (done) => {
      if (prepared.get(key) === ready && done && done.size > 0 && done.pending === 0) atHand.set(key, done.size);
    },
    () => undefined,
  );
}
/** The worker's code has been run once (the engine compiles it for every candidate set alike). */
let warmed: Promise<IdentifierAnswer | null> | null = null;

/** The table's references in the worker (fetched once while complete): their key, how many, how many still being made. */
export function prepareTable(sessionId: string, tableKey: string) {
  const key = `table:${sessionId}|${tableKey}`;
  let ready = prepared.get(key);
  if (!ready) {
    // The worker keeps one table: the one whose decks are on the seats now.
    for (const old of prepared.keys()) if (old.startsWith("table:")) forget(old);
    ready = tableReferences(sessionId, tableKey).then(async (table) => {
      const answer = await ask({ kind: "table", key, references: table.references });
      return { size: answer.kind === "ready" ? answer.size : 0, pending: table.pending };
    });
    prepared.set(key, ready);
    // A table still being made is asked again next time; a failure too.
    ready.then(
      (table) => {
        if (table && table.pending > 0) forget(key);
      },
      () => forget(key),
    );
    whenComplete(key, ready);
  }
  return ready.then((table) => ({ key, size: table?.size ?? 0, pending: table?.pending ?? 0 }));
}

/** The whole pool in the worker, or null while none has been built. */
export function preparePool() {
  let ready = prepared.get(POOL);
  if (!ready) {
    ready = poolIndexFile().then(async (bytes) => {
      if (!bytes) return null;
      const answer = await ask({ kind: "pool", bytes }, [bytes]);
      return { size: answer.kind === "ready" ? answer.size : 0, pending: 0 };
    });
    prepared.set(POOL, ready);
    ready.then(
      (pool) => {
        if (!pool) forget(POOL);
      },
      () => forget(POOL),
    );
    whenComplete(POOL, ready);
  }
  return ready.then((pool) => (pool && pool.size > 0 ? { key: POOL, size: pool.size, pending: 0 } : null));
}

/** One identification of a made-up frame against `key`, once a page (a pool's first also builds its tables). */
function warmUp(key: string) {
  warmed ??= ask({ kind: "warm", key }).catch(() => (warmed = null));
  return warmed;
}

/** While the server is still making the table's references, how often a click asks again (the preparation's first wait). */
export const PENDING_RETRY_MS = 1_000;

/** The candidates the page last asked to get ready (another table stops an earlier one's retries). */
let latestTable = "";
/**
 * The background's retries while the server makes a table's references: after 1, 2, 4 then every 8 s, ~80 s in all,
 * a few of the member's 120 card lookups a minute (the click's own retries are each second).
 */
const PREPARE_RETRY_MAX_MS = 8_000;
const PREPARE_TRIES = 12;
const retryAfter = (tries: number) => Math.min(PREPARE_RETRY_MAX_MS, PENDING_RETRY_MS * 2 ** tries);

/**
 * Gets the first click ready in the background (prefetch.ts calls it when a remote camera is on at the table): the
 * table's references when a seat has a deck, else the whole pool; then one made-up identification. Marks
 * "card-identify-ready" (its detail: which candidates, how many, how many the server is still making) for the
 * performance panel and the browser tests. While the server still makes some of the table's references (a deck just
 * put on a seat), asks again a little later (while no other table replaced it), so the first click finds them all.
 * Never throws: the click tries again.
 */
export async function prepareIdentifier(sessionId: string, tableKey: string, tries = 0): Promise<void> {
  const started = performance.now();
  const table = `${sessionId}|${tableKey}`;
  latestTable = table;
  try {
    const ready = tableKey && sessionId ? await prepareTable(sessionId, tableKey) : await preparePool();
    const warm = ready && ready.size > 0 ? await warmUp(ready.key) : null;
    performance.measure("card-identify-prepare", { start: started, end: performance.now() });
    const pending = ready?.pending ?? 0;
    const detail = {
      source: ready?.key === POOL ? "pool" : "table",
      size: ready?.size ?? 0,
      pending,
      // Which inner loop the worker's keypoint fit runs (WebAssembly SIMD, or JavaScript where it cannot compile).
      scan: warm?.kind === "ready" ? warm.scan : undefined,
    };
    performance.mark("card-identify-ready", { detail });
    if (pending === 0 && keypointsWanted === table) void prepareTableKeypoints(sessionId, tableKey);
    if (pending > 0 && tries < PREPARE_TRIES)
      setTimeout(() => {
        if (latestTable === table) void prepareIdentifier(sessionId, tableKey, tries + 1);
      }, retryAfter(tries));
  } catch (error) {
    console.warn("The card identifier could not get ready", error);
  }
}

/** A table whose keypoints were wanted ahead while its references were still being made. */
let keypointsWanted = "";
/** How many times the table's keypoints the server had not made yet are asked for again (after 2, 4, then every 8 s). */
const KEYPOINTS_TRIES = 10;

/** The table's keypoints on their way ahead under `key` (identify-click.ts waits for them), or undefined. */
export const keypointsArriving = (key: string) => firstRounds.get(key);

/**
 * Fetches the table's keypoints ahead of any click (prefetch.ts calls it once the viewer may click, the sign it
 * waits for before fetching the pool too): every printing the table's vote weighs (its first MAX_VOTE_PRINTINGS),
 * which the worker keeps and makes the vote from, in the background. A click the hash leaves unclear is then fitted
 * and voted on in its one answer: no request, no vote to make (70–100 ms for a table of 400) and no round trip on
 * the click. Once a table, after its references are complete; marks "card-identify-keypoints-ready" (how many
 * printings' keypoints the vote holds, of how many). A failure leaves it to the click, which fetches what its fit
 * needs, as before. Never throws.
 */
export async function prepareTableKeypoints(sessionId: string, tableKey: string): Promise<void> {
  if (!sessionId || !tableKey) return;
  const key = `table:${sessionId}|${tableKey}`;
  const asked = keypointsAhead.get(key);
  if (asked) return asked;
  const started = performance.now();
  let firstRound: (held: boolean) => void = () => undefined;
  firstRounds.set(key, new Promise((resolve) => (firstRound = resolve)));
  const fetching = (async () => {
    const ready = await prepareTable(sessionId, tableKey);
    if (ready.pending > 0 || ready.size === 0) {
      // Not complete yet (a deck just put on a seat): prepareIdentifier's next try that finds them complete asks again.
      keypointsWanted = `${sessionId}|${tableKey}`;
      throw new Error("The table's references are not all made yet");
    }
    const { references } = await tableReferences(sessionId, tableKey);
    const ids = references.slice(0, MAX_VOTE_PRINTINGS).map((r) => r.id);
    let missing = ids;
    for (let tries = 0; ; tries++) {
      const fetched = await printingFeatures(missing);
      // (A table replaced meanwhile is no longer the worker's: it answers an error, and nothing is kept.)
      if (!fetched) throw new Error("The table's keypoints did not load");
      const answer = await ask(
        { kind: "keypoints", key, features: fetched },
        fetched.map((f) => f.bytes),
      );
      if (answer.kind !== "ready") throw new Error("The identifier did not take the table's keypoints");
      performance.measure("card-identify-keypoints", { start: started, end: performance.now() });
      performance.mark("card-identify-keypoints-ready", { detail: { printings: answer.size, of: ids.length } });
      // Held now: a later click fetches what it still lacks itself (nothing is on its way for it to wait for).
      firstRound(true);
      firstRounds.delete(key);
      const came = new Set(fetched.map((f) => f.id));
      missing = missing.filter((id) => !came.has(id));
      // Some not made yet (the server makes a few a request and the rest in the background): asked again a little
      // later, as the references are, so the vote is whole before a click.
      if (missing.length === 0 || tries >= KEYPOINTS_TRIES) return;
      await new Promise((resolve) => setTimeout(resolve, retryAfter(tries + 1)));
    }
  })();
  const done = fetching.catch((error: unknown) => {
    firstRound(false);
    keypointsAhead.delete(key);
    firstRounds.delete(key);
    console.warn("The table's keypoints could not be fetched ahead", error);
  });
  keypointsAhead.set(key, done);
  return done;
}
