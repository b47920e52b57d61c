// The messages between the room page and the card identifier's Web Worker (identifier.worker.ts), one schema for
// each side: the worker checks what it is asked, the page checks what comes back (a worker is code of this page,
// but its answers cross a boundary like any other and are parsed, never trusted as typed).
import { z } from "../../../../workers/lib/zod";
import { cardReference } from "../../../../workers/contract/cards";

/** A printing a click may name: what the panel shows of it. */
export const printing = cardReference.pick({
  id: true,
  name: true,
  set: true,
  collectorNumber: true,
  typeLine: true,
  smallImageUrl: true,
  imageUrl: true,
});
export type Printing = z.infer<typeof printing>;

/**
 * At most how many printings' keypoints a click's second step asks for: card-vision's 8 nearest cards (32 against the
 * pool, fitted as two groups of 16) and their reprints that rank near, as the bench weighs them; one request's worth
 * (MAX_FEATURES_PER_REQUEST).
 */
export const MAX_FIT_PRINTINGS = 32;

/**
 * At most how many of a table's printings the keypoint vote weighs (card-vision/keypoint-vote.ts): the page fetches
 * their keypoints once a table (~10 KB each, ~2.3 MB for four 100-card decks of named printings, fetched
 * MAX_FEATURES_PER_REQUEST a request), ahead of any click once the viewer may click (`keypoints`), or else when a
 * click's fit names nothing (the answer's `needFeatures`), and the worker votes over them on every click after. A
 * table of more printings votes over its first this many (the decks' named printings come first).
 */
export const MAX_VOTE_PRINTINGS = 600;

/** Which candidates a click is matched against: a table's references (by the table's key) or the whole pool. */
export const POOL = "pool";

const point = z.object({ x: z.number().finite(), y: z.number().finite() });
/** An RGBA frame as it crosses to the worker: its pixels' buffer is transferred, not copied. */
const frame = z.object({
  width: z.number().int().min(1).max(8192),
  height: z.number().int().min(1).max(8192),
  data: z.instanceof(ArrayBuffer),
});

/** Printings' keypoints as they cross to the worker: the server's bytes (card-vision's encodeFeatures), transferred. */
const printingsFeatures = z.array(z.object({ id: z.string().min(1), bytes: z.instanceof(ArrayBuffer) })).max(MAX_VOTE_PRINTINGS);

export const identifierRequest = z.discriminatedUnion("kind", [
  /** A table's references (the server's hashes of every printing its decks stand for), kept under `key`. */
  z.object({ kind: z.literal("table"), id: z.number().int(), key: z.string().min(1), references: z.array(cardReference) }),
  /** The whole-pool index file (card-vision/pool-index.ts), its bytes transferred. */
  z.object({ kind: z.literal("pool"), id: z.number().int(), bytes: z.instanceof(ArrayBuffer) }),
  /** One identification of a made-up frame, so that the engine has compiled the code before the first click. */
  z.object({ kind: z.literal("warm"), id: z.number().int(), key: z.string().min(1) }),
  /**
   * A click: its frame (kept by the worker for the next `identify` without one: the same click asked again of
   * other candidates) and where, against the candidates under `key`.
   */
  z.object({
    kind: z.literal("identify"),
    id: z.number().int(),
    key: z.string().min(1),
    frame: frame.optional(),
    click: point,
    count: z.number().int().min(1).max(20),
  }),
  /**
   * The second step of a click the hash left unclear (its answer's `needFeatures`): those printings' keypoints,
   * fitted with the last click under `key`.
   */
  z.object({
    kind: z.literal("fit"),
    id: z.number().int(),
    key: z.string().min(1),
    features: printingsFeatures,
  }),
  /**
   * A table's keypoints fetched ahead of any click (once the viewer may click: identifier-client.ts
   * `prepareTableKeypoints`): kept, and the table's vote made from them now, in the background, so that a click the
   * hash leaves unclear is fitted and voted on in its one answer, with no request and no vote to make.
   */
  z.object({ kind: z.literal("keypoints"), id: z.number().int(), key: z.string().min(1), features: printingsFeatures }),
]);
export type IdentifierRequest = z.infer<typeof identifierRequest>;

export const identifierAnswer = z.discriminatedUnion("kind", [
  /**
   * Candidates kept (`size` references) or the warm-up done; `ms` the worker's time for it; `scan` which inner loop
   * the keypoint fit runs in this worker (card-vision/descriptor-scan.ts: WebAssembly SIMD, or JavaScript).
   */
  z.object({
    kind: z.literal("ready"),
    id: z.number().int(),
    size: z.number().int().min(0),
    ms: z.number().min(0),
    scan: z.enum(["wasm-simd", "js"]),
  }),
  /**
   * A click's answer: `ranked` best first (the named card and the runners-up), `match` whether the best is near
   * enough to be named; `ms` the worker's time for the identification alone.
   */
  z.object({
    kind: z.literal("identified"),
    id: z.number().int(),
    match: z.boolean(),
    ranked: z.array(printing).max(20),
    ms: z.number().min(0),
    /**
     * No match yet, but a keypoint fit may name the card: the printings whose keypoints the worker lacks. Fetch them
     * and send a `fit`; without them the answer stands. After a table's first `fit`, the vote's: the rest of the
     * table's printings (at most MAX_VOTE_PRINTINGS), asked for once a table.
     */
    needFeatures: z.array(z.string()).max(MAX_VOTE_PRINTINGS).optional(),
    /**
     * When the worker got the request and posted this answer (epoch ms: its clock's origin is not the page's), so the
     * page can tell the wait for the worker's thread and the messages' way from the identification itself.
     */
    at: z.object({ received: z.number(), sent: z.number() }).optional(),
  }),
  z.object({ kind: z.literal("error"), id: z.number().int(), message: z.string() }),
]);
export type IdentifierAnswer = z.infer<typeof identifierAnswer>;
