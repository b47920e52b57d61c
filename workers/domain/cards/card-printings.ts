import { and, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { HASH_VERSION } from "../../../card-vision";
import type { CardDto } from "../../contract/cards";
import type { Db } from "../../db/client";
import { cardPrintLists, cardPrintings } from "../../db/schema";
import { CardImageUnreadable, fetchCardImageHash } from "../../services/card-image";
import { nameKeys, type CardSource, type PrintingsOf } from "../../services/card-source";
import { currentLogger } from "../../lib/logger";

/**
 * Every printing click-to-identify knows of, and its reference hash (issue 36): D1 table card_printings, one row per
 * Scryfall printing. Rows come from the decks' cards, from a search for a card's printings (card_print_lists says
 * which names were listed, fresh for a week, as the card cache) and from the bulk file (card-pool.ts). A row's hash is
 * made once, from its small image, by whoever needs it first; a change of HASH_VERSION makes every row need it again.
 */

export const PRINT_LIST_FRESH_MS = 7 * 24 * 60 * 60_000;
/** A worker's claim on a row it is hashing; after this another may take it (the first one died). */
const CLAIM_MS = 60_000;
/** An image that could not be read is tried again after a day. */
const RETRY_FAILED_MS = 24 * 60 * 60_000;
/** D1 binds at most 100 parameters per statement. */
const KEYS_PER_STATEMENT = 90;
/** Nine columns a row. */
const ROWS_PER_INSERT = 10;
/** Rows a hash-writing UPDATE carries (three parameters a row). */
const HASHES_PER_UPDATE = 30;
/** Pictures fetched at once while hashing. */
const PARALLEL = 6;

export type PrintingRow = typeof cardPrintings.$inferSelect;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The key a card's printings are found by: its front face's lowercased name, as the card cache's. */
export const printingNameKey = (name: string) => nameKeys(name).at(-1) ?? name.toLowerCase();

/** Whether a row's hash is missing or made another way, and it may be (re)made now. */
export function needsHash(row: Pick<PrintingRow, "hash" | "hashVersion" | "failedAt">, now: number): boolean {
  if (row.hash !== null && row.hashVersion === HASH_VERSION) return false;
  return row.failedAt === null || row.failedAt < now - RETRY_FAILED_MS;
}

/** A printing as a card_printings row (the hash columns left alone). */
export function printingRow(card: CardDto, now: number) {
  return {
    id: card.id,
    nameKey: printingNameKey(card.name),
    name: card.name,
    setCode: (card.set ?? "").toLowerCase(),
    collectorNumber: card.collectorNumber ?? "",
    smallImageUrl: card.smallImageUrl,
    imageUrl: card.imageUrl,
    typeLine: card.typeLine,
    listedAt: now,
  };
}

/**
 * The rows of the given printing ids and of every printing of the given names, and which of the names have had all
 * their printings listed within the week: one round trip.
 */
export async function readPrintings(
  db: Db,
  { ids, names }: { ids: string[]; names: string[] },
  now: number,
): Promise<{ rows: PrintingRow[]; listed: Set<string> }> {
  const nameParts = chunks([...new Set(names)], KEYS_PER_STATEMENT);
  const rowStatements = [
    ...chunks([...new Set(ids)], KEYS_PER_STATEMENT).map((part) => db.select().from(cardPrintings).where(inArray(cardPrintings.id, part))),
    ...nameParts.map((part) => db.select().from(cardPrintings).where(inArray(cardPrintings.nameKey, part))),
  ];
  const listStatements = nameParts.map((part) =>
    db
      .select({ nameKey: cardPrintLists.nameKey, listedAt: cardPrintLists.listedAt })
      .from(cardPrintLists)
      .where(and(inArray(cardPrintLists.nameKey, part), gt(cardPrintLists.listedAt, now - PRINT_LIST_FRESH_MS))),
  );
  if (rowStatements.length === 0) return { rows: [], listed: new Set() };
  const [first, ...rest] = [...rowStatements, ...listStatements];
  const results = await db.batch([first, ...rest]);
  const rows = results.slice(0, rowStatements.length).flat() as PrintingRow[];
  const listed = results.slice(rowStatements.length).flat() as { nameKey: string }[];
  return { rows: [...new Map(rows.map((row) => [row.id, row])).values()], listed: new Set(listed.map((row) => row.nameKey)) };
}

/**
 * Stores printings (new ones, or fresh data for known ones; a row whose image changed loses its hash, since the
 * hash was of the old picture), and marks `listed` names as having all their printings listed. One round trip.
 */
export async function putPrintings(db: Db, cards: CardDto[], now: number, listed: string[] = []): Promise<void> {
  const unique = [...new Map(cards.filter((c) => c.smallImageUrl).map((card) => [card.id, printingRow(card, now)])).values()];
  const statements = [
    ...chunks(unique, ROWS_PER_INSERT).map((part) =>
      db
        .insert(cardPrintings)
        .values(part)
        .onConflictDoUpdate({
          target: cardPrintings.id,
          set: {
            nameKey: sql`excluded.name_key`,
            name: sql`excluded.name`,
            setCode: sql`excluded.set_code`,
            collectorNumber: sql`excluded.collector_number`,
            imageUrl: sql`excluded.image_url`,
            // The bulk file's rows carry no type line (the index has no use for it): a known one is kept.
            typeLine: sql`CASE WHEN excluded.type_line = '' THEN ${cardPrintings.typeLine} ELSE excluded.type_line END`,
            listedAt: sql`excluded.listed_at`,
            hash: sql`CASE WHEN ${cardPrintings.smallImageUrl} = excluded.small_image_url THEN ${cardPrintings.hash} ELSE NULL END`,
            smallImageUrl: sql`excluded.small_image_url`,
          },
        }),
    ),
    ...chunks([...new Set(listed)], 45).map((part) =>
      db
        .insert(cardPrintLists)
        .values(part.map((nameKey) => ({ nameKey, listedAt: now })))
        .onConflictDoUpdate({ target: cardPrintLists.nameKey, set: { listedAt: sql`excluded.listed_at` } }),
    ),
  ];
  if (statements.length === 0) return;
  const [first, ...rest] = statements;
  await db.batch([first, ...rest]);
}

/**
 * Lists every printing of the given cards through the card service (a paced search, 20 cards to a query) and stores
 * them: the names are then known for a week.
 */
export async function listPrintings(source: CardSource, db: Db, cards: PrintingsOf[], now: number): Promise<number> {
  if (cards.length === 0) return 0;
  const printings = await source.printings(cards);
  await putPrintings(
    db,
    printings,
    now,
    cards.map((c) => printingNameKey(c.name)),
  );
  return printings.length;
}

/**
 * Takes the rows no other worker is hashing (a claim lasts a minute), so two requests for one table do not fetch
 * the same pictures. One statement.
 */
async function claim(db: Db, ids: string[], now: number): Promise<{ id: string; smallImageUrl: string }[]> {
  const statements = chunks([...new Set(ids)], KEYS_PER_STATEMENT).map((part) =>
    db
      .update(cardPrintings)
      .set({ claimedAt: now })
      .where(
        and(
          inArray(cardPrintings.id, part),
          or(isNull(cardPrintings.claimedAt), lt(cardPrintings.claimedAt, now - CLAIM_MS)),
          or(isNull(cardPrintings.hash), ne(cardPrintings.hashVersion, HASH_VERSION), isNull(cardPrintings.hashVersion)),
          or(isNull(cardPrintings.failedAt), lt(cardPrintings.failedAt, now - RETRY_FAILED_MS)),
        ),
      )
      .returning({ id: cardPrintings.id, smallImageUrl: cardPrintings.smallImageUrl }),
  );
  if (statements.length === 0) return [];
  const [first, ...rest] = statements;
  return (await db.batch([first, ...rest])).flat();
}

export type HashOutcome = { hashed: number; failed: number; left: number };

/**
 * Hashes the given printings' pictures (those still needing it and not claimed by another worker), six at a time,
 * until `deadline` (epoch ms); writes the hashes in one batch at the end, and frees the claims of what it did not
 * reach. A picture that cannot be read is marked failed (tried again after a day); an unreachable image host stops
 * the run (the rest are left for the next).
 */
export async function hashPrintings(
  db: Db,
  ids: string[],
  {
    imageOrigin,
    siteOrigin,
    deadline,
    maxImages = Infinity,
    now = Date.now,
  }: { imageOrigin: string; siteOrigin: string; deadline: number; maxImages?: number; now?: () => number },
): Promise<HashOutcome> {
  const claimed = await claim(db, ids, now());
  // Past the run's allowance, claims are given back at once (below, with what the deadline cut off).
  const rows = claimed.slice(0, Math.max(0, maxImages));
  const spare = claimed.slice(rows.length).map((r) => r.id);
  const done: { id: string; hash: string | null }[] = [];
  let next = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < rows.length && now() < deadline) {
      const row = rows[next++];
      try {
        done.push({ id: row.id, hash: await fetchCardImageHash(row.smallImageUrl, imageOrigin, siteOrigin) });
      } catch (error) {
        if (error instanceof CardImageUnreadable && error.lasting) {
          done.push({ id: row.id, hash: null });
        } else {
          currentLogger().warn("Card picture could not be hashed", { printingId: row.id, error });
          stop = true;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, worker));
  const at = now();
  const doneIds = new Set(done.map((d) => d.id));
  const untouched = [...rows.filter((r) => !doneIds.has(r.id)).map((r) => r.id), ...spare];
  const hashed = done.flatMap((d) => (d.hash ? [{ id: d.id, hash: d.hash }] : []));
  const failedIds = done.flatMap((d) => (d.hash ? [] : [d.id]));
  const statements = [
    // A few statements for hundreds of rows (two parameters a row in the CASE, one in the IN list).
    ...chunks(hashed, HASHES_PER_UPDATE).map((part) =>
      db
        .update(cardPrintings)
        .set({
          hash: sql`CASE ${cardPrintings.id} ${sql.join(
            part.map((d) => sql`WHEN ${d.id} THEN ${d.hash}`),
            sql` `,
          )} END`,
          hashVersion: HASH_VERSION,
          failedAt: null,
          claimedAt: null,
        })
        .where(
          inArray(
            cardPrintings.id,
            part.map((d) => d.id),
          ),
        ),
    ),
    ...chunks(failedIds, KEYS_PER_STATEMENT).map((part) =>
      db.update(cardPrintings).set({ failedAt: at, claimedAt: null }).where(inArray(cardPrintings.id, part)),
    ),
    ...chunks(untouched, KEYS_PER_STATEMENT).map((part) =>
      db.update(cardPrintings).set({ claimedAt: null }).where(inArray(cardPrintings.id, part)),
    ),
  ];
  if (statements.length > 0) {
    const [first, ...rest] = statements;
    await db.batch([first, ...rest]);
  }
  const failed = done.filter((d) => d.hash === null).length;
  return { hashed: done.length - failed, failed, left: untouched.length };
}
