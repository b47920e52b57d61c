import type { StoredMember } from "./room-sqlite";
import { roster, type RoomContext } from "./context";
import { currentLogger } from "../../workers/lib/logger";
import { fail, type RoomConnection } from "./sockets";
import { mirrorToD1 } from "./table-mirror";
import { isCommanderFormat } from "../../workers/contract/brackets";
import type { ClientFrame } from "../../workers/contract/room/protocol";
import { readDeckForSeat, seatDeckFrom, type DeckForSeat, type SeatDeckChoice } from "../../workers/domain/rooms/seat-decks";

type SetDeckFrame = Extract<ClientFrame, { type: "set_deck" }>;

/** What a refused `set_deck` is told. */
export const SET_DECK_REFUSALS = {
  notSeated: { code: "forbidden", message: "Only a seated player puts a deck on their seat" },
  notFound: { code: "deck_not_found", message: "That deck does not exist (any more)" },
  notYours: { code: "forbidden", message: "You can only put one of your own decks on your seat" },
} as const;

/** Why a `set_deck` frame is refused by the seat (checked again against the room's state when it is applied), or null. */
export function setDeckRefusal(member: Pick<StoredMember, "role" | "seat"> | undefined): { code: string; message: string } | null {
  return member && member.role === "player" && member.seat !== null ? null : SET_DECK_REFUSALS.notSeated;
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

/** Why the saved deck a `set_deck` names may not go on `userId`'s seat (it does not exist, or is someone else's), or null. */
export function savedDeckRefusal(
  userId: string,
  choice: SeatDeckChoice,
  saved: DeckForSeat | null,
): { code: string; message: string } | null {
  if (choice.deckId === null) return null;
  if (!saved) return SET_DECK_REFUSALS.notFound;
  return saved.ownerId === userId ? null : SET_DECK_REFUSALS.notYours;
}

/** Each member's `set_deck` frames, one after another in the order sent (a read of D1 comes between frame and change). */
const queues = new WeakMap<RoomContext["roomState"], Map<string, Promise<void>>>();

/**
 * A seated player's `set_deck`: a saved deck (which they must own) or a name only, with its bracket, on their own
 * seat. Decks are D1's, so a saved deck is read first (one indexed read); the seat is the room's, so the frame is
 * then checked and applied against the room's state in one step (no frame comes between): still seated, their own
 * deck. Everyone gets the roster with it, then D1's seat row mirrors it (room/table-mirror.ts). A member's frames are
 * applied in the order sent.
 */
export function setDeck(ctx: RoomContext, connection: RoomConnection, member: StoredMember, frame: SetDeckFrame): Promise<void> {
  const refused = setDeckRefusal(member);
  if (refused) return Promise.resolve(fail(connection, refused.code, refused.message));
  const queue = queues.get(ctx.roomState) ?? new Map<string, Promise<void>>();
  queues.set(ctx.roomState, queue);
  const choice = deckChoiceOf(frame, ctx.roomState.meta()?.format ?? "");
  const saved = choice.deckId === null ? Promise.resolve(null) : readDeckForSeat(ctx.db(), choice.deckId);
  const turn = (queue.get(member.userId) ?? Promise.resolve())
    .then(() => saved)
    .then((deck) => applyDeck(ctx, connection, member.userId, choice, deck))
    .catch((error: unknown) => {
      currentLogger().error("A set_deck frame failed", { sessionId: ctx.sessionId(), error });
      fail(connection, "unavailable", "Your deck could not be put on your seat right now: try again");
    });
  queue.set(member.userId, turn);
  void turn.finally(() => {
    if (queue.get(member.userId) === turn) queue.delete(member.userId);
  });
  return turn;
}

/** The check and the change, against the room's state as it is now (synchronous: nothing interleaves). */
function applyDeck(ctx: RoomContext, connection: RoomConnection, userId: string, choice: SeatDeckChoice, saved: DeckForSeat | null): void {
  const member = ctx.roomState.member(userId);
  if (!member) return fail(connection, SET_DECK_REFUSALS.notSeated.code, SET_DECK_REFUSALS.notSeated.message);
  const refused = setDeckRefusal(member) ?? savedDeckRefusal(userId, choice, saved);
  if (refused) return fail(connection, refused.code, refused.message);
  ctx.roomState.setDeck(member, seatDeckFrom(choice, saved));
  ctx.sockets.broadcast({ type: "room_update", ...roster(ctx) });
  mirrorToD1(ctx);
}
