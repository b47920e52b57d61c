import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  MAX_DECKS_PER_MEMBER,
  MAX_DECK_NAME,
  cardDto,
  deckCard,
  unresolvedLine,
  type CardDto,
  type CreateDeckBody,
  type DeckCard,
  type DeckDto,
  type DeckSummary,
} from "../../contract/cards";
import { z } from "../../lib/zod";
import type { Db } from "../../db/client";
import { decks } from "../../db/schema";
import { resolveDeck, type CardEnv } from "./deck-resolve";
import { conflict, invalid, notFound } from "../errors";
import { enforceRateLimit } from "../rate-limit";
import { deckOnSeatVisibleTo } from "../rooms/seat-decks";
import { profileShownTo } from "../members/privacy";

/**
 * Members' saved decks. A deck is resolved once, when saved: its cards (as CardDto JSON), the lines that did not
 * resolve and the count are stored, so reading a deck never calls the card service.
 */

const cardsJson = z.array(deckCard);
const commandersJson = z.array(cardDto);
const unresolvedJson = z.array(unresolvedLine);

type DeckRow = typeof decks.$inferSelect;
export type StoredDeck = DeckDto & { ownerId: string; source: string };

function decode(row: DeckRow): StoredDeck {
  return {
    id: row.id,
    ownerId: row.ownerId,
    source: row.source,
    name: row.name,
    commanders: commandersJson.catch([]).parse(row.commanders),
    cards: cardsJson.catch([]).parse(row.cards),
    unresolved: unresolvedJson.catch([]).parse(row.unresolved),
    cardCount: row.cardCount,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const toDto = ({ ownerId: _owner, source: _source, ...deck }: StoredDeck): DeckDto => deck;

/** The deck row decoded (with its owner's id), or null. */
export async function getDeck(db: Db, deckId: string): Promise<StoredDeck | null> {
  const [row] = await db.select().from(decks).where(eq(decks.id, deckId)).limit(1);
  return row ? decode(row) : null;
}

/**
 * Whether `viewerId` may read the deck: its owner always; anyone the owner's profile is shown to (profileShownTo: their
 * privacy setting and blocks), since a member's saved decks are on their profile, as deck sites share them; and anyone
 * who may see a room where it sits on a seat (the seat's `deck_id`, migration 0012: a room they have a place in, or
 * one no block and no removal by its host keeps them out of; seat-decks.ts).
 */
export async function canReadDeck(db: Db, viewerId: string, deckId: string): Promise<boolean> {
  const [row] = await db
    .select({ ownerId: decks.ownerId, onProfile: profileShownTo(decks.ownerId, viewerId) })
    .from(decks)
    .where(eq(decks.id, deckId))
    .limit(1);
  if (!row) return false;
  return row.ownerId === viewerId || row.onProfile || deckOnSeatVisibleTo(db, deckId, viewerId);
}

/** The deck for a viewer who may read it; 404 otherwise (another member's deck is not revealed to exist). */
export async function readDeck(db: Db, viewerId: string, deckId: string): Promise<DeckDto> {
  const deck = await getDeck(db, deckId);
  if (!deck || (deck.ownerId !== viewerId && !(await canReadDeck(db, viewerId, deckId)))) throw notFound("No such deck");
  return toDto(deck);
}

/**
 * A member's decks as `viewerId` may see them (all of them for the owner; for anyone else while the owner's profile is
 * shown to them: profileShownTo, decided in the same statement), most recently saved first (at most
 * MAX_DECKS_PER_MEMBER exist, so one page holds them all).
 */
export async function listDecks(db: Db, ownerId: string, viewerId: string = ownerId): Promise<DeckSummary[]> {
  return toDeckSummaries(await decksShownQuery(db, ownerId, viewerId));
}

/** Whose decks `viewerId` sees: their own, and another member's while that member's profile is shown to them. */
const decksShownTo = (ownerId: string, viewerId: string) =>
  and(eq(decks.ownerId, ownerId), viewerId === ownerId ? undefined : profileShownTo(ownerId, viewerId));

/** The statement `listDecks` runs (for batches). */
export function decksShownQuery(db: Db, ownerId: string, viewerId: string) {
  return db
    .select({ id: decks.id, name: decks.name, commanders: decks.commanders, cardCount: decks.cardCount, updatedAt: decks.updatedAt })
    .from(decks)
    .where(decksShownTo(ownerId, viewerId))
    .orderBy(desc(decks.updatedAt))
    .limit(MAX_DECKS_PER_MEMBER);
}

export function toDeckSummaries(rows: Awaited<ReturnType<typeof decksShownQuery>>): DeckSummary[] {
  return rows.map((row) => ({
    ...row,
    commanders: commandersJson.catch([]).parse(row.commanders),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }));
}

/** A deck site's name for a deck, fitted to a deck name's rules (trimmed, at most MAX_DECK_NAME characters). */
export function siteDeckName(name: string | null): string {
  let fitted = "";
  // Whole characters only (a length counts UTF-16 units, as the typed name's limit does).
  for (const char of (name ?? "").trim()) {
    if (fitted.length + char.length > MAX_DECK_NAME) break;
    fitted += char;
  }
  return fitted.trim() === "" ? "Imported deck" : fitted.trim();
}

/** One of `ownerId`'s decks, whole, when `viewerId` sees their decks (a profile's opened deck, for batches). */
export function deckShownQuery(db: Db, ownerId: string, viewerId: string, deckId: string) {
  return db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), decksShownTo(ownerId, viewerId)))
    .limit(1);
}

