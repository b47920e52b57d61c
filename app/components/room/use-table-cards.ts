import { useEffect, useState } from "react";
import { api, unwrap } from "~/lib/api-client";
import type { CardDto } from "../../../workers/contract/cards";
import type { RoomPlayer } from "../../../workers/contract/room/protocol";

/** The decks on the seats, as one key: the table's cards are fetched again only when it changes. */
export function seatDecksKey(seats: readonly Pick<RoomPlayer, "deck">[]): string {
  // A deck said by name only (Rule 0) has no list: it adds no cards.
  return [...new Set(seats.flatMap((s) => (s.deck?.id ? [s.deck.id] : [])))].sort().join(",");
}

/**
 * Every card in the decks on the table's seats (`GET /api/game-sessions/{id}/cards`), fetched when the seats'
 * decks change: the candidates the video tiles' card identification chooses from. Empty while no seat has a deck,
 * and when the fetch fails (identification then falls back to searching by name).
 */
export function useTableCards(sessionId: string, seats: readonly Pick<RoomPlayer, "deck">[]): CardDto[] {
  const key = seatDecksKey(seats);
  const [cards, setCards] = useState<CardDto[]>([]);
  useEffect(() => {
    if (!key) {
      setCards([]);
      return;
    }
    let current = true;
    unwrap(api["game-sessions"][":id"].cards.$get({ param: { id: sessionId } }))
      .then((result) => current && setCards(result.cards))
      .catch((error: unknown) => console.warn("The table's cards could not be loaded", error));
    return () => {
      current = false;
    };
  }, [key, sessionId]);
  return cards;
}
