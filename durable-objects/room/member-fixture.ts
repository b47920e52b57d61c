import { emptyTools } from "../../workers/contract/room/commander";
import type { StoredMember } from "./room-sqlite";

/** A member as the room stores one, for the room's unit tests: seated at 1, 40 life, present, no deck. */
export function memberFixture(userId: string, overrides: Partial<StoredMember> = {}): StoredMember {
  return {
    userId,
    role: "player",
    seat: 1,
    joinedAt: 1,
    name: userId,
    firstName: userId,
    avatar: null,
    life: 40,
    disconnectedAt: null,
    tools: emptyTools(),
    out: false,
    deck: null,
    deckVersion: 0,
    ...overrides,
  };
}