export const toDeckDto = (row: DeckRow): DeckDto => toDto(decode(row));

export const TOO_MANY_DECKS = `You can keep at most ${MAX_DECKS_PER_MEMBER} decks; delete one to save another`;

/** Resolves and saves a deck (rate-limited; at most MAX_DECKS_PER_MEMBER per member, checked in the insert itself). */
export async function createDeck(env: CardEnv, db: Db, ownerId: string, body: CreateDeckBody, now = Date.now()): Promise<DeckDto> {
  await enforceRateLimit(db, "deckCreate", ownerId, now);
  const resolved = await resolveDeck(env, db, "text" in body ? { text: body.text } : { url: body.url });
  if (resolved.cards.length === 0) throw invalid("None of the lines names a card", resolved.unresolved);
  // A linked deck keeps the name its site gives it unless the member typed one.
  const name = body.name ?? siteDeckName(resolved.name);
  const id = crypto.randomUUID();
  // One statement: the cap is checked by the insert, so two saves at once cannot both pass it.
  const result = await db.run(sql`
    INSERT INTO ${decks} (id, owner_id, name, commanders, cards, unresolved, card_count, source, created_at, updated_at)
    SELECT ${id}, ${ownerId}, ${name}, ${JSON.stringify(resolved.commanders)}, ${JSON.stringify(resolved.cards)},
      ${JSON.stringify(resolved.unresolved)}, ${resolved.cardCount}, ${resolved.origin}, ${now}, ${now}
    WHERE (SELECT count(*) FROM ${decks} WHERE owner_id = ${ownerId}) < ${MAX_DECKS_PER_MEMBER}`);
  if (result.meta.changes === 0) throw conflict(TOO_MANY_DECKS);
  return {
    id,
    name,
    commanders: resolved.commanders,
    cards: resolved.cards,
    unresolved: resolved.unresolved,
    cardCount: resolved.cardCount,
    updatedAt: new Date(now).toISOString(),
  };
}

/** Deletes the owner's deck; 404 when there is none of theirs by that id. */
export async function deleteDeck(db: Db, ownerId: string, deckId: string): Promise<void> {
  const result = await db.delete(decks).where(and(eq(decks.id, deckId), eq(decks.ownerId, ownerId)));
  if (result.meta.changes === 0) throw notFound("No such deck");
}

/** Every card entry of the given decks (commanders included), as stored: with whether each line gave its printing. */
export async function deckEntries(db: Db, deckIds: string[]): Promise<DeckCard[]> {
  const ids = [...new Set(deckIds)].slice(0, 90);
  if (ids.length === 0) return [];
  const rows = await db.select({ cards: decks.cards }).from(decks).where(inArray(decks.id, ids));
  return rows.flatMap((row) => cardsJson.catch([]).parse(row.cards));
}

/** The distinct cards of the given decks, commanders included: the candidates for click-to-identify at a table. */
export async function deckCardsForTable(db: Db, deckIds: string[]): Promise<CardDto[]> {
  const byId = new Map<string, CardDto>();
  for (const entry of await deckEntries(db, deckIds)) byId.set(entry.card.id, entry.card);
  return [...byId.values()];
}
