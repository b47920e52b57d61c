import type { CardDto } from "../../contract/cards";

/** A lookup by name, as Scryfall's /cards/named takes it: the exact name, or a fuzzy one (words in any case, abbreviated). */
export type NamedLookup = { exact: string } | { fuzzy: string };
/** A card by name (the card service picks the printing), or one printing by set code and collector number. */
export type CardIdentifier = { name: string } | { set: string; collectorNumber: string };
export type CollectionResult = { cards: CardDto[]; notFound: CardIdentifier[] };
/** A card whose printings are wanted: by its Oracle id when known (one for all its printings), else its exact name. */
export type PrintingsOf = { oracleId?: string; name: string };
/** One of the card service's daily bulk files. */
export type BulkFile = { type: string; updatedAt: string; downloadUri: string; size: number | null };

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
  /** Many cards by name or printing at once; identifiers that match no card come back in `notFound`. */
  collection(identifiers: CardIdentifier[]): Promise<CollectionResult>;
  /** Every printing of the given cards (paper ones: a digital-only printing never lies on a table). */
  printings(cards: PrintingsOf[]): Promise<CardDto[]>;
  /** The card service's daily bulk files (Scryfall asks that large jobs use them instead of many lookups). */
  bulkFiles(): Promise<BulkFile[]>;
}

export const isPrinting = (identifier: CardIdentifier): identifier is { set: string; collectorNumber: string } => "set" in identifier;

/** The key a printing is found by: set code (lowercase) and collector number. */
export const printingKey = (set: string, collectorNumber: string) => `${set.toLowerCase()}/${collectorNumber}`;

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
