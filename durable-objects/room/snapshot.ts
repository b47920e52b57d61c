import type { RoomSnapshot } from "../../workers/domain/room-records";
import { displayName } from "../../workers/contract/display-name";
import { seatDeckOf } from "../../workers/domain/seat-decks";
import type { RoomMeta, StoredMember } from "../room-store";

/** A member as D1 gives it, in the room's terms (life, presence and tools are the room's own). */
export type SyncedMember = Omit<StoredMember, "life" | "disconnectedAt" | "tools">;

/**
 * The session facts the room stores from a D1 snapshot: D1's fields, and what
 * only the room keeps carried over from `before` (the game clock starts when
 * the room sees the game start; an empty room counts as empty from now).
 */
export function metaFromSnapshot(
  before: RoomMeta | null,
  { session, version }: Pick<RoomSnapshot, "session" | "version">,
  nobodyConnected: boolean,
  now: number,
): RoomMeta {
  return {
    startedAt: before?.startedAt ?? (session.status === "active" ? now : null),
    monarch: before?.monarch ?? null,
    initiative: before?.initiative ?? null,
    emptySince: before?.emptySince ?? (nobodyConnected ? now : null),
    version,
    hostId: session.hostId,
    status: session.status,
    currentTurn: session.gameData.currentTurn,
    format: session.gameData.format,
    maxPlayers: session.maxPlayers,
  };
}

/** D1's members as the room keeps them: never the e-mail, since the room's names reach every socket in it. */
export function membersFromSnapshot(members: RoomSnapshot["members"]): SyncedMember[] {
  return members.map((m) => {
    const name = displayName(m);
    return {
      userId: m.userId,
      role: m.role,
      seat: m.seat,
      joinedAt: m.joinedAt,
      name,
      firstName: m.firstName?.trim() || name,
      avatar: m.profileImageUrl,
      deck: m.role === "player" ? seatDeckOf(m) : null,
    };
  });
}
