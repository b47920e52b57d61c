import { CachedCardSource, type CardStore } from "./cached";
import { RememberingMissingIds } from "./missing-ids";
import { ScryfallSource, type ScryfallOptions } from "./scryfall";

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

/**
 * The card source of a Worker: Scryfall at SCRYFALL_API_URL, paced per isolate (members in turn), over the given
 * store; ids found missing are remembered for an hour (./missing-ids.ts); each refusal is reported to `onRefusal`.
 */
export function cardSource(
  env: { SCRYFALL_API_URL: string; PUBLIC_ORIGIN: string },
  store: CardStore,
  onRefusal?: ScryfallOptions["onRefusal"],
) {
  return new CachedCardSource(
    new RememberingMissingIds(new ScryfallSource(env.SCRYFALL_API_URL, { siteOrigin: env.PUBLIC_ORIGIN, onRefusal }), env.SCRYFALL_API_URL),
    store,
  );
}
export { asCardRequester } from "./requester";
