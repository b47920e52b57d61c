import { emptyTools } from "../../../workers/contract/room/commander";
import type { RoomPlayer } from "../../../workers/contract/room/protocol";

/** A seated player as the room's frames carry one, for the room page's unit tests (40 life, no deck, in the game). */
export function seatFixture(id: string, overrides: Partial<RoomPlayer> = {}): RoomPlayer {
  return { id, name: id, avatar: null, seat: 1, isHost: false, life: 40, ...emptyTools(), deck: null, out: false, ...overrides };
}
