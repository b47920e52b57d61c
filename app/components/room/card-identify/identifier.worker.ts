// The card identifier's Web Worker (issue 36): card-vision's `identify` runs here, off the page's main thread, so a
// click never freezes the room (its video, chat and dice keep going) and the engine's compiling of the code, the
// whole-pool index's decoding and its quick-search tables all happen here, before the first click, when the page
// asks (identifier-client.ts). It fetches nothing: the page hands it the table's references and the pool's file.
import { HASH_BITS, hashFromHex, identify, referenceSet, type Candidates, type RgbaImage } from "../../../../card-vision";
import { PoolIndex } from "../../../../card-vision/pool-index";
import type { CardReference } from "../../../../workers/contract/cards";
import { identifierRequest, POOL, type IdentifierAnswer, type IdentifierRequest, type Printing } from "./identifier-protocol";
import { warmUpFrame } from "./warm-up-frame";

/** The worker's side of the channel (typed here: the project's TypeScript settings are the page's). */
const scope = self as unknown as {
  postMessage(message: IdentifierAnswer): void;
  addEventListener(type: "message", listener: (event: MessageEvent<unknown>) => void): void;
};

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

function answer(request: IdentifierRequest): IdentifierAnswer {
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

scope.addEventListener("message", (event) => {
  const parsed = identifierRequest.safeParse(event.data);
  if (!parsed.success) {
    const id = typeof event.data === "object" && event.data && "id" in event.data && typeof event.data.id === "number" ? event.data.id : -1;
    scope.postMessage({ kind: "error", id, message: "The identifier was asked something it does not understand" });
    return;
  }
  try {
    scope.postMessage(answer(parsed.data));
  } catch (error) {
    scope.postMessage({ kind: "error", id: parsed.data.id, message: error instanceof Error ? error.message : String(error) });
  }
});
