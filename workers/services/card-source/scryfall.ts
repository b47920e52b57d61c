import type { CardDto } from "../../contract/cards";
import { z } from "../../lib/zod";
import { CardServiceUnavailable, type CardIdentifier, type CardSource, type CollectionResult, type NamedLookup } from "./card-source";
import { COOL_DOWN_MS, endpointKind, FairPacer } from "./pacing";
import { currentCardRequester } from "./requester";
import { scryfallCard, scryfallCatalog, scryfallList, toCardDto } from "./scryfall-card";

/** Scryfall asks every client to name itself (https://scryfall.com/docs/api, "Required headers"). */
export const SCRYFALL_HEADERS = {
  "User-Agent": "Realmcast/1.0 (+https://realmcast.example)",
  Accept: "application/json",
} as const;
/** Scryfall's most identifiers per /cards/collection request. */
export const COLLECTION_BATCH = 75;
/** A lookup waits at most this long for an answer. */
const TIMEOUT_MS = 8_000;

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

export class ScryfallSource implements CardSource {
  private readonly base: string;

  constructor(apiBase: string) {
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
      const batch = identifiers.slice(i, i + COLLECTION_BATCH).map(({ name }) => ({ name }));
      const body = await this.request("/cards/collection", { identifiers: batch });
      const list = scryfallList.parse(body);
      cards.push(...list.data.map(toCardDto));
      for (const missing of list.not_found ?? []) {
        const parsed = z.object({ name: z.string() }).safeParse(missing);
        if (parsed.success) notFound.push({ name: parsed.data.name });
      }
    }
    return { cards, notFound };
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
        headers: json === undefined ? SCRYFALL_HEADERS : { ...SCRYFALL_HEADERS, "Content-Type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CardServiceUnavailable(error instanceof Error ? error.message : "unreachable");
    }
    if (response.status === 429) {
      lane.coolUntil = Date.now() + COOL_DOWN_MS;
      await response.body?.cancel();
      throw new CardServiceUnavailable("Scryfall answered 429");
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CardServiceUnavailable(`Scryfall answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch {
      throw new CardServiceUnavailable("Scryfall's answer was not JSON");
    }
  }
}
