import type { GameSessionView } from "../../contract/game-sessions";
import type { Place } from "./game-sessions";

/**
 * What a request for a place in a room came to. The room service writes first
 * (one conditional statement decides) and reads the room back in the same
 * batch; these pure rules turn that read into the answer.
 */
export type RoomRead = {
  session: Pick<GameSessionView, "status" | "maxPlayers" | "tournamentMatchId"> | null;
  /** A block stands between the member and the host (either way). */
  blockedWithHost: boolean;
  /** The member themselves blocked the host: they are told so (the other way round, nobody learns of a block). */
  blockedHost: boolean;
  /** A host removed the member from this room. */
  removedByHost: boolean;
  /** A moderator removed the member from the room's realm (issue 38): out of every room of it, match rooms too. */
  removedFromRealm?: boolean;
  /** The room has invites and the member is neither invited nor its host: they may watch, not sit. */
  notInvited?: boolean;
  /** The member's place after the write, if any. */
  place: Place | null;
};

export type SeatOutcome =
  | { kind: "seated"; seat: number | null }
  | { kind: "full"; maxPlayers: number }
  | { kind: "match_players_only" }
  | { kind: "invited_only" }
  | { kind: "not_found" }
  | { kind: "blocked" }
  | { kind: "host_blocked" }
  | { kind: "realm_removed" }
  | { kind: "ended" };

/**
 * Blocks keep members out of each other's rooms, and a member the host removed stays out, except in a tournament
 * match room: the pairing decides who plays there.
 */
const refusedByBlock = (read: Omit<RoomRead, "place">) => (read.blockedWithHost || read.removedByHost) && !read.session?.tournamentMatchId;

/** A refusal by a block, told apart only for the member who blocked the host. */
const blockRefusal = (read: Omit<RoomRead, "place">): "blocked" | "host_blocked" => (read.blockedHost ? "host_blocked" : "blocked");

// In the contract, so the room page can offer Unblock beside the one it tells the member who blocked the host.
export { ROOM_REFUSALS, SEAT_REFUSALS } from "../../contract/game-session-options";

export function seatOutcome(read: RoomRead): SeatOutcome {
  const { session, place } = read;
  if (!session) return { kind: "not_found" };
  if (read.removedFromRealm) return { kind: "realm_removed" };
  if (refusedByBlock(read)) return { kind: blockRefusal(read) };
  if (session.status === "completed") return { kind: "ended" };
  if (place?.role === "player") return { kind: "seated", seat: place.seat };
  // A tournament match room seats only that match's two players; anyone else may watch.
  if (session.tournamentMatchId) return { kind: "match_players_only" };
  // A room with invites seats only its host and the invited; anyone else may watch.
  if (read.notInvited) return { kind: "invited_only" };
  return { kind: "full", maxPlayers: session.maxPlayers };
}

export type WatchOutcome =
  | { kind: "watching"; place: Place }
  | { kind: "not_found" }
  | { kind: "blocked" }
  | { kind: "host_blocked" }
  | { kind: "realm_removed" }
  | { kind: "ended" };

/** A seated member who asks to watch keeps their seat: they already see everything. */
export function watchOutcome(read: RoomRead): WatchOutcome {
  const { session, place } = read;
  if (!session) return { kind: "not_found" };
  if (read.removedFromRealm) return { kind: "realm_removed" };
  if (refusedByBlock(read)) return { kind: blockRefusal(read) };
  if (session.status === "completed" || !place) return { kind: "ended" };
  return { kind: "watching", place };
}

export type EntryRefusal = "not_found" | "blocked" | "host_blocked" | "realm_removed" | "ended" | "no_place";

/**
 * Why a socket's member may not attach to a room: the room never seats anyone
 * itself, so a member without a place is told why (or to take one first).
 */
export function entryRefusal(read: Omit<RoomRead, "place">): EntryRefusal {
  if (!read.session) return "not_found";
  if (read.removedFromRealm) return "realm_removed";
  if (refusedByBlock(read)) return blockRefusal(read);
  if (read.session.status === "completed") return "ended";
  return "no_place";
}

export type PageRefusal = "removed" | "blocked" | "host_blocked" | "realm_removed" | "ended";

/**
 * Why the room page is not opened for a member (decided by its loader, before any socket or camera prompt): a
 * member without a place whom the host removed or a block keeps out, or a game that has ended. A removed member is
 * told so (the removal is the host's act in this room, and says nothing of a block); a blocked one only what the
 * API and the socket say.
 */
export function pageRefusal(read: RoomRead): PageRefusal | null {
  if (!read.session) return null;
  if (!read.place && read.removedFromRealm) return "realm_removed";
  if (!read.place && refusedByBlock(read)) return read.removedByHost ? "removed" : blockRefusal(read);
  if (read.session.status === "completed") return "ended";
  return null;
}
