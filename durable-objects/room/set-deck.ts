import type { StoredMember } from "../room-store";
import { roster, type RoomContext } from "./context";
import { fail, type RoomConnection } from "./sockets";
import { absorb, endRoom } from "./sync";
import { isCommanderFormat } from "../../workers/contract/brackets";
import type { ClientFrame } from "../../workers/contract/room/protocol";
import { setSeatDeckFromRoom, type SeatDeckChoice, type SeatDeckWrite } from "../../workers/domain/seat-decks";

type SetDeckFrame = Extract<ClientFrame, { type: "set_deck" }>;

/** What a refused `set_deck` is told. */
export const SET_DECK_REFUSALS = {
  notSeated: { code: "forbidden", message: "Only a seated player puts a deck on their seat" },
  notFound: { code: "deck_not_found", message: "That deck does not exist (any more)" },
  notYours: { code: "forbidden", message: "You can only put one of your own decks on your seat" },
} as const;

/** Why a `set_deck` frame is refused before any write, or null (pure: tested on its own). */
export function setDeckRefusal(member: Pick<StoredMember, "role" | "seat">): { code: string; message: string } | null {
  return member.role === "player" && member.seat !== null ? null : SET_DECK_REFUSALS.notSeated;
}

/**
 * What a `set_deck` frame asks for (pure: tested on its own). A bracket is Commander's power scale, so a room of
 * another format keeps none; it is dropped rather than refused, so a page that sends one anyway still seats the deck.
 */
export function deckChoiceOf(frame: Pick<SetDeckFrame, "deckId" | "deckName" | "bracket">, roomFormat: string): SeatDeckChoice {
  return {
    deckId: frame.deckId,
    deckName: frame.deckName ?? null,
    bracket: isCommanderFormat(roomFormat) ? (frame.bracket ?? null) : null,
  };
}

/** Why D1 did not put the deck on the seat, or null when it did. */
export function writeRefusal(write: SeatDeckWrite["outcome"]): { code: string; message: string } | null {
  switch (write) {
    case "set":
      return null;
    case "no_deck":
      return SET_DECK_REFUSALS.notFound;
    case "not_owner":
      return SET_DECK_REFUSALS.notYours;
    case "no_seat":
      return SET_DECK_REFUSALS.notSeated;
    default: {
      const unreachable: never = write;
      return unreachable;
    }
  }
}

/**
 * A seated player's `set_deck`: D1 puts the deck (a saved one, or a name only) and its bracket on their own seat row
 * (a saved deck only when they own it: one conditional statement decides, so a deck deleted or given away meanwhile
 * is refused) and reads the room back; the room
 * mirrors the seat's deck like any place and everyone gets the roster with it.
 */
export async function setDeck(ctx: RoomContext, connection: RoomConnection, member: StoredMember, frame: SetDeckFrame): Promise<void> {
  const refused = setDeckRefusal(member);
  if (refused) return fail(connection, refused.code, refused.message);
  const choice = deckChoiceOf(frame, ctx.records.meta()?.format ?? "");
  const { outcome, snapshot } = await setSeatDeckFromRoom(ctx.db(), ctx.sessionId(), member.userId, choice);
  if (!snapshot || !(await absorb(ctx, snapshot))) return endRoom(ctx);
  const problem = writeRefusal(outcome);
  if (problem) return fail(connection, problem.code, problem.message);
  ctx.sockets.broadcast({ type: "room_update", ...roster(ctx) });
}
