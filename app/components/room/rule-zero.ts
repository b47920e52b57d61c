import type { RoomPlayer } from "../../../workers/contract/room/protocol";

/**
 * Rule 0 at the table (issue 27): before a Commander game starts, the table talks over any deck brought above the
 * room's bracket. Pure, so the notice's rule and copy are tested on their own (rule-zero.test.ts).
 */

/** A seated deck above the room's bracket: whose it is, its bracket and the room's. */
export type DeckAboveRoom = { playerId: string; name: string; deckBracket: number; roomBracket: number };

/**
 * The seated decks whose bracket is above the room's, in seat order: only while the room waits (once the game
 * starts the talk is over) and only in a room with a bracket. A deck whose bracket was not said shows nothing.
 */
export function decksAboveRoom(
  room: { status: string | null; bracket: number | null },
  seats: readonly Pick<RoomPlayer, "id" | "name" | "seat" | "deck">[],
): DeckAboveRoom[] {
  const roomBracket = room.bracket;
  if (room.status !== "waiting" || roomBracket === null) return [];
  return [...seats]
    .sort((a, b) => a.seat - b.seat)
    .flatMap((p) =>
      p.deck?.bracket != null && p.deck.bracket > roomBracket
        ? [{ playerId: p.id, name: p.name, deckBracket: p.deck.bracket, roomBracket }]
        : [],
    );
}

/** The notice's words, exactly as the issue gives them. */
export function ruleZeroNotice(deck: Pick<DeckAboveRoom, "name" | "deckBracket" | "roomBracket">): string {
  return `${deck.name}'s deck is bracket ${deck.deckBracket}, above this room's bracket ${deck.roomBracket}. Talk it over before you start.`;
}

/** Whether the viewer's own seat still has no deck said while the room waits: the page asks them for it. */
export function asksForDeck(status: string | null, seat: Pick<RoomPlayer, "deck"> | undefined): boolean {
  return status === "waiting" && seat !== undefined && seat.deck === null;
}
