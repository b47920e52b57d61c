/**
 * The deck site a member's link may name: Archidekt, whose public deck JSON any client may read. Moxfield is not one:
 * it refuses requests from Workers (403, its bot check) and opens its API only by agreement, so a Moxfield link is
 * answered with the way to paste its export instead, without a request (workers/domain/cards/deck-resolve.ts).
 */
import { z } from "../lib/zod";
import { clientHeaders } from "./card-source/scryfall";

/**
 * A card of an imported deck, by name and, when the site names it, the printing (looked up through the card source
 * like a pasted line).
 */
export type ImportedEntry = {
  quantity: number;
  name: string;
  section: "commander" | "main" | "sideboard" | "maybeboard";
  printing?: { set: string; collectorNumber: string };
};

/** A site's printing, when it names both the set and the number. */
const printingOf = (set: string | null | undefined, collectorNumber: string | null | undefined) =>
  set && collectorNumber ? { printing: { set: set.toLowerCase(), collectorNumber } } : {};
export type ImportedDeck = { name: string; entries: ImportedEntry[] };

/** The site would not hand out the deck (refused, unreachable, or an answer we cannot read). */
export class DeckSiteRefused extends Error {
  constructor(
    readonly site: "archidekt",
    reason: string,
  ) {
    super(`${site} refused: ${reason}`);
    this.name = "DeckSiteRefused";
  }
}

/** The site has no deck at that id (it answered 404, as Archidekt does for a deck that does not exist). */
export class DeckNotFound extends Error {
  constructor(readonly site: "archidekt") {
    super(`${site} has no such deck`);
    this.name = "DeckNotFound";
  }
}

const TIMEOUT_MS = 8_000;

async function getJson(site: "archidekt", url: string, siteOrigin: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: clientHeaders(siteOrigin), signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
  } catch (error) {
    throw new DeckSiteRefused(site, error instanceof Error ? error.message : "unreachable");
  }
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 404) throw new DeckNotFound(site);
    throw new DeckSiteRefused(site, `answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new DeckSiteRefused(site, "answer was not JSON");
  }
}

/** Archidekt's public deck JSON (GET /api/decks/{id}/): cards with quantities and categories. */
const archidektDeck = z.object({
  name: z.string(),
  cards: z.array(
    z.object({
      quantity: z.number().int(),
      categories: z.array(z.string()).nullable().optional(),
      card: z.object({
        oracleCard: z.object({ name: z.string() }),
        // The printing the deck's owner chose.
        collectorNumber: z.string().nullable().optional(),
        edition: z.object({ editioncode: z.string().nullable().optional() }).nullable().optional(),
      }),
    }),
  ),
});

function archidektSection(categories: string[]): ImportedEntry["section"] {
  const lower = categories.map((c) => c.toLowerCase());
  if (lower.includes("commander")) return "commander";
  if (lower.includes("maybeboard")) return "maybeboard";
  if (lower.includes("sideboard")) return "sideboard";
  return "main";
}

export async function fetchArchidektDeck(apiBase: string, id: string, siteOrigin: string): Promise<ImportedDeck> {
  const parsed = archidektDeck.safeParse(
    await getJson("archidekt", `${apiBase.replace(/\/+$/, "")}/decks/${encodeURIComponent(id)}/`, siteOrigin),
  );
  if (!parsed.success) throw new DeckSiteRefused("archidekt", "unexpected answer");
  return {
    name: parsed.data.name,
    entries: parsed.data.cards.map((c) => ({
      quantity: c.quantity,
      name: c.card.oracleCard.name,
      section: archidektSection(c.categories ?? []),
      ...printingOf(c.card.edition?.editioncode, c.card.collectorNumber),
    })),
  };
}
