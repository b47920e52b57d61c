// The card identifier's work, as the Web Worker does it (identifier.worker.ts wires it to its messages): kept apart
// from the worker's global scope so the unit tests run it in Node. Each request in, one answer out; never throws.
import { HASH_BITS, hashFromHex, identify, referenceSet, type Candidates, type RgbaImage } from "../../../../card-vision";
import { PoolIndex } from "../../../../card-vision/pool-index";
import type { CardReference } from "../../../../workers/contract/cards";
import { identifierRequest, POOL, type IdentifierAnswer, type IdentifierRequest, type Printing } from "./identifier-protocol";
import { warmUpFrame } from "./warm-up-frame";

type CandidateSet = { candidates: Candidates; printing: (id: string) => Printing | null };

/** The candidates by key: the pool, and the latest table (a table whose decks change gets a new key). */
const sets = new Map<string, CandidateSet>();
/** The last click's frame: asked again of other candidates (the pool after the table) without crossing again. */
let kept: RgbaImage | null = null;

function keepTable(key: string, references: CardReference[]): number {
  const byId = new Map(references.map((r) => [r.id, r]));
  for (const old of sets.keys()) if (old !== POOL) sets.delete(old);
  sets.set(key, {
    candidates: referenceSet(references.map((r) => ({ id: r.id, hashes: { art: hashFromHex(r.hash) }, card: r.name }))),
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
      return { kind: "ready", id: request.id, size: keepTable(request.key, request.references), ms: took() };
    case "pool":
      return { kind: "ready", id: request.id, size: keepPool(request.bytes), ms: took() };
    case "warm": {
      // One made-up click against the very candidates the first click will use: the engine compiles the
      // identifier's code, and a pool index builds its quick search's tables.
      const set = candidateSet(request.key);
      const frame = warmUpFrame();
      identify(frame, { x: frame.width / 2, y: frame.height / 2 }, set.candidates, { count: 5 });
      return { kind: "ready", id: request.id, size: set.candidates.size, ms: took() };
    }
    case "identify": {
      if (request.frame) {
        const { width, height, data } = request.frame;
        if (data.byteLength !== width * height * 4) throw new Error("The frame's pixels do not match its size");
        kept = { width, height, data: new Uint8ClampedArray(data) };
      }
      if (!kept) throw new Error("No frame to identify");
      const set = candidateSet(request.key);
      const result = identify(kept, request.click, set.candidates, { count: request.count });
      const ranked = result.ranked.flatMap((r) => set.printing(r.id) ?? []);
      return { kind: "identified", id: request.id, match: result.match !== null && ranked.length > 0, ranked, ms: took() };
    }
  }
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
