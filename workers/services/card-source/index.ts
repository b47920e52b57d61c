import { CachedCardSource, type CardStore } from "./cached";
import { ScryfallSource, type ScryfallOptions } from "./scryfall";

export {
  CardServiceUnavailable,
  nameKeys,
  type CardIdentifier,
  type CardSource,
  type CollectionResult,
  type NamedLookup,
} from "./card-source";
export type { CardStore } from "./cached";

/** The card source of a Worker: Scryfall at SCRYFALL_API_URL, paced per isolate, over the given store. */
export function cardSource(
  env: { SCRYFALL_API_URL: string; PUBLIC_ORIGIN: string },
  store: CardStore,
  onRefusal?: ScryfallOptions["onRefusal"],
) {
  return new CachedCardSource(new ScryfallSource(env.SCRYFALL_API_URL, { siteOrigin: env.PUBLIC_ORIGIN, onRefusal }), store);
}
