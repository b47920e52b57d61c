import {
  ARCHIDEKT_REFUSED,
  CARD_SERVICE_UNAVAILABLE,
  DECK_NOT_FOUND,
  MOXFIELD_PASTE,
  NOT_A_DECK_LINK,
  type CardDto,
  type DeckCard,
  type DeckSource,
  type ResolvedDeck,
  type UnresolvedLine,
} from "../../contract/cards";
import type { Db } from "../../db/client";
import { CardServiceUnavailable, nameKeys, printingKey, type CardSource } from "../../services/card-source";
import { DeckNotFound, DeckSiteRefused, fetchArchidektDeck } from "../../services/deck-sites";
import { cardSourceFor } from "./card-cache";
import { parseDeckList, type DeckListEntry } from "./deck-list-parse";
import { parseDeckLink } from "./deck-url";
import { DomainError, unavailable } from "../errors";

export type CardEnv = { SCRYFALL_API_URL: string; ARCHIDEKT_API_URL: string; PUBLIC_ORIGIN: string };
export type DeckOrigin = "text" | "archidekt";
export type ResolvedDeckWithOrigin = ResolvedDeck & { origin: DeckOrigin; cardCount: number };

/** What a card lookup failure means to a member. */
export async function withCardService<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof CardServiceUnavailable) throw unavailable(CARD_SERVICE_UNAVAILABLE);
    throw error;
  }
}

/** Commander and main deck: the cards that are played (a Commander deck counts 100 with its commander). */
export const countCards = (cards: DeckCard[]) => cards.reduce((n, c) => (c.section === "sideboard" ? n : n + c.quantity), 0);

/**
 * Looks the entries up (cache first, the rest in batches of 75): a line naming its printing (`(CMR) 263`) by set and
 * number, the others by name; and merges repeats of a card in a section. A printing the card service does not know
 * falls back to the card's name (any printing), so the card is kept; a name that matches no card becomes an
 * unresolved line saying so. Nothing is dropped.
 */
export async function resolveEntries(source: CardSource, entries: DeckListEntry[]) {
  const names = [...new Map(entries.map((e) => [e.name.toLowerCase(), { name: e.name }])).values()];
  const printings = [
    ...new Map(
      entries.flatMap((e) => (e.printing ? [[printingKey(e.printing.set, e.printing.collectorNumber), e.printing]] : [])),
    ).values(),
  ];
  // Names are asked for lines with a printing too: the fallback when the printing is unknown. One lookup for all
  // (the cache reads and writes both kinds in one round trip each).
  const { cards } =
    names.length + printings.length > 0 ? await withCardService(() => source.collection([...names, ...printings])) : { cards: [] };
  const wantedPrintings = new Set(printings.map((p) => printingKey(p.set, p.collectorNumber)));
  const keyOf = (card: CardDto) => (card.set && card.collectorNumber ? printingKey(card.set, card.collectorNumber) : "");
  const byPrinting = new Map<string, CardDto>();
  for (const card of cards) if (wantedPrintings.has(keyOf(card))) byPrinting.set(keyOf(card), card);
  // A name stands for the service's choice: a card that came back as a named printing only when nothing else did.
  const byKey = new Map<string, CardDto>();
  for (const card of [...cards.filter((c) => !wantedPrintings.has(keyOf(c))), ...cards.filter((c) => wantedPrintings.has(keyOf(c)))])
    for (const key of nameKeys(card.name)) if (!byKey.has(key)) byKey.set(key, card);
  const merged = new Map<string, DeckCard>();
  const unresolved: UnresolvedLine[] = [];
  for (const entry of entries) {
    const named = entry.printing ? byPrinting.get(printingKey(entry.printing.set, entry.printing.collectorNumber)) : undefined;
    // A set and number that name another card (a typo) are not this line's printing.
    const exact = named && nameKeys(named.name).includes(entry.name.toLowerCase()) ? named : undefined;
    const card = exact ?? byKey.get(entry.name.toLowerCase());
    if (!card) {
      unresolved.push({ line: entry.line, text: entry.text, reason: `No card named "${entry.name}"` });
      continue;
    }
    const printingGiven = exact !== undefined;
    const key = `${entry.section}:${card.id}:${printingGiven}`;
    const seen = merged.get(key);
    if (seen) seen.quantity += entry.quantity;
    else merged.set(key, { card, quantity: entry.quantity, section: entry.section, ...(printingGiven ? { printingGiven } : {}) });
  }
  const deckCards = [...merged.values()];
  return { cards: deckCards, commanders: deckCards.filter((c) => c.section === "commander").map((c) => c.card), unresolved };
}

/** A problem with the link itself, said beside the link field (`issues` on `url`). */
const linkProblem = (kind: "invalid" | "unprocessable", message: string) => new DomainError(kind, message, [{ path: ["url"], message }]);

async function importLink(env: CardEnv, url: string): Promise<{ name: string; entries: DeckListEntry[]; unresolved: UnresolvedLine[] }> {
  const link = parseDeckLink(url);
  if (!link) throw linkProblem("invalid", NOT_A_DECK_LINK);
  // Moxfield hands its decks to no other site: say how to paste its export, without asking it (deck-sites.ts).
  if (link.site === "moxfield") throw linkProblem("invalid", MOXFIELD_PASTE);
  try {
    const deck = await fetchArchidektDeck(env.ARCHIDEKT_API_URL, link.id, env.PUBLIC_ORIGIN);
    const entries: DeckListEntry[] = [];
    const unresolved: UnresolvedLine[] = [];
    for (const entry of deck.entries) {
      const { printing } = entry;
      const text = `${entry.quantity} ${entry.name}${printing ? ` (${printing.set.toUpperCase()}) ${printing.collectorNumber}` : ""}`;
      if (entry.section === "maybeboard") unresolved.push({ line: 0, text, reason: "in the maybeboard, not the deck" });
      else if (entry.quantity < 1) unresolved.push({ line: 0, text, reason: "quantity must be 1–250" });
      else
        entries.push({
          line: 0,
          text,
          quantity: entry.quantity,
          name: entry.name,
          section: entry.section,
          ...(printing ? { printing } : {}),
        });
    }
    return { name: deck.name, entries, unresolved };
  } catch (error) {
    if (error instanceof DeckNotFound) throw linkProblem("unprocessable", DECK_NOT_FOUND);
    if (error instanceof DeckSiteRefused) throw linkProblem("unprocessable", ARCHIDEKT_REFUSED);
    throw error;
  }
}

/** A pasted list or a deck link, resolved to cards (writes only the card cache). */
export async function resolveDeck(env: CardEnv, db: Db, input: DeckSource): Promise<ResolvedDeckWithOrigin> {
  const parsed =
    "text" in input
      ? { ...parseDeckList(input.text), origin: "text" as const }
      : { ...(await importLink(env, input.url)), origin: "archidekt" as const };
  const resolved = await resolveEntries(cardSourceFor(env, db), parsed.entries);
  const unresolved = [...parsed.unresolved, ...resolved.unresolved].sort((a, b) => a.line - b.line);
  return {
    name: parsed.name,
    commanders: resolved.commanders,
    cards: resolved.cards,
    unresolved,
    origin: parsed.origin,
    cardCount: countCards(resolved.cards),
  };
}
