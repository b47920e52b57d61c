/** A seated player: seats are 1-based and unique within a room. */
export type Seat = { userId: string; seat: number };

/** The lowest free seat (1-based), or null when all `maxPlayers` seats are taken. */
export function lowestFreeSeat(seats: readonly Seat[], maxPlayers: number): number | null {
  const taken = new Set(seats.map((s) => s.seat));
  for (let seat = 1; seat <= maxPlayers; seat++) if (!taken.has(seat)) return seat;
  return null;
}

/** Seated players ordered by seat: the order turns and host hand-over follow. */
export function bySeat<T extends Seat>(seats: readonly T[]): T[] {
  return [...seats].sort((a, b) => a.seat - b.seat);
}

/**
 * Who hosts after `leavingId` leaves: the host stays unless it is the one
 * leaving; then the next seated player after the host's seat (wrapping), or
 * null when nobody is left seated (the session ends).
 */
export function nextHost(seats: readonly Seat[], hostId: string, leavingId: string): string | null {
  if (hostId !== leavingId) return hostId;
  return nextSeatedAfter(seats, leavingId);
}

/** The seated player after `userId` in seat order (wrapping), excluding `userId` itself. */
export function nextSeatedAfter(seats: readonly Seat[], userId: string): string | null {
  const ordered = bySeat(seats);
  const current = ordered.find((s) => s.userId === userId);
  const others = ordered.filter((s) => s.userId !== userId);
  if (others.length === 0) return null;
  if (!current) return others[0].userId;
  return (others.find((s) => s.seat > current.seat) ?? others[0]).userId;
}
