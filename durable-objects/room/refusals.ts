import { ROOM_ERROR } from "../../workers/contract/room/protocol";
import { ROOM_REFUSALS, type EntryRefusal } from "../../workers/domain/rooms/room-rules";

/** The error a member gets when D1 says they have no place here. */
export function refusalError(refusal: EntryRefusal): { code: string; message: string } {
  switch (refusal) {
    case "not_found":
      return { code: "not_found", message: "Room not found" };
    case "blocked":
      return { code: "join_failed", message: ROOM_REFUSALS.blocked };
    case "host_blocked":
      return { code: "join_failed", message: ROOM_REFUSALS.hostBlocked };
    case "realm_removed":
      return { code: "join_failed", message: ROOM_REFUSALS.realmRemoved };
    case "ended":
      return { code: "ended", message: "This game session has ended" };
    case "no_place":
      return { code: ROOM_ERROR.noPlace, message: "Join or watch this room first" };
    default: {
      const unreachable: never = refusal;
      return unreachable;
    }
  }
}
