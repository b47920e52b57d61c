import type { CardDto } from "../../contract/cards";
import { z } from "../../lib/zod";
import {
  CardServiceUnavailable,
  type BulkFile,
  type CardIdentifier,
  type CardSource,
  type CollectionResult,
  type NamedLookup,
  type PrintingsOf,
} from "./card-source";
import { COOL_DOWN_MS, endpointKind, FairPacer } from "./pacing";
import { currentCardRequester } from "./requester";
import { scryfallBulkList, scryfallCard, scryfallCatalog, scryfallList, toCardDto } from "./scryfall-card";

/** Scryfall asks every client to name itself (https://scryfall.com/docs/api, "Required headers"): the product, and the deployment's own address (PUBLIC_ORIGIN). */
export const clientHeaders = (siteOrigin: string) =>
  ({ "User-Agent": `Realmcast/1.0 (+${siteOrigin})`, Accept: "application/json" }) as const;

export type ScryfallOptions = {
  /** The site's own address, named in the User-Agent. */
  siteOrigin: string;
  /** Told of each answer that becomes CardServiceUnavailable (429, 5xx, timeout, unreachable): the operator's count. */
  onRefusal?: () => Promise<void>;
};
/** Scryfall's most identifiers per /cards/collection request. */
export const COLLECTION_BATCH = 75;
/** A lookup waits at most this long for an answer. */
const TIMEOUT_MS = 8_000;
/**
 * Cards per search for their printings: `oracleid:…` terms joined by `or` keep the query near 1,000 characters, and
 * one search (paged by 175) lists the printings of 20 cards, against one search per card.
 */
export const PRINTINGS_PER_SEARCH = 20;
/** A search's pages followed at most (a basic land has ~700 printings: 4 pages). */
const MAX_SEARCH_PAGES = 40;

/**
 * Pacing per Worker isolate and per API base (a test pointing one isolate at two fakes keeps them apart): the
 * starts of requests are spaced by ./pacing.ts's FairPacer, members served in turn (./requester.ts says whose
 * lookup it is); `coolUntil` is set by a 429.
 */
type Lane = { pacer: FairPacer; coolUntil: number };
const lanes = new Map<string, Lane>();
function laneOf(base: string): Lane {
  let lane = lanes.get(base);
  if (!lane) {
    lane = { pacer: new FairPacer(), coolUntil: 0 };
    lanes.set(base, lane);
  }
  return lane;
}

const notFoundIdentifier = z.union([
  z.object({ name: z.string() }).transform(({ name }) => ({ name })),
  z.object({ set: z.string(), collector_number: z.string() }).transform((id) => ({ set: id.set, collectorNumber: id.collector_number })),
]);

export class ScryfallSource implements CardSource {
  private readonly base: string;

  constructor(
    apiBase: string,
    private readonly options: ScryfallOptions,
  ) {
    this.base = apiBase.replace(/\/+$/, "");
  }

  async autocomplete(q: string): Promise<string[]> {
    const body = await this.request(`/cards/autocomplete?q=${encodeURIComponent(q)}`);
    return body ? scryfallCatalog.parse(body).data.slice(0, 20) : [];
  }

  async named(lookup: NamedLookup): Promise<CardDto | null> {
    const query = "exact" in lookup ? `exact=${encodeURIComponent(lookup.exact)}` : `fuzzy=${encodeURIComponent(lookup.fuzzy)}`;
    const body = await this.request(`/cards/named?${query}`);
    return body ? toCardDto(scryfallCard.parse(body)) : null;
  }

  async byId(id: string): Promise<CardDto | null> {
    const body = await this.request(`/cards/${encodeURIComponent(id)}`);
    return body ? toCardDto(scryfallCard.parse(body)) : null;
  }

