// The card identifier's work, as the Web Worker does it (identifier.worker.ts wires it to its messages): kept apart
// from the worker's global scope so the unit tests run it in Node. Each request in, one answer out; never throws.
import {
  decodeFeatures,
  fitLaterLook,
  HASH_BITS,
  hashFromHex,
  identifyLook,
  lookAt,
  referenceSet,
  type Candidates,
  type Features,
  type FrameLook,
  type IdentifyResult,
  type RgbaImage,
} from "../../../../card-vision";
import type { VoteIndex } from "../../../../card-vision/keypoint-vote";
import { tableVoteIndex } from "../../../../card-vision/match";
import { descriptorScanKind } from "../../../../card-vision/descriptor-scan";
import { PoolIndex } from "../../../../card-vision/pool-index";
import type { CardReference } from "../../../../workers/contract/cards";
import {
  identifierRequest,
  MAX_FIT_PRINTINGS,
  MAX_VOTE_PRINTINGS,
  POOL,
  type IdentifierAnswer,
  type IdentifierRequest,
  type Printing,
} from "./identifier-protocol";
import { warmUpFrame } from "./warm-up-frame";

type CandidateSet = {
  candidates: Candidates;
  printing: (id: string) => Printing | null;
  /** A table's printings the keypoint vote weighs (its first MAX_VOTE_PRINTINGS); none for the pool. */
  voteIds?: string[];
  /**
   * The table's keypoint vote (card-vision/keypoint-vote.ts), made once its keypoints were asked for: with whether
   * every printing's came (the server makes a few a request and answers the rest later), and when it was made.
   */
  vote?: TableVote;
};
type TableVote = { index: VoteIndex; complete: boolean; at: number };

/** The candidates by key: the pool, and the latest table (a table whose decks change gets a new key). */
const sets = new Map<string, CandidateSet>();
/** The last click's frame: asked again of other candidates (the pool after the table) without crossing again. */
let kept: RgbaImage | null = null;
/**
 * The last click's look at the kept frame (its outlines and their hashes, card-vision's `lookAt`): the pool asked
 * after the table's decks named nothing starts from it instead of finding and hashing the outlines again.
 */
let keptLook: FrameLook | null = null;
/**
 * The last click's hash pass, when it named nothing but a keypoint fit may: its second step starts from here, and
 * at a table whose fit named nothing, its third (`vote`: the table's keypoints came, the vote weighs them).
 */
let unclear: { key: string; look: FrameLook; result: IdentifyResult; stage: "fit" | "vote" } | null = null;
/** How long a vote made without every printing's keypoints stands before an unclear click asks for the rest again. */
const VOTE_ASKED_AGAIN_MS = 60_000;

/**
 * Printings' keypoints by id, as fetched for earlier clicks (~9.8 KB each; the oldest are dropped past the cap): a
 * card clicked again, or a reprint weighed again, costs no request.
 */
const features = new Map<string, Features>();
const FEATURES_KEPT = MAX_VOTE_PRINTINGS + 200;

function keepFeatures(id: string, bytes: ArrayBuffer): void {
  let decoded: Features;
  try {
    decoded = decodeFeatures(new Uint8Array(bytes));
  } catch {
    return; // Not keypoints: the printing is left out of the fit, as one never fetched is.
  }
  features.delete(id);
  features.set(id, decoded);
  while (features.size > FEATURES_KEPT) features.delete(features.keys().next().value!);
}

/** The answer to a click from its (possibly fitted) result: the ranking as printings, the named one first. */
function identified(id: number, set: CandidateSet, result: IdentifyResult, ms: number, needFeatures?: string[]): IdentifierAnswer {
  // A card named by the fit leads the list even when the hash ranked it lower (or not at all among the shown).
  const ids = result.match
    ? [result.match.id, ...result.ranked.map((r) => r.id).filter((r) => r !== result.match!.id)]
    : result.ranked.map((r) => r.id);
  const ranked = ids.slice(0, Math.max(1, result.ranked.length)).flatMap((r) => set.printing(r) ?? []);
  return {
    kind: "identified",
    id,
    match: result.match !== null && ranked[0]?.id === result.match.id,
    ranked,
    ms,
    ...(needFeatures && needFeatures.length > 0 ? { needFeatures } : {}),
  };
}

