import type { CardDto } from "../../contract/cards";

/** A lookup by name, as Scryfall's /cards/named takes it: the exact name, or a fuzzy one (words in any case, abbreviated). */
export type NamedLookup = { exact: string } | { fuzzy: string };
export type CardIdentifier = { name: string };
export type CollectionResult = { cards: CardDto[]; notFound: CardIdentifier[] };

/**
 * Where card data comes from. Scryfall is the first implementation (./scryfall.ts); the rest of Realmcast only
 * knows this interface, so another source (or a local card database) could replace it.
 */
export interface CardSource {
  /** Up to 20 card names containing `q`. */
  autocomplete(q: string): Promise<string[]>;
  /** The card, or null when no card has that name. */
  named(lookup: NamedLookup): Promise<CardDto | null>;
  /** The card, or null when the id names no card. */
  byId(id: string): Promise<CardDto | null>;
  /** Many cards by name at once; names that match no card come back in `notFound`. */
  collection(identifiers: CardIdentifier[]): Promise<CollectionResult>;
}

/** The card service cannot answer now: unreachable, failing (5xx), or resting after it said we asked too often (429). */
export class CardServiceUnavailable extends Error {
  constructor(reason: string) {
    super(`Card service unavailable: ${reason}`);
    this.name = "CardServiceUnavailable";
  }
}

/** The keys a name is found by: the whole name, and for a double-faced card ("Front // Back") its front face's. */
export function nameKeys(name: string): string[] {
  const whole = name.trim().toLowerCase();
  const front = whole.split(" // ")[0];
  return front === whole ? [whole] : [whole, front];
}
