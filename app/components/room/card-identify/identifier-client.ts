// The page's side of the card identifier (issue 36): one module Web Worker a page (identifier.worker.ts), started
// when a remote camera is on at the table (prefetch.ts) rather than on the first click, so that the first click
// finds everything done: the worker's code loaded and compiled, the table's references fetched (or, with no deck on
// the table, the whole-pool index and its quick-search tables) and one identification of a made-up frame run; and at
// a table, once the viewer may click, its printings' keypoints and their vote. The click then costs the
// identification alone, off the main thread. The worker's connection, every answer checked: identifier-connection.ts.
import { ask, askTimed, onIdentifierStopped } from "./identifier-connection";
import { MAX_VOTE_PRINTINGS, POOL, type IdentifierAnswer, type Printing } from "./identifier-protocol";
import { poolIndexFile, printingFeatures, tableReferences } from "./references";
import { measureTrip } from "./identifier-measures";

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
// A worker that stopped held none of them: the next question starts another, which is prepared afresh.
onIdentifierStopped(() => {
  prepared.clear();
  atHand.clear();
  keypointsAhead.clear();
});

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

function prepareTable(sessionId: string, tableKey: string) {
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

function preparePool() {
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

/** The candidates the page last asked to get ready (another table stops an earlier one's retries). */
let latestTable = "";
/**
 * The background's retries while the server makes a table's references: after 1, 2, 4 then every 8 s, ~80 s in all,
 * a few of the member's 120 card lookups a minute (the click's own retries are each second).
 */
const PREPARE_RETRY_MAX_MS = 8_000;
const PREPARE_TRIES = 12;

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
      setTimeout(
        () => {
          if (latestTable === table) void prepareIdentifier(sessionId, tableKey, tries + 1);
        },
        Math.min(PREPARE_RETRY_MAX_MS, PENDING_RETRY_MS * 2 ** tries),
      );
  } catch (error) {
    console.warn("The card identifier could not get ready", error);
  }
}

/** A table whose keypoints were wanted ahead while its references were still being made. */
let keypointsWanted = "";

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
  const fetching = (async () => {
    const ready = await prepareTable(sessionId, tableKey);
    if (ready.pending > 0 || ready.size === 0) {
      // Not complete yet (a deck just put on a seat): prepareIdentifier's next try that finds them complete asks again.
      keypointsWanted = `${sessionId}|${tableKey}`;
      throw new Error("The table's references are not all made yet");
    }
    const { references } = await tableReferences(sessionId, tableKey);
    const ids = references.slice(0, MAX_VOTE_PRINTINGS).map((r) => r.id);
    const fetched = await printingFeatures(ids);
    // (A table replaced meanwhile is no longer the worker's: it answers an error, and nothing is kept.)
    if (!fetched) throw new Error("The table's keypoints did not load");
    const answer = await ask(
      { kind: "keypoints", key, features: fetched },
      fetched.map((f) => f.bytes),
    );
    if (answer.kind !== "ready") throw new Error("The identifier did not take the table's keypoints");
    performance.measure("card-identify-keypoints", { start: started, end: performance.now() });
    performance.mark("card-identify-keypoints-ready", { detail: { printings: answer.size, of: ids.length } });
  })();
  const done = fetching.catch((error: unknown) => {
    keypointsAhead.delete(key);
    console.warn("The table's keypoints could not be fetched ahead", error);
  });
  keypointsAhead.set(key, done);
  return done;
}

export type Identified = { kind: "matched"; ranked: Printing[]; source: "table" | "pool" } | { kind: "none" };

/** While the server is still making the table's references, how often and how long a click asks again. */
const PENDING_RETRY_MS = 1_000;
const PENDING_TRIES = 45;

/**
 * Identifies a click: its frame (the pixels' buffer moves to the worker) against the table's references first, asked
 * again while the server is still making some (`onPending` says how many), then against the whole pool. Each time the
 * hash names nothing, a second step: the keypoints of its few nearest printings fetched from the server and fitted.
 * Records "card-identify-wait" (what the click waited for: references not yet there), "card-identify-match" (the
 * worker's time identifying, once a step) and "card-identify-features" (fetching keypoints) for the performance
 * panel and the browser tests.
 */
