// What a click is matched against, in the browser (issue 36). The hashes are made on the server, once per printing
// (workers/domain/cards/card-references.ts): the table's references are one request, and the whole-pool index (every
// printing, for a card no deck on the table names) is one file fetched once and kept by the browser's HTTP cache
// (its URL names its version, which never changes). Both are kept in memory for the page's life.
import { api, unwrap } from "~/lib/api-client";
import type { CardReference } from "../../../../workers/contract/cards";
import { HASH_VERSION, hashFromHex, referenceSet, type Candidates } from "../../../../card-vision";
import { PoolIndex } from "../../../../card-vision/pool-index";

/** A printing a click may name: what the panel shows of it. */
export type Printing = Pick<CardReference, "id" | "name" | "set" | "collectorNumber" | "smallImageUrl" | "imageUrl"> & {
  typeLine: string;
};

export type TableCandidates = {
  candidates: Candidates;
  printing: (id: string) => Printing | null;
  /** Printings the server is still making: asking again later finds more. */
  pending: number;
};

const tables = new Map<string, Promise<TableCandidates>>();

async function loadTable(sessionId: string): Promise<TableCandidates> {
  const body = await unwrap(api["game-sessions"][":id"]["card-references"].$get({ param: { id: sessionId } }));
  // Hashes made another way than this page's identifier would match nothing: none rather than wrong ones.
  const references = body.hashVersion === HASH_VERSION ? body.references : [];
  const byId = new Map(references.map((r) => [r.id, r]));
  return {
    candidates: referenceSet(references.map((r) => ({ id: r.id, hashes: { art: hashFromHex(r.hash) }, card: r.name }))),
    printing: (id) => byId.get(id) ?? null,
    pending: body.pending,
  };
}

/**
 * The table's references: one request, kept while the table's decks stay the same (`tableKey`) and complete; while
 * the server is still making some, each call asks again.
 */
export function tableCandidates(sessionId: string, tableKey: string): Promise<TableCandidates> {
  const key = `${sessionId}|${tableKey}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const loading = loadTable(sessionId);
  tables.set(key, loading);
  loading.then(
    (table) => {
      if (table.pending > 0) tables.delete(key);
    },
    () => tables.delete(key),
  );
  return loading;
}

export type PoolCandidates = { candidates: Candidates; printing: (id: string) => Printing | null; size: number };

let pool: Promise<PoolCandidates | null> | null = null;

async function loadPool(): Promise<PoolCandidates | null> {
  const manifest = await unwrap(api["card-pool"].$get());
  if (!manifest.ready || !manifest.version || manifest.hashVersion !== HASH_VERSION) return null;
  // The typed client reads JSON; the index is a binary file (sent gzip-encoded, which the browser undoes).
  const response = await fetch(`/api/card-pool/${encodeURIComponent(manifest.version)}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The card pool index did not load: ${response.status}`);
  const index = PoolIndex.decode(new Uint8Array(await response.arrayBuffer()));
  return {
    candidates: index,
    size: index.size,
    printing: (id) => {
      const entry = index.entry(id);
      return entry ? { ...entry, typeLine: "", smallImageUrl: index.imageUrl(id, "small"), imageUrl: index.imageUrl(id, "normal") } : null;
    },
  };
}

/** The whole-pool index, or null while none has been built: fetched once a page (the browser keeps the file). */
export function poolCandidates(): Promise<PoolCandidates | null> {
  pool ??= loadPool().catch((error: unknown) => {
    pool = null;
    throw error;
  });
  return pool;
}
