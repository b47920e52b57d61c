import { HASH_VERSION } from "../../../card-vision";
import type { CardDto, CardReference, DeckCard, TableReferences } from "../../contract/cards";
import type { Db } from "../../db/client";
import { cardSourceFor } from "./card-cache";
import { runFeatures } from "./card-features";
import { queueKeypoints, type KeypointsQueueEnv } from "./card-keypoints-queue";
import { hashPrintings, listPrintings, needsHash, printingNameKey, putPrintings, readPrintings, type PrintingRow } from "./card-printings";
import { deckEntries } from "./decks";
import { currentLogger } from "../../lib/logger";

/**
 * A table's reference hashes for click-to-identify (issue 36), made on the server once per printing and kept in D1
 * (card-printings.ts), so a click costs one request. A deck line that named its printing is known by that
 * printing's art; any other card by every printing's, so a physical copy of any printing matches.
 */

export type ReferenceEnv = {
  SCRYFALL_API_URL: string;
  CARD_IMAGE_ORIGIN: string;
  PUBLIC_ORIGIN: string;
  CARD_POOL: R2Bucket;
} & KeypointsQueueEnv;
/** Hands work to the runtime to finish after the answer (ExecutionContext.waitUntil). */
export type Background = (work: Promise<unknown>) => void;

/**
 * The configuration as it is now: background work keeps the addresses it started with (a test pointing the Worker at
 * another lane of the fake meanwhile must not receive it).
 */
const snapshot = (env: ReferenceEnv): ReferenceEnv => ({
  SCRYFALL_API_URL: env.SCRYFALL_API_URL,
  CARD_IMAGE_ORIGIN: env.CARD_IMAGE_ORIGIN,
  PUBLIC_ORIGIN: env.PUBLIC_ORIGIN,
  CARD_POOL: env.CARD_POOL,
  CARD_KEYPOINTS: env.CARD_KEYPOINTS,
});

/** How long one background warm-up may work (waitUntil lets an invocation go on 30 s after its answer). */
const WARM_BUDGET_MS = 20_000;

/** What the decks' entries ask for: exact printings by id, and every printing of the other cards by name. */
type Wanted = { exact: Map<string, CardDto>; anyOf: Map<string, CardDto> };

function wantedOf(entries: DeckCard[]): Wanted {
  const exact = new Map<string, CardDto>();
  const anyOf = new Map<string, CardDto>();
  for (const entry of entries) {
    if (entry.printingGiven) exact.set(entry.card.id, entry.card);
    else anyOf.set(printingNameKey(entry.card.name), entry.card);
  }
  return { exact, anyOf };
}

const toReference = (row: PrintingRow): CardReference => ({
  id: row.id,
  name: row.name,
  set: row.setCode,
  collectorNumber: row.collectorNumber,
  typeLine: row.typeLine,
  smallImageUrl: row.smallImageUrl,
  imageUrl: row.imageUrl,
  hash: row.hash ?? "",
});

/** The state of a table's references in D1: what is ready, what needs a hash, which names need listing. */
async function readState(db: Db, wanted: Wanted, now: number) {
  const names = [...wanted.anyOf.keys()];
  const { rows, listed } = await readPrintings(db, { ids: [...wanted.exact.keys()], names }, now);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byName = new Map<string, PrintingRow[]>();
  for (const row of rows) byName.set(row.nameKey, [...(byName.get(row.nameKey) ?? []), row]);
  // Until a name is listed, the deck's own printing of it stands for all of them.
  const unlisted = names.filter((name) => !listed.has(name));
  const chosen = new Map<string, PrintingRow>();
  const missing: CardDto[] = [];
  for (const [id, card] of wanted.exact) {
    const row = byId.get(id);
    if (row) chosen.set(id, row);
    else missing.push(card);
  }
  for (const [name, card] of wanted.anyOf) {
    for (const row of byName.get(name) ?? []) chosen.set(row.id, row);
    if (!listed.has(name) && !byId.has(card.id)) missing.push(card);
  }
  const rowsWanted = [...chosen.values()];
  return {
    rows: rowsWanted,
    ready: rowsWanted.filter((row) => row.hash !== null && row.hashVersion === HASH_VERSION),
    toHash: rowsWanted.filter((row) => needsHash(row, now)).map((row) => row.id),
    unlisted,
    missing,
  };
}