function keepTable(key: string, references: CardReference[]): number {
  const byId = new Map(references.map((r) => [r.id, r]));
  for (const old of sets.keys()) if (old !== POOL) sets.delete(old);
  sets.set(key, {
    candidates: referenceSet(references.map((r) => ({ id: r.id, hashes: { art: hashFromHex(r.hash) }, card: r.name }))),
    voteIds: references.slice(0, MAX_VOTE_PRINTINGS).map((r) => r.id),
    printing: (id) => {
      const r = byId.get(id);
      return r
        ? {
            id: r.id,
            name: r.name,
            set: r.set,
            collectorNumber: r.collectorNumber,
            typeLine: r.typeLine,
            smallImageUrl: r.smallImageUrl,
            imageUrl: r.imageUrl,
          }
        : null;
    },
  });
  return references.length;
}

function keepPool(bytes: ArrayBuffer): number {
  const index = PoolIndex.decode(new Uint8Array(bytes));
  // Its quick search's tables are built on its first search: here, before any click.
  index.near({ art: new Uint32Array(Math.ceil(HASH_BITS / 32)) }, 1);
  sets.set(POOL, {
    candidates: index,
    printing: (id) => {
      const entry = index.entry(id);
      return entry ? { ...entry, typeLine: "", smallImageUrl: index.imageUrl(id, "small"), imageUrl: index.imageUrl(id, "normal") } : null;
    },
  });
  return index.size;
}

function candidateSet(key: string): CandidateSet {
  const set = sets.get(key);
  if (!set) throw new Error(`No candidates "${key}" in the identifier`);
  return set;
}

function answerChecked(request: IdentifierRequest): IdentifierAnswer {
  const started = performance.now();
  const took = () => performance.now() - started;
  switch (request.kind) {
    case "table":
      return { kind: "ready", id: request.id, size: keepTable(request.key, request.references), ms: took(), scan: descriptorScanKind() };
    case "pool":
      return { kind: "ready", id: request.id, size: keepPool(request.bytes), ms: took(), scan: descriptorScanKind() };
    case "warm": {
      // One made-up click against the very candidates the first click will use: the engine compiles the
      // identifier's code, and a pool index builds its quick search's tables.
      const set = candidateSet(request.key);
      const frame = warmUpFrame();
      const click = { x: frame.width / 2, y: frame.height / 2 };
      const look = lookAt(frame, click);
      if (!look) throw new Error("The warm-up frame's click is off it");
      const result = identifyLook(look, set.candidates, { count: 5 });
      // The second step's own code too (the click's keypoints; no reference's, so no fit).
      if (result.fitCandidates) fitLaterLook(look, set.candidates, result, () => undefined);
      return { kind: "ready", id: request.id, size: set.candidates.size, ms: took(), scan: descriptorScanKind() };
    }
    case "identify": {
      if (request.frame) {
        const { width, height, data } = request.frame;
        if (data.byteLength !== width * height * 4) throw new Error("The frame's pixels do not match its size");
        kept = { width, height, data: new Uint8ClampedArray(data) };
        keptLook = null;
      }
      if (!kept) throw new Error("No frame to identify");
      const set = candidateSet(request.key);
      const { x, y } = request.click;
      if (keptLook?.frame !== kept || keptLook.click.x !== x || keptLook.click.y !== y) keptLook = lookAt(kept, request.click);
      const found: IdentifyResult =
        keptLook && set.candidates.size > 0
          ? identifyLook(keptLook, set.candidates, { count: request.count })
          : { match: null, ranked: [], quad: null };
      unclear = null;
      // The printings the fit weighs (the hash's 8 nearest cards, 32 against the pool, with reprints), at most what one
      // click may ask for.
      const result = { ...found, fitCandidates: found.fitCandidates?.slice(0, MAX_FIT_PRINTINGS) };
      const weighed = result.fitCandidates?.map((r) => r.id) ?? [];
      if (result.match || weighed.length === 0 || !keptLook) return identified(request.id, set, result, took());
      const missing = weighed.filter((id) => !features.has(id));
      // Every keypoint at hand (fetched for an earlier click): the second step at once.
      if (missing.length === 0) return fitted(request.id, request.key, keptLook, set, result, took);
      unclear = { key: request.key, look: keptLook, result, stage: "fit" };
      return identified(request.id, set, result, took(), missing);
    }
    case "fit": {
      if (!unclear || unclear.key !== request.key) throw new Error("No unclear click to fit");
      for (const f of request.features) keepFeatures(f.id, f.bytes);
      const set = candidateSet(request.key);
      const { look, result, stage } = unclear;
      unclear = null;
      if (stage === "vote") {
        set.vote = voteOf(set);
        return identified(request.id, set, fitKept(look, set, result, set.vote.index), took());
      }
      return fitted(request.id, request.key, look, set, result, took);
    }
    case "keypoints": {
      // A table's keypoints ahead of any click: the vote made now, so no click waits for it.
      const set = candidateSet(request.key);
      if (!set.voteIds) throw new Error("The pool has no vote");
      for (const f of request.features) keepFeatures(f.id, f.bytes);
      set.vote = voteOf(set);
      const held = set.voteIds.filter((id) => features.has(id)).length;
      return { kind: "ready", id: request.id, size: held, ms: took(), scan: descriptorScanKind() };
    }
  }
}

