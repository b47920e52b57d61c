import { and, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { cardDto, type CardDto } from "../contract/cards";
import type { Db } from "../db/client";
import { cardCache } from "../db/schema";
import { cardSource, nameKeys, type CardStore } from "../services/card-source";

/**
 * Cards are kept a week: Scryfall asks clients to keep its data at least 24 hours (card data changes rarely), and a
 * card popular across rooms is then fetched once a week at most. Housekeeping deletes rows a month old.
 */
export const CARD_CACHE_FRESH_MS = 7 * 24 * 60 * 60_000;
/** D1 binds at most 100 parameters per statement. */
const KEYS_PER_STATEMENT = 90;
/** Seven columns a row. */
const ROWS_PER_INSERT = 14;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The key a card is found by: its front face's lowercased name (the whole name for a single-faced card). */
const storeKey = (name: string) => nameKeys(name).at(-1) ?? name.toLowerCase();

function decode(rows: { card: unknown }[]): CardDto[] {
  return rows.flatMap((row) => {
    const parsed = cardDto.safeParse(row.card);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The D1 card store: every read and write is one round trip (statements over many keys go in one batch). */
export function d1CardStore(db: Db, now: () => number = Date.now): CardStore {
  const freshSince = () => now() - CARD_CACHE_FRESH_MS;
  async function read<K>(keys: K[], perStatement: number, where: (part: K[]) => SQL | undefined) {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return [];
    const since = freshSince();
    const statements = chunks(unique, perStatement).map((part) =>
      db
        .select({ card: cardCache.card })
        .from(cardCache)
        .where(and(where(part), gt(cardCache.fetchedAt, since))),
    );
    const [first, ...rest] = statements;
    const results = await db.batch([first, ...rest]);
    return decode(results.flat());
  }
  return {
    byIds: (ids) => read(ids, KEYS_PER_STATEMENT, (part) => inArray(cardCache.id, part)),
    // Only a printing a lookup by name chose: a name is read back as the service's own choice, not any printing.
    byNameKeys: (keys) =>
      read(keys.map(storeKey), KEYS_PER_STATEMENT, (part) => and(inArray(cardCache.nameKey, part), eq(cardCache.byName, 1))),
    // Two parameters a printing (set, number), through card_cache_printing_idx.
    byPrintings: (keys) =>
      read(keys, KEYS_PER_STATEMENT / 2, (part) =>
        or(
          ...part.map((key) => {
            const [set, number] = key.split("/");
            return and(eq(cardCache.setCode, set), eq(cardCache.collectorNumber, number));
          }),
        ),
      ),
    async put(cards, { byName }) {
      if (cards.length === 0) return;
      const at = now();
      const unique = [...new Map(cards.map((card) => [card.id, card])).values()];
      const statements = chunks(unique, ROWS_PER_INSERT).map((part) =>
        db
          .insert(cardCache)
          .values(
            part.map((card) => ({
              id: card.id,
              nameKey: storeKey(card.name),
              card,
              fetchedAt: at,
              setCode: card.set ? card.set.toLowerCase() : null,
              collectorNumber: card.collectorNumber ?? null,
              byName: byName ? 1 : 0,
            })),
          )
          .onConflictDoUpdate({
            target: cardCache.id,
            set: {
              nameKey: sql`excluded.name_key`,
              card: sql`excluded.card`,
              fetchedAt: sql`excluded.fetched_at`,
              setCode: sql`excluded.set_code`,
              collectorNumber: sql`excluded.collector_number`,
              // Once a name's choice, still its choice when the same printing is looked up another way.
              byName: sql`max(${cardCache.byName}, excluded.by_name)`,
            },
          }),
      );
      const [first, ...rest] = statements;
      await db.batch([first, ...rest]);
    },
  };
}

/** The Worker's card source: Scryfall, paced, behind the D1 cache. */
export function cardSourceFor(env: { SCRYFALL_API_URL: string }, db: Db) {
  return cardSource(env, d1CardStore(db));
}