/**
 * Makes what a table's references lack: stores the decks' own printings it has no row for, lists the printings of
 * names not listed this week (paced by the card source), hashes what needs it, then makes the keypoints (R2) of
 * printings that lack them (at most FEATURES_PER_WARM), until the budget runs out, and sends the rest to the keypoints'
 * queue when there is one (at most MAX_QUEUED_PER_WARM). Safe to run twice at once (claims
 * keep two workers off one picture's hash; two may make one printing's keypoints, the same bytes). Returns how many
 * printings it hashed.
 */
export async function warmReferences(env: ReferenceEnv, db: Db, entries: DeckCard[], budgetMs = WARM_BUDGET_MS): Promise<number> {
  const deadline = Date.now() + budgetMs;
  const wanted = wantedOf(entries);
  let state = await readState(db, wanted, Date.now());
  if (state.missing.length > 0) await putPrintings(db, state.missing, Date.now());
  if (state.unlisted.length > 0) {
    try {
      await listPrintings(
        cardSourceFor(env, db),
        db,
        state.unlisted.map((name) => {
          const card = wanted.anyOf.get(name)!;
          return { name: card.name, ...(card.oracleId ? { oracleId: card.oracleId } : {}) };
        }),
        Date.now(),
      );
    } catch (error) {
      // The card service cannot list now: the decks' own printings still get their hashes below.
      currentLogger().warn("Card printings could not be listed", { error });
    }
  }
  if (state.missing.length > 0 || state.unlisted.length > 0) state = await readState(db, wanted, Date.now());
  let hashed = 0;
  if (state.toHash.length > 0) {
    const outcome = await hashPrintings(db, state.toHash, { imageOrigin: env.CARD_IMAGE_ORIGIN, siteOrigin: env.PUBLIC_ORIGIN, deadline });
    currentLogger().info("Card references warmed", { ...outcome });
    hashed = outcome.hashed;
  }
  // Then the keypoints of the printings that lack them (the decks' own printings first), in what is left of the
  // budget: a click the hash leaves unclear then reads them from R2 instead of waiting for the server to make them.
  // Two pictures a printing, not one: the hash is made from the small picture (as the pool's 100,000 are, and the
  // browser's hashes meet those), the keypoints from the normal one (the small would be blown up), and only a bounded
  // few printings a warm-up get keypoints.
  const own = new Set(entries.map((entry) => entry.card.id));
  const rows = state.rows.filter((row) => row.failedAt === null || row.hash !== null);
  const ordered = [...rows.filter((row) => own.has(row.id)), ...rows.filter((row) => !own.has(row.id))];
  // What this invocation does not reach goes to the keypoints' queue when there is one (card-keypoints-queue.ts),
  // whose consumer makes it later with the same rule; without one the rest waits for a later warm-up or the endpoint.
  let rest = ordered.map((row) => row.id);
  if (ordered.length > 0 && Date.now() < deadline) {
    const run = await runFeatures(env, ordered, { deadline });
    const { outcome } = run;
    if (outcome.made + outcome.failed > 0 || outcome.left > 0) currentLogger().info("Card keypoints warmed", { ...outcome });
    rest = run.rest.map((p) => p.id);
  }
  await queueKeypoints(
    env,
    ordered.map((row) => row.id),
    rest,
  );
  return hashed;
}

/**
 * The table's references as they stand (one read of the decks, one of the printings), and how many are still being
 * made; when some are, the work is handed to `background` and a later request finds them ready.
 */
export async function tableReferences(
  env: ReferenceEnv,
  db: Db,
  deckIds: string[],
  background: { run: Background; db: Db },
  now = Date.now(),
): Promise<TableReferences> {
  const entries = await deckEntries(db, deckIds);
  const state = await readState(db, wantedOf(entries), now);
  const pending = state.toHash.length + state.unlisted.length + state.missing.length;
  // On a database handle of its own: the work goes on after the answer, and is not the request's.
  if (pending > 0) warmDeck(env, background.db, entries, background.run);
  return { hashVersion: HASH_VERSION, references: state.ready.map(toReference), pending };
}

/**
 * Warms a deck's references in the background once it is saved, so the first click at a table finds them made. `db`
 * should be a handle of its own, not the request's (whose queries are the request's to count).
 */
export function warmDeck(env: ReferenceEnv, db: Db, cards: DeckCard[], background: Background): void {
  background(
    warmReferences(snapshot(env), db, cards).catch((error: unknown) =>
      currentLogger().error("Card references could not be warmed", { error }),
    ),
  );
}
