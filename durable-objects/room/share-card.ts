import { CARD_SERVICE_UNAVAILABLE, type CardDto } from "../../workers/contract/cards";
import { ROOM_ERROR, type SharedCard } from "../../workers/contract/room/protocol";
import { lookUpCardsAs } from "../../workers/domain/cards/card-lookups";
import { DomainError } from "../../workers/domain/errors";
import type { StoredMember } from "./room-sqlite";
import { postMessage } from "./chat";
import type { RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";

/** What the table's chat carries of a card: enough to show it without asking the card service again. */
export function sharedCardOf(card: CardDto): SharedCard {
  return {
    id: card.id,
    name: card.name,
    imageUrl: card.imageUrl,
    typeLine: card.typeLine,
    oracleText: card.oracleText,
    manaCost: card.manaCost,
  };
}

/** Why a member may not show a card to the table, or null (chat is the table's: spectators read it). */
export function shareCardRefusal(member: Pick<StoredMember, "role">): { code: string; message: string } | null {
  return member.role === "player" ? null : { code: "forbidden", message: "Spectators cannot show cards to the table" };
}

/** The code of the error frame a lookup over the member's card lookup limit gets (the same word as the frame budget's). */
export const CARD_LOOKUP_LIMITED = "rate_limited";

/**
 * A player's `share_card`: the room looks the card up (the card source's cache first) and posts it to the chat as
 * a `card` message everyone sees, spectators too. The lookup counts against the member's card lookup limit, the
 * one the /api card routes count (workers/domain/cards/card-lookups.ts), and waits its turn among members at the card
 * service. An unknown id, a lookup over the limit (the 429's message, saying when to try again), or a card
 * service that cannot be reached, is an error frame to the sender only; nothing else changes.
 */
export async function shareCard(ctx: RoomContext, connection: RoomConnection, member: StoredMember, cardId: string): Promise<void> {
  const refused = shareCardRefusal(member);
  if (refused) return fail(connection, refused.code, refused.message);
  let found: Awaited<ReturnType<RoomContext["cardById"]>>;
  try {
    found = await lookUpCardsAs(ctx.db(), member.userId, () => ctx.cardById(cardId));
  } catch (error) {
    if (error instanceof DomainError && error.kind === "rate_limited") return fail(connection, CARD_LOOKUP_LIMITED, error.message);
    throw error;
  }
  if (found === "unavailable") return fail(connection, ROOM_ERROR.cardServiceUnavailable, CARD_SERVICE_UNAVAILABLE);
  if (!found) return fail(connection, ROOM_ERROR.unknownCard, "No card has that id");
  const card = sharedCardOf(found);
  postMessage(ctx, member, card.name, "card", card);
}
