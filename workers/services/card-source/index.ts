import { CachedCardSource, type CardStore } from "./cached";
import { RememberingMissingIds } from "./missing-ids";
import { ScryfallSource } from "./scryfall";

export {
  CardServiceUnavailable,
  nameKeys,
  type CardIdentifier,
  type CardSource,
  type CollectionResult,
  type NamedLookup,
} from "./card-source";
export type { CardStore } from "./cached";

/**
 * The card source of a Worker: Scryfall at SCRYFALL_API_URL, paced per isolate (members in turn), over the given
 * store; ids found missing are remembered for an hour (./missing-ids.ts).
 */
export function cardSource(env: { SCRYFALL_API_URL: string }, store: CardStore) {
  return new CachedCardSource(new RememberingMissingIds(new ScryfallSource(env.SCRYFALL_API_URL), env.SCRYFALL_API_URL), store);
}
export { asCardRequester } from "./requester";
