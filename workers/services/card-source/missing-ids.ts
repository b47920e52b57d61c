import type { CardDto } from "../../contract/cards";
import type { BulkFile, CardIdentifier, CardSource, CollectionResult, NamedLookup, PrintingsOf } from "./card-source";

/**
 * Ids the card service said no card has (a 404), remembered for MISSING_ID_MEMORY_MS so the same id is not asked
 * again meanwhile (issue 35: the card cache keeps only cards, so an unknown id went to the service every time).
 * An hour: a Scryfall id that exists never stops existing, and a new card's id is one nobody could have asked for
 * before it was published, so a miss stays true; the hour only bounds how long a mistaken "missing" could last.
 * Kept in each Worker isolate's memory (a Map of at most MAX_REMEMBERED_MISSING ids, oldest forgotten first), per
 * API base: free to read, and what it cannot stop (a new random id each time) the per-member limit does.
 */
export const MISSING_ID_MEMORY_MS = 60 * 60_000;
export const MAX_REMEMBERED_MISSING = 5_000;

export class MissingIdMemory {
  /** `${base} ${id}` → when it was found missing (insertion order: oldest first). */
  private readonly missing = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  has(base: string, id: string): boolean {
    const key = `${base} ${id}`;
    const at = this.missing.get(key);
    if (at === undefined) return false;
    if (this.now() - at < MISSING_ID_MEMORY_MS) return true;
    this.missing.delete(key);
    return false;
  }

  remember(base: string, id: string): void {
    const key = `${base} ${id}`;
    this.missing.delete(key);
    this.missing.set(key, this.now());
    while (this.missing.size > MAX_REMEMBERED_MISSING) {
      const oldest = this.missing.keys().next().value;
      if (oldest === undefined) break;
      this.missing.delete(oldest);
    }
  }
}

/** The isolate's memory, shared by every card source built in it. */
const isolateMemory = new MissingIdMemory();

/** A card source that answers "no such card" for an id found missing within the hour, without asking `inner`. */
export class RememberingMissingIds implements CardSource {
  constructor(
    private readonly inner: CardSource,
    private readonly base: string,
    private readonly memory: MissingIdMemory = isolateMemory,
  ) {}

  autocomplete(q: string): Promise<string[]> {
    return this.inner.autocomplete(q);
  }

  named(lookup: NamedLookup): Promise<CardDto | null> {
    return this.inner.named(lookup);
  }

  async byId(id: string): Promise<CardDto | null> {
    const key = id.toLowerCase();
    if (this.memory.has(this.base, key)) return null;
    const card = await this.inner.byId(id);
    if (!card) this.memory.remember(this.base, key);
    return card;
  }

  collection(identifiers: CardIdentifier[]): Promise<CollectionResult> {
    return this.inner.collection(identifiers);
  }

  printings(wanted: PrintingsOf[]): Promise<CardDto[]> {
    return this.inner.printings(wanted);
  }

  bulkFiles(): Promise<BulkFile[]> {
    return this.inner.bulkFiles();
  }
}
