import { and, gt, inArray, sql } from "drizzle-orm";
import { cardDto, type CardDto } from "../contract/cards";
import type { Db } from "../db/client";
import { cardCache } from "../db/schema";
import { cardSource, nameKeys, type CardStore } from "../services/card-source";
import { countOperatorEvent } from "./operations";

/**
 * Cards are kept a week: Scryfall asks clients to keep its data at least 24 hours (card data changes rarely), and a
 * card popular across rooms is then fetched once a week at most. Housekeeping deletes rows a month old.
 */
export const CARD_CACHE_FRESH_MS = 7 * 24 * 60 * 60_000;
/** D1 binds at most 100 parameters per statement. */
const KEYS_PER_STATEMENT = 90;
const ROWS_PER_INSERT = 20;

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
  async function read(column: typeof cardCache.id | typeof cardCache.nameKey, keys: string[]) {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return [];
    const since = freshSince();
    const statements = chunks(unique, KEYS_PER_STATEMENT).map((part) =>
      db
        .select({ card: cardCache.card })
        .from(cardCache)
        .where(and(inArray(column, part), gt(cardCache.fetchedAt, since))),
    );
    const [first, ...rest] = statements;
    const results = await db.batch([first, ...rest]);
    return decode(results.flat());
  }
  return {
    byIds: (ids) => read(cardCache.id, ids),
    byNameKeys: (keys) => read(cardCache.nameKey, keys.map(storeKey)),
    async put(cards) {
      if (cards.length === 0) return;
      const at = now();
      const unique = [...new Map(cards.map((card) => [card.id, card])).values()];
      const statements = chunks(unique, ROWS_PER_INSERT).map((part) =>
        db
          .insert(cardCache)
          .values(part.map((card) => ({ id: card.id, nameKey: storeKey(card.name), card, fetchedAt: at })))
          .onConflictDoUpdate({
            target: cardCache.id,
            set: { nameKey: sql`excluded.name_key`, card: sql`excluded.card`, fetchedAt: sql`excluded.fetched_at` },
          }),
      );
      const [first, ...rest] = statements;
      await db.batch([first, ...rest]);
    },
  };
}

/** The Worker's card source: Scryfall, paced, behind the D1 cache; each refusal of Scryfall's is counted for the operator. */
export function cardSourceFor(env: { SCRYFALL_API_URL: string; PUBLIC_ORIGIN: string }, db: Db) {
  return cardSource(env, d1CardStore(db), async () => {
    await countOperatorEvent(db, "cardRefusals").run();
  });
}
