import { and, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { cardDto, type CardDto } from "../../contract/cards";
import type { Db } from "../../db/client";
import { cardCache } from "../../db/schema";
import { cardSource, nameKeys, type CardStore } from "../../services/card-source";
import { countOperatorEvent } from "../operations/operations";

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
  const select = (where: SQL | undefined, since: number) =>
    db
      .select({ card: cardCache.card })
      .from(cardCache)
      .where(and(where, gt(cardCache.fetchedAt, since)));
  // Only a printing a lookup by name chose: a name is read back as the service's own choice, not any printing.
  const byNameKeys = (part: string[]) => and(inArray(cardCache.nameKey, part), eq(cardCache.byName, 1));
  // Two parameters a printing (set, number), through card_cache_printing_idx.
  const byPrintings = (part: string[]) =>
    or(
      ...part.map((key) => {
        const [set, number] = key.split("/");
        return and(eq(cardCache.setCode, set), eq(cardCache.collectorNumber, number));
      }),
    );
  /** The statements for the given keys, KEYS_PER_STATEMENT parameters each, all in one batch. */
  async function read(groups: { keys: string[]; perStatement: number; where: (part: string[]) => SQL | undefined }[]) {
    const since = freshSince();
    const plan = groups.map(({ keys, perStatement, where }) =>
      chunks([...new Set(keys)], perStatement).map((part) => select(where(part), since)),
    );
    const statements = plan.flat();
    if (statements.length === 0) return groups.map(() => [] as CardDto[]);
    const [first, ...rest] = statements;
    const results = await db.batch([first, ...rest]);
    let at = 0;
    return plan.map((group) => {
      const rows = results.slice(at, at + group.length).flat();
      at += group.length;
      return decode(rows);
    });
  }
  return {
    byIds: async (ids) => (await read([{ keys: ids, perStatement: KEYS_PER_STATEMENT, where: (part) => inArray(cardCache.id, part) }]))[0],
    byNameKeys: async (keys) => (await read([{ keys: keys.map(storeKey), perStatement: KEYS_PER_STATEMENT, where: byNameKeys }]))[0],
    async lookup({ nameKeys: names, printings }) {
      const [byName, byPrinting] = await read([
        { keys: names.map(storeKey), perStatement: KEYS_PER_STATEMENT, where: byNameKeys },
        { keys: printings, perStatement: KEYS_PER_STATEMENT / 2, where: byPrintings },
      ]);
      return { byName, byPrinting };
    },
    async put(entries) {
      if (entries.length === 0) return;
      const at = now();
      // One row per printing; a name's choice stays one whichever way it came.
      const unique = new Map<string, { card: CardDto; byName: boolean }>();
      for (const entry of entries)
        unique.set(entry.card.id, { card: entry.card, byName: entry.byName || (unique.get(entry.card.id)?.byName ?? false) });
      const statements = chunks([...unique.values()], ROWS_PER_INSERT).map((part) =>
        db
          .insert(cardCache)
          .values(
            part.map(({ card, byName }) => ({
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

/** The Worker's card source: Scryfall, paced, behind the D1 cache; each refusal of Scryfall's is counted for the operator. */
export function cardSourceFor(env: { SCRYFALL_API_URL: string; PUBLIC_ORIGIN: string }, db: Db) {
  return cardSource(env, d1CardStore(db), async () => {
    await countOperatorEvent(db, "cardRefusals").run();
  });
}
