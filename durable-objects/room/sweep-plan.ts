import type { RoomMeta, StoredMember } from "./room-sqlite";
import { SEAT_GRACE_MS } from "../rules/presence";

/** Seated players gone (no socket) for SEAT_GRACE_MS or more: their seats are given up. */
export function seatsToGiveUp(members: readonly StoredMember[], connected: ReadonlySet<string>, now: number): StoredMember[] {
  return members.filter(
    (m) => m.role === "player" && m.disconnectedAt !== null && now - m.disconnectedAt >= SEAT_GRACE_MS && !connected.has(m.userId),
  );
}

/** A waiting room nobody has been connected to for `idleMs` closes. */
export function idleCloseDue(meta: Pick<RoomMeta, "status" | "emptySince">, liveSockets: number, now: number, idleMs: number): boolean {
  return meta.status === "waiting" && liveSockets === 0 && meta.emptySince != null && now - meta.emptySince >= idleMs;
}