export async function identifyClick({
  sessionId,
  tableKey,
  frame,
  click,
  count,
  current,
  onPending,
}: {
  sessionId: string;
  tableKey: string;
  frame: ImageData;
  click: { x: number; y: number };
  count: number;
  /** Whether the click still matters (the panel is open on it). */
  current: () => boolean;
  onPending: (pending: number) => void;
}): Promise<Identified> {
  let sent: { width: number; height: number; data: ArrayBuffer } | undefined = {
    width: frame.width,
    height: frame.height,
    data: frame.data.buffer as ArrayBuffer,
  };
  const run = async (key: string) => {
    const frameNow = sent;
    sent = undefined;
    const delivered = await askTimed({ kind: "identify", key, frame: frameNow, click, count }, frameNow ? [frameNow.data] : []);
    const answer = delivered.answer;
    if (answer.kind !== "identified") throw new Error("The card identifier answered out of turn");
    measureTrip(delivered);
    if (answer.match) return answer.ranked;
    return answer.needFeatures && current() ? secondStep(key, answer.needFeatures) : null;
  };
  // The hash named nothing, but a keypoint fit among its nearest cards may: their keypoints from the server (those the
  // worker does not hold yet), then the fit on the kept click. At a table whose fit named nothing the worker asks
  // once more, once a table: the rest of the table's keypoints, for its vote. Any failure leaves the hash's "no match".
  const secondStep = async (key: string, ids: string[]) => {
    let need = ids;
    for (let step = 0; step < 2 && need.length > 0; step++) {
      const fetchedFrom = performance.now();
      const fetched = await printingFeatures(need);
      performance.measure("card-identify-features", { start: fetchedFrom, end: performance.now(), detail: { printings: need.length } });
      // None to be had (not made yet, or unreadable pictures): the fit would weigh nothing.
      if (!fetched || fetched.length === 0 || !current()) return null;
      try {
        const delivered = await askTimed(
          { kind: "fit", key, features: fetched },
          fetched.map((f) => f.bytes),
        );
        const answer = delivered.answer;
        if (answer.kind !== "identified") return null;
        measureTrip(delivered);
        if (answer.match) return answer.ranked;
        need = answer.needFeatures ?? [];
      } catch (error) {
        console.warn("The card identifier's keypoint fit failed", error);
        return null;
      }
    }
    return null;
  };
  const waitFrom = performance.now();
  // Its detail says whether the candidates were at hand (the frame went to the worker at once) or were waited for.
  const waited = (atOnce: boolean) =>
    performance.measure("card-identify-wait", { start: waitFrom, end: performance.now(), detail: { atOnce } });
  if (tableKey && sessionId) {
    const key = `table:${sessionId}|${tableKey}`;
    for (let tries = 0; current(); tries++) {
      // Prepared before the click (the usual case): the frame goes to the worker now, with no promise's turn first.
      const size = tries === 0 ? atHand.get(key) : undefined;
      const table = size ? { key, size, pending: 0 } : await prepareTable(sessionId, tableKey);
      if (tries === 0) waited(size !== undefined);
      const ranked = table.size > 0 ? await run(table.key) : null;
      if (ranked) return { kind: "matched", ranked, source: "table" };
      if (table.pending === 0 || tries >= PENDING_TRIES) break;
      if (current()) onPending(table.pending);
      await new Promise((resolve) => setTimeout(resolve, PENDING_RETRY_MS));
    }
  }
  if (!current()) return { kind: "none" };
  // No deck on the table, or no card of theirs: every printing of every card, when the index has been built (at hand
  // when prepared before the click: then the frame goes at once, as above).
  const poolSize = atHand.get(POOL);
  const pool = poolSize
    ? { key: POOL, size: poolSize }
    : await preparePool().catch((error: unknown) => {
        console.warn("The card pool index could not be loaded", error);
        return null;
      });
  if (!tableKey) waited(poolSize !== undefined);
  if (!pool) return { kind: "none" };
  const ranked = await run(pool.key);
  return ranked ? { kind: "matched", ranked, source: "pool" } : { kind: "none" };
}
