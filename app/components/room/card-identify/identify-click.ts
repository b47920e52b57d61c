// A click on a card (issue 36): its frame to the identifier's worker, which the preparation (identifier-client.ts)
// has given the table's references or the whole pool before the click, and the steps an unclear click may take.
import { askTimed } from "./identifier-connection";
import { atHandSize, keypointsArriving, PENDING_RETRY_MS, preparePool, prepareTable } from "./identifier-client";
import { measureTrip } from "./identifier-measures";
import { POOL, type Printing } from "./identifier-protocol";
import { printingFeatures } from "./references";

export type Identified = { kind: "matched"; ranked: Printing[]; source: "table" | "pool" } | { kind: "none" };

/** While the server is still making the table's references, how many times a click asks again (each PENDING_RETRY_MS). */
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
      // The vote's printings are the table's keypoints, which the page may be fetching ahead right now (a phone's first
      // touch is both the sign the viewer may click and the click): those are waited for, not fetched a second time.
      const arriving = step === 1 ? keypointsArriving(key) : undefined;
      const fetched = arriving && (await arriving) ? [] : await fetchFeatures(need);
      // None to be had (not made yet, or unreadable pictures): the fit would weigh nothing.
      if (!fetched || !current()) return null;
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
  /** The printings' keypoints from the server, measured; null when none came. */
  const fetchFeatures = async (ids: string[]) => {
    const fetchedFrom = performance.now();
    const fetched = await printingFeatures(ids);
    performance.measure("card-identify-features", { start: fetchedFrom, end: performance.now(), detail: { printings: ids.length } });
    return fetched && fetched.length > 0 ? fetched : null;
  };
  const waitFrom = performance.now();
  // Its detail says whether the candidates were at hand (the frame went to the worker at once) or were waited for.
  const waited = (atOnce: boolean) =>
    performance.measure("card-identify-wait", { start: waitFrom, end: performance.now(), detail: { atOnce } });
  if (tableKey && sessionId) {
    const key = `table:${sessionId}|${tableKey}`;
    for (let tries = 0; current(); tries++) {
      // Prepared before the click (the usual case): the frame goes to the worker now, with no promise's turn first.
      const size = tries === 0 ? atHandSize(key) : undefined;
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
  const poolSize = atHandSize(POOL);
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