/**
 * The keypoint fit of a click the hash left unclear, with the keypoints the worker holds; at a table, with its vote
 * once made. When that names nothing at a table the vote has not yet weighed, the answer asks for the table's
 * keypoints the worker lacks (the vote's `fit` then follows), or, holding them all, makes the vote and fits again.
 */
function fitted(id: number, key: string, look: FrameLook, set: CandidateSet, result: IdentifyResult, took: () => number): IdentifierAnswer {
  const made = set.vote;
  const first = fitKept(look, set, result, made?.index);
  if (first.match || !set.voteIds) return identified(id, set, first, took());
  if (made && (made.complete || Date.now() - made.at < VOTE_ASKED_AGAIN_MS)) return identified(id, set, first, took());
  // Every printing of the table weighed already (a small table): the vote has nothing to add.
  const weighed = new Set(result.fitCandidates?.map((r) => r.id));
  if (set.voteIds.every((p) => weighed.has(p))) return identified(id, set, first, took());
  const missing = set.voteIds.filter((p) => !features.has(p));
  if (missing.length > 0) {
    unclear = { key, look, result, stage: "vote" };
    return identified(id, set, first, took(), missing);
  }
  set.vote = voteOf(set);
  return identified(id, set, fitKept(look, set, result, set.vote.index), took());
}

/** The vote over a table's printings whose keypoints the worker holds (those it has none of are left out). */
function voteOf(set: CandidateSet): TableVote {
  const cardOf = (id: string) => set.candidates.cardOf?.(id) ?? id;
  const ids = set.voteIds ?? [];
  const index = tableVoteIndex(
    ids.map((id) => ({ id, card: cardOf(id) })),
    (id) => features.get(id),
  );
  return { index, complete: ids.every((id) => features.has(id)), at: Date.now() };
}

/**
 * The keypoint fit of a click the hash left unclear, with the keypoints the worker holds (and a table's vote), from
 * the click's look: its keypoints made once for the table's fit, its vote's and the pool's.
 */
function fitKept(look: FrameLook, set: CandidateSet, result: IdentifyResult, index?: VoteIndex): IdentifyResult {
  return fitLaterLook(look, set.candidates, result, (id) => features.get(id), undefined, index);
}

/** Answers one message (checked first: anything else is an error answer, as is a request that fails). */
export function answer(message: unknown): IdentifierAnswer {
  const parsed = identifierRequest.safeParse(message);
  if (!parsed.success) {
    const id = typeof message === "object" && message && "id" in message && typeof message.id === "number" ? message.id : -1;
    return { kind: "error", id, message: "The identifier was asked something it does not understand" };
  }
  try {
    return answerChecked(parsed.data);
  } catch (error) {
    return { kind: "error", id: parsed.data.id, message: error instanceof Error ? error.message : String(error) };
  }
}
