import { isSignallingRefusal, ROOM_ERROR, type ServerFrame } from "../../../workers/contract/room/protocol";

/** What a frame asks of the page beyond the view: a toast, taking a place again, or nothing. */
export type RoomNotice = { kind: "toast"; title: string; description: string; destructive: boolean } | { kind: "place_lost" } | null;

/**
 * The room's frames that speak to the member: who goes first when the game starts, and the room's refusals.
 * `firstName` names a player by id (the seats the page shows).
 */
export function noticeFor(frame: ServerFrame, selfId: string, firstName: (id: string | null) => string): RoomNotice {
  if (frame.type === "game_started") {
    const first = frame.firstPlayer === selfId ? "You go" : `${firstName(frame.firstPlayer)} goes`;
    return { kind: "toast", title: "Game started", description: `Random pick: ${first} first.`, destructive: false };
  }
  if (frame.type !== "error") return null;
  // No place (any more): take one through the room service, then the socket joins again.
  if (frame.code === ROOM_ERROR.noPlace) return { kind: "place_lost" };
  // A candidate that reached the room after its peer left (a removal, a drop) is not the member's doing.
  if (isSignallingRefusal(frame.code)) return null;
  return { kind: "toast", title: "Room", description: frame.message, destructive: true };
}
