import type { RoomSnapshot } from "../../workers/domain/rooms/room-d1";
import { displayName } from "../../workers/contract/display-name";
import { seatDeckOf } from "../../workers/domain/rooms/seat-decks";
import type { RoomMeta, StoredMember } from "./room-sqlite";
import { turnAfterSeatsChanged } from "../rules/turns";

/** A member as D1 gives it, in the room's terms (life, presence and tools are the room's own). */
export type SyncedMember = Omit<StoredMember, "life" | "disconnectedAt" | "tools" | "out">;

/**
 * The session facts the room stores from a D1 snapshot. D1 decides places, the host and the start (with its first
 * player); the room decides the table (docs/decisions/2026-11-27-room-authority.md) and keeps what only it holds (the
 * clock starts when the room sees the game start; an empty room counts as empty from now). A snapshot can carry an
 * older mirror of the table, so it never takes the table from the room: its turn only while the room waits (the
 * start's pick), its status never back from completed.
 */
export function metaFromSnapshot(
  before: RoomMeta | null,
  { session, version, tableVersion }: Pick<RoomSnapshot, "session" | "version" | "tableVersion">,
  nobodyConnected: boolean,
  now: number,
): RoomMeta {
  const roomHoldsTurn = before !== null && before.status !== "waiting";
  return {
    startedAt: before?.startedAt ?? (session.status === "active" ? now : null),
    monarch: before?.monarch ?? null,
    initiative: before?.initiative ?? null,
    emptySince: before?.emptySince ?? (nobodyConnected ? now : null),
    version,
    hostId: session.hostId,
    status: before?.status === "completed" ? "completed" : session.status,
    currentTurn: roomHoldsTurn ? before.currentTurn : session.gameData.currentTurn,
    format: session.gameData.format,
    maxPlayers: session.maxPlayers,
    tableVersion: Math.max(before?.tableVersion ?? 0, tableVersion),
    // D1 holds at least the version it carries.
    mirroredVersion: Math.max(before?.mirroredVersion ?? 0, tableVersion),
    mirrorRetryAt: before?.mirrorRetryAt ?? null,
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
      deckVersion: 0,
    };
  });
}

const seatsOf = (members: readonly Pick<StoredMember, "userId" | "role" | "seat">[]) =>
  members.flatMap((m) => (m.role === "player" && m.seat !== null ? [{ userId: m.userId, seat: m.seat }] : []));

/**
 * The room after a D1 snapshot (pure: tested on its own). Places come from D1; the table stays the room's:
 * - a seat keeps the deck the room put on it until D1 has taken that version (after that D1's is the same, or the
 *   saved deck was deleted and left the seat);
 * - the turn stays with its holder while they are seated, else passes to the next seat on (turnAfterSeatsChanged);
 * - when the table the room holds differs from D1's (a leaving holder's turn D1 passed by its own rule, a mirror D1
 *   has not taken), the room's version moves on so its mirror writes it (room/table-mirror.ts).
 */
export function roomFromSnapshot(
  before: { meta: RoomMeta | null; members: readonly StoredMember[] },
  snapshot: Pick<RoomSnapshot, "session" | "version" | "tableVersion" | "members">,
  nobodyConnected: boolean,
  now: number,
): { meta: RoomMeta; members: SyncedMember[] } {
  const members = membersFromSnapshot(snapshot.members).map((m) => {
    const prior = before.members.find((p) => p.userId === m.userId && p.role === "player");
    return m.role === "player" && prior && prior.deckVersion > snapshot.tableVersion
      ? { ...m, deck: prior.deck, deckVersion: prior.deckVersion }
      : m;
  });
  const merged = metaFromSnapshot(before.meta, snapshot, nobodyConnected, now);
  const meta =
    merged.status === "waiting"
      ? merged
      : { ...merged, currentTurn: turnAfterSeatsChanged(seatsOf(members), merged.currentTurn, seatsOf(before.members)) };
  const d1 = snapshot.session;
  const differs =
    (meta.status !== "waiting" && meta.currentTurn !== d1.gameData.currentTurn) ||
    (meta.status === "completed" && d1.status !== "completed");
  // A mirror already waiting writes the room's table as it is when it runs; otherwise one more version makes one.
  if (differs && meta.tableVersion <= meta.mirroredVersion) return { meta: { ...meta, tableVersion: meta.tableVersion + 1 }, members };
  return { meta, members };
}
