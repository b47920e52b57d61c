/**
 * How long a room trusts a socket's session between checks against KV.
 * Sign-out and account deletion close sockets at once (workers/domain/rooms/rooms.ts);
 * the re-check catches sessions that end any other way (expiry, a new sign-in
 * in the same browser, a session removed from KV by hand). 60 s because KV
 * itself may take up to 60 s to show a deletion at another location, so
 * checking more often would not end a session sooner, while it would cost a
 * KV read per socket per interval. Frames in between read nothing.
 */
export const SESSION_RECHECK_MS = 60_000;

/** Sockets one member may hold in one room; a newer socket closes the oldest beyond it. */
export const MAX_SOCKETS_PER_MEMBER = 3;

export function sessionCheckDue(checkedAt: number, now: number, intervalMs = SESSION_RECHECK_MS): boolean {
  return now - checkedAt >= intervalMs;
}

/**
 * The member's sockets to close when `incoming` opens: the oldest ones beyond
 * `max` (newest wins, so a reconnecting client always gets in; old sockets of
 * a dropped connection are the ones that go).
 */
export function socketsOverLimit<T extends { id: string; connectedAt: number }>(
  existing: T[],
  incomingId: string,
  max = MAX_SOCKETS_PER_MEMBER,
): T[] {
  const others = existing.filter((s) => s.id !== incomingId).sort((a, b) => a.connectedAt - b.connectedAt);
  return others.slice(0, Math.max(0, others.length - (max - 1)));
}
