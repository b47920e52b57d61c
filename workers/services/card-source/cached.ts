import type { CardDto } from "../../contract/cards";
import {
  isPrinting,
  nameKeys,
  printingKey,
  type BulkFile,
  type CardIdentifier,
  type CardSource,
  type CollectionResult,
  type NamedLookup,
  type PrintingsOf,
} from "./card-source";

/** Where looked-up cards are kept (D1 in production: workers/domain/cards/card-cache.ts). Reads return fresh entries only. */
export interface CardStore {
  byIds(ids: string[]): Promise<CardDto[]>;
  /** Fresh cards a lookup by name answered with, whose lowercased name (or front face's) is one of `keys`. */
  byNameKeys(keys: string[]): Promise<CardDto[]>;
  /** Both of a deck list's lookups at once (one round trip): by name, and by printing (`printingKey(set, number)`). */
  lookup(wanted: { nameKeys: string[]; printings: string[] }): Promise<{ byName: CardDto[]; byPrinting: CardDto[] }>;
  /** Keeps cards; `byName`: the card answered a lookup by name (so the name is read back as that printing). */
  put(entries: { card: CardDto; byName: boolean }[]): Promise<void>;
}

const cardPrintingKey = (card: CardDto) => (card.set && card.collectorNumber ? printingKey(card.set, card.collectorNumber) : null);

/**
 * A card source that asks the store first and the inner source only for what it lacks, then stores the answers.
 * Autocomplete, printings and bulk files are passed through: every keystroke is a different query, and a card's
 * printings and the bulk files are kept by their callers (workers/domain/cards/card-printings.ts, card-pool.ts).
 */
export class CachedCardSource implements CardSource {
  constructor(
    private readonly inner: CardSource,
    private readonly store: CardStore,
  ) {}

  autocomplete(q: string): Promise<string[]> {
    return this.inner.autocomplete(q);
  }

  printings(cards: PrintingsOf[]): Promise<CardDto[]> {
    return this.inner.printings(cards);
  }

  bulkFiles(): Promise<BulkFile[]> {
    return this.inner.bulkFiles();
  }

  async named(lookup: NamedLookup): Promise<CardDto | null> {
    // A fuzzy name cannot be matched against the store (Scryfall decides what it means), so it always asks.
    if ("exact" in lookup) {
      const key = lookup.exact.trim().toLowerCase();
      const [hit] = await this.store.byNameKeys([key]);
      if (hit) return hit;
    }
    const card = await this.inner.named(lookup);
    if (card) await this.store.put([{ card, byName: true }]);
    return card;
  }

  async byId(id: string): Promise<CardDto | null> {
    const [hit] = await this.store.byIds([id]);
    if (hit) return hit;
    const card = await this.inner.byId(id);
    if (card) await this.store.put([{ card, byName: false }]);
    return card;
  }

  async collection(identifiers: CardIdentifier[]): Promise<CollectionResult> {
    const names = new Map<string, CardIdentifier>();
    const printings = new Map<string, CardIdentifier>();
    for (const identifier of identifiers) {
      if (isPrinting(identifier)) {
        const key = printingKey(identifier.set, identifier.collectorNumber);
        if (!printings.has(key)) printings.set(key, identifier);
      } else {
        const key = identifier.name.trim().toLowerCase();
        if (!names.has(key)) names.set(key, identifier);
      }
    }
    const { byName, byPrinting } =
      names.size + printings.size > 0
        ? await this.store.lookup({ nameKeys: [...names.keys()], printings: [...printings.keys()] })
        : { byName: [], byPrinting: [] };
    const foundNames = new Set(byName.flatMap((card) => nameKeys(card.name)));
    const foundPrintings = new Set(byPrinting.flatMap((card) => cardPrintingKey(card) ?? []));
    const missingNames = [...names].filter(([key]) => !foundNames.has(key)).map(([, id]) => id);
    const missingPrintings = [...printings].filter(([key]) => !foundPrintings.has(key)).map(([, id]) => id);
    const cards = [...byName, ...byPrinting];
    const notFound: CardIdentifier[] = [];
    const fresh: { card: CardDto; byName: boolean }[] = [];
    // Names and printings are asked apart, so each answer is stored as what it answered (a name's choice, or a
    // printing); then stored together, in one round trip.
    for (const [missing, byNameAnswer] of [
      [missingNames, true],
      [missingPrintings, false],
    ] as const) {
      if (missing.length === 0) continue;
      const fetched = await this.inner.collection(missing);
      fresh.push(...fetched.cards.map((card) => ({ card, byName: byNameAnswer })));
      cards.push(...fetched.cards);
      notFound.push(...fetched.notFound);
    }
    if (fresh.length > 0) await this.store.put(fresh);
    return { cards, notFound };
  }
}
