import type { CardDto } from "../../contract/cards";
import { nameKeys, type CardIdentifier, type CardSource, type CollectionResult, type NamedLookup } from "./card-source";

/** Where looked-up cards are kept (D1 in production: workers/domain/card-cache.ts). Reads return fresh entries only. */
export interface CardStore {
  byIds(ids: string[]): Promise<CardDto[]>;
  /** Fresh cards whose lowercased name (or front face's) is one of `keys`. */
  byNameKeys(keys: string[]): Promise<CardDto[]>;
  put(cards: CardDto[]): Promise<void>;
}

/**
 * A card source that asks the store first and the inner source only for what it lacks, then stores the answers.
 * Autocomplete is passed through uncached: every keystroke is a different query, so a cache would rarely be hit.
 */
export class CachedCardSource implements CardSource {
  constructor(
    private readonly inner: CardSource,
    private readonly store: CardStore,
  ) {}

  autocomplete(q: string): Promise<string[]> {
    return this.inner.autocomplete(q);
  }

  async named(lookup: NamedLookup): Promise<CardDto | null> {
    // A fuzzy name cannot be matched against the store (Scryfall decides what it means), so it always asks.
    if ("exact" in lookup) {
      const key = lookup.exact.trim().toLowerCase();
      const [hit] = await this.store.byNameKeys([key]);
      if (hit) return hit;
    }
    const card = await this.inner.named(lookup);
    if (card) await this.store.put([card]);
    return card;
  }

  async byId(id: string): Promise<CardDto | null> {
    const [hit] = await this.store.byIds([id]);
    if (hit) return hit;
    const card = await this.inner.byId(id);
    if (card) await this.store.put([card]);
    return card;
  }

  async collection(identifiers: CardIdentifier[]): Promise<CollectionResult> {
    const wanted = new Map<string, CardIdentifier>();
    for (const identifier of identifiers) {
      const key = identifier.name.trim().toLowerCase();
      if (!wanted.has(key)) wanted.set(key, identifier);
    }
    const cached = wanted.size > 0 ? await this.store.byNameKeys([...wanted.keys()]) : [];
    const found = new Set(cached.flatMap((card) => nameKeys(card.name)));
    const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, identifier]) => identifier);
    if (missing.length === 0) return { cards: cached, notFound: [] };
    const fetched = await this.inner.collection(missing);
    if (fetched.cards.length > 0) await this.store.put(fetched.cards);
    return { cards: [...cached, ...fetched.cards], notFound: fetched.notFound };
  }
}