  async collection(identifiers: CardIdentifier[]): Promise<CollectionResult> {
    const cards: CardDto[] = [];
    const notFound: CardIdentifier[] = [];
    for (let i = 0; i < identifiers.length; i += COLLECTION_BATCH) {
      // Scryfall's identifier shapes (https://scryfall.com/docs/api/cards/collection): { name } or { set, collector_number }.
      const batch = identifiers
        .slice(i, i + COLLECTION_BATCH)
        .map((id) => ("name" in id ? { name: id.name } : { set: id.set.toLowerCase(), collector_number: id.collectorNumber }));
      const body = await this.request("/cards/collection", { identifiers: batch });
      const list = scryfallList.parse(body);
      cards.push(...list.data.map(toCardDto));
      for (const missing of list.not_found ?? []) {
        const parsed = notFoundIdentifier.safeParse(missing);
        if (parsed.success) notFound.push(parsed.data);
      }
    }
    return { cards, notFound };
  }

  async printings(wanted: PrintingsOf[]): Promise<CardDto[]> {
    const cards: CardDto[] = [];
    for (let i = 0; i < wanted.length; i += PRINTINGS_PER_SEARCH) {
      const terms = wanted
        .slice(i, i + PRINTINGS_PER_SEARCH)
        .map((card) => (card.oracleId ? `oracleid:${card.oracleId}` : `!"${card.name.replace(/"/g, "")}"`));
      let path: string | null = `/cards/search?${new URLSearchParams({ q: terms.join(" or "), unique: "prints", order: "released" })}`;
      for (let page = 0; path && page < MAX_SEARCH_PAGES; page++) {
        const body = await this.request(path);
        if (!body) break; // 404: no card matched
        const list = scryfallList.parse(body);
        for (const card of list.data) if (!card.digital) cards.push(toCardDto(card));
        path = list.has_more && list.next_page ? this.samePath(list.next_page) : null;
      }
    }
    return cards;
  }

  async bulkFiles(): Promise<BulkFile[]> {
    const body = await this.request("/bulk-data");
    if (!body) return [];
    return scryfallBulkList.parse(body).data.map((file) => ({
      type: file.type,
      updatedAt: file.updated_at,
      downloadUri: file.download_uri,
      size: file.size ?? null,
    }));
  }

  /**
   * The path and query of a next page's address, asked of this source's own base: only what Scryfall's answer says
   * to ask next is taken from it, never where.
   */
  private samePath(address: string): string | null {
    try {
      const url = new URL(address);
      const basePath = new URL(this.base).pathname.replace(/\/+$/, "");
      const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
      return `${path}${url.search}`;
    } catch {
      return null;
    }
  }

  /** The JSON body, or null for a 404; CardServiceUnavailable when Scryfall cannot answer. */
  private async request(path: string, json?: unknown): Promise<unknown> {
    const lane = laneOf(this.base);
    if (Date.now() < lane.coolUntil) throw new CardServiceUnavailable("resting after Scryfall's 429");
    const kind = endpointKind(path.split("?")[0]);
    // Wait for this request's turn among the members asking; one who already has many waiting is refused.
    if (!(await lane.pacer.turn(currentCardRequester(), kind))) throw new CardServiceUnavailable("too many lookups of one member waiting");
    if (Date.now() < lane.coolUntil) throw new CardServiceUnavailable("resting after Scryfall's 429");
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: json === undefined ? "GET" : "POST",
        headers:
          json === undefined
            ? clientHeaders(this.options.siteOrigin)
            : { ...clientHeaders(this.options.siteOrigin), "Content-Type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw await this.refused(error instanceof Error ? error.message : "unreachable");
    }
    if (response.status === 429) {
      lane.coolUntil = Date.now() + COOL_DOWN_MS;
      await response.body?.cancel();
      throw await this.refused("Scryfall answered 429");
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw await this.refused(`Scryfall answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch {
      throw await this.refused("Scryfall's answer was not JSON");
    }
  }

  /** Scryfall refused or failed to answer: counted for the operator (a count that fails is not an error of its own). */
  private async refused(reason: string): Promise<CardServiceUnavailable> {
    await this.options.onRefusal?.().catch(() => undefined);
    return new CardServiceUnavailable(reason);
  }
}
