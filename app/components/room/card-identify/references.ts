// What a click is matched against, fetched by the page (issue 36). The hashes are made on the server, once per
// printing (workers/domain/cards/card-references.ts): the table's references are one request, and the whole-pool index
// (every printing, for a card no deck on the table names) is one file the browser's HTTP cache keeps (its URL names
// its version, which never changes). The page hands both to the identifier's worker (identifier-client.ts).
import { api, unwrap } from "~/lib/api-client";
import type { CardReference } from "../../../../workers/contract/cards";
import { decodeFeaturesBatch, MAX_FEATURES_PER_REQUEST } from "../../../../workers/contract/card-features-batch";
import { HASH_VERSION } from "../../../../card-vision/match";
import { FEATURE_VERSION } from "../../../../card-vision/features-version";

export type TableReferences = {
  references: CardReference[];
  /** Printings the server is still making: asking again later finds more. */
  pending: number;
};

const tables = new Map<string, Promise<TableReferences>>();

async function loadTable(sessionId: string): Promise<TableReferences> {
  const body = await unwrap(api["game-sessions"][":id"]["card-references"].$get({ param: { id: sessionId } }));
  // Hashes made another way than this page's identifier would match nothing: none rather than wrong ones.
  return { references: body.hashVersion === HASH_VERSION ? body.references : [], pending: body.pending };
}

/**
 * The table's references: one request, kept while the table's decks stay the same (`tableKey`) and complete; while
 * the server is still making some, each call asks again.
 */
export function tableReferences(sessionId: string, tableKey: string): Promise<TableReferences> {
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

/** The whole-pool index's file, or null while none has been built (the browser's HTTP cache keeps the file). */
export async function poolIndexFile(): Promise<ArrayBuffer | null> {
  const manifest = await unwrap(api["card-pool"].$get());
  if (!manifest.ready || !manifest.version || manifest.hashVersion !== HASH_VERSION) return null;
  // The typed client reads JSON; the index is a binary file (sent gzip-encoded, which the browser undoes).
  const response = await fetch(`/api/card-pool/${encodeURIComponent(manifest.version)}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The card pool index did not load: ${response.status}`);
  return response.arrayBuffer();
}

/** How many of the keypoints' requests run at once when a table's vote asks for many (the rest wait their turn). */
const FEATURE_REQUESTS_AT_ONCE = 4;

/**
 * The keypoints of the printings a click's second step fits: one request per MAX_FEATURES_PER_REQUEST (one for the
 * fit's few; a table's vote asks for up to MAX_VOTE_PRINTINGS, FEATURE_REQUESTS_AT_ONCE requests at a time), whose
 * URL names the keypoints' version. Those it has none of (no such printing, an unreadable picture, not made yet) are
 * left out: the fit weighs fewer, as does a request that fails while others come. Null when every request fails:
 * then the hash's answer stands, as it does without the second step.
 */
export async function printingFeatures(ids: string[]): Promise<{ id: string; bytes: ArrayBuffer }[] | null> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_FEATURES_PER_REQUEST) chunks.push(ids.slice(i, i + MAX_FEATURES_PER_REQUEST));
  const answers: ({ id: string; bytes: ArrayBuffer }[] | null)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const n = next++;
      answers[n] = await featuresOf(chunks[n]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FEATURE_REQUESTS_AT_ONCE, chunks.length) }, worker));
  return answers.some((a) => a !== null) ? answers.flatMap((a) => a ?? []) : null;
}

/** One request's keypoints (at most MAX_FEATURES_PER_REQUEST printings), or null when it fails. */
async function featuresOf(ids: string[]): Promise<{ id: string; bytes: ArrayBuffer }[] | null> {
  try {
    const response = await api.cards.printings.features[":version"].$get({
      param: { version: FEATURE_VERSION },
      query: { ids: ids.join(",") },
    });
    if (!response.ok) throw new Error(`The keypoints did not load: ${response.status}`);
    return decodeFeaturesBatch(await response.arrayBuffer()).flatMap((e) => (e.bytes ? [{ id: e.id, bytes: e.bytes }] : []));
  } catch (error) {
    console.warn("The cards' keypoints could not be fetched", error);
    return null;
  }
}
