import { and, eq, sql } from "drizzle-orm";
import type { CardDto } from "../../contract/cards";
import type { SeatDeck } from "../../contract/room/protocol";
import type { Db } from "../../db/client";
import { alias } from "drizzle-orm/sqlite-core";
import { decks, gameSessionMembers, gameSessions } from "../../db/schema";
import type { RoomMember } from "./game-sessions";
import { readOf } from "./room-d1";
import { pageRefusal } from "./room-rules";
import { mayEnter, roomReadBack } from "./room-seats";

/**
 * Decks on the seats of a room (issue 26): the room decides a seat's deck (`set_deck`, reading the saved deck here)
 * and mirrors it to the seat row (room-d1.ts mirrorTable), every snapshot of the room carries each seat's deck
 * (roomMembersQuery), and who may see a room may read the decks on its seats.
 */

/**
 * A seat's deck as the room shows it, from the columns roomMembersQuery reads (decks.commanders is CardDto[]): a
 * saved deck with its name and commanders, else a deck said by name only (Rule 0), each with the bracket its player
 * gave it. A saved deck deleted meanwhile leaves nothing (its reference was set null).
 */
export function seatDeckOf(
  member: Pick<RoomMember, "deckId" | "deckName" | "deckCommanders" | "namedDeck" | "deckBracket">,
): SeatDeck | null {
  const bracket = member.deckBracket ?? null;
  if (member.deckId && member.deckName !== null) {
    const commanders = Array.isArray(member.deckCommanders) ? (member.deckCommanders as CardDto[]) : [];
    return {
      id: member.deckId,
      name: member.deckName,
      commanders: commanders.map((c) => ({ id: c.id, name: c.name, artUrl: c.artUrl, imageUrl: c.imageUrl })),
      bracket,
    };
  }
  return member.namedDeck ? { id: null, name: member.namedDeck, commanders: [], bracket } : null;
}

/** What a player says they bring (the room's `set_deck`): a saved deck, or a name only, or neither; and its bracket. */
export type SeatDeckChoice = { deckId: string | null; deckName: string | null; bracket: number | null };

/** A saved deck as the room's `set_deck` needs it: whose it is, and what the seat shows of it. */
export type DeckForSeat = { id: string; ownerId: string; name: string; commanders: unknown };

/**
 * The room's one D1 read for a `set_deck` naming a saved deck (decks are D1's; the seat is the room's): the deck,
 * or null when there is none. One indexed read (the primary key).
 */
export async function readDeckForSeat(db: Db, deckId: string): Promise<DeckForSeat | null> {
  const row = await db
    .select({ id: decks.id, ownerId: decks.ownerId, name: decks.name, commanders: decks.commanders })
    .from(decks)
    .where(eq(decks.id, deckId))
    .get();
  return row ?? null;
}

/**
 * The deck a `set_deck` puts on the seat, by the rules of seatDeckOf: a saved deck (read with readDeckForSeat) with
 * its name and commanders, else a name only, each with its bracket; neither is no deck (and no bracket).
 */
export function seatDeckFrom(choice: SeatDeckChoice, saved: DeckForSeat | null): SeatDeck | null {
  return seatDeckOf({
    deckId: saved?.id ?? null,
    deckName: saved?.name ?? null,
    deckCommanders: saved?.commanders ?? null,
    namedDeck: choice.deckId === null ? choice.deckName : null,
    deckBracket: choice.bracket,
  });
}

/** A seat's deck as the seat row holds it (seatDeckOf's inverse): the saved deck's id, or the name said, and the bracket. */
export function seatDeckColumns(deck: SeatDeck | null): { deckId: string | null; deckName: string | null; deckBracket: number | null } {
  if (!deck) return { deckId: null, deckName: null, deckBracket: null };
  return { deckId: deck.id, deckName: deck.id === null ? deck.name : null, deckBracket: deck.bracket };
}

/**
 * Whether `viewerId` may read a deck because it sits on a seat of a room they may see: a room they have a place
 * in, or one no block with its host and no removal by its host keeps them out of (a tournament match room lets
 * anyone watch, room-seats.ts mayEnter). One indexed read (game_session_members_deck_idx).
 */
export async function deckOnSeatVisibleTo(db: Db, deckId: string, viewerId: string): Promise<boolean> {
  const g = alias(gameSessions, "g");
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(gameSessionMembers)
    .innerJoin(g, eq(g.id, gameSessionMembers.sessionId))
    .where(
      and(
        eq(gameSessionMembers.deckId, deckId),
        eq(gameSessionMembers.role, "player"),
        sql`(EXISTS (SELECT 1 FROM game_session_members mine WHERE mine.session_id = g.id AND mine.user_id = ${viewerId}) OR ${mayEnter(viewerId)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Why a member may not read a room's table (the page's own refusals), or the deck ids on its seats. */
export type TableDecks = { found: false } | { found: true; refused: boolean; deckIds: string[] };

/**
 * The decks on a room's seats, for a viewer who may see the room: one round trip (the room's read-back, which
 * carries each seat's deck). A member the host removed, or kept out by a block with the host, is refused unless
 * they have a place there, as the room page refuses them.
 */
export async function tableDecksFor(db: Db, sessionId: string, viewerId: string): Promise<TableDecks> {
  const [sessions, members] = await db.batch([...roomReadBack(db, sessionId, viewerId)]);
  const read = readOf(sessions, members, viewerId);
  if (!read.session) return { found: false };
  const refusal = pageRefusal(read);
  const deckIds = [...new Set(members.flatMap((m) => (m.role === "player" && m.deckId ? [m.deckId] : [])))];
  return { found: true, refused: refusal !== null && refusal !== "ended", deckIds };
}
