import { CachedCardSource, type CardStore } from "./cached";
import { ScryfallSource } from "./scryfall";

export {
  CardServiceUnavailable,
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
export type { CardStore } from "./cached";

/** The card source of a Worker: Scryfall at SCRYFALL_API_URL, paced per isolate, over the given store. */
export function cardSource(env: { SCRYFALL_API_URL: string }, store: CardStore) {
  return new CachedCardSource(new ScryfallSource(env.SCRYFALL_API_URL), store);
}
