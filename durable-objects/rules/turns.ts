import { bySeat, nextSeatedAfter, type Seat } from "./seats";

/** The first turn of a game goes to the lowest seat (seat 1 while the host holds it). */
export function firstTurn(seats: readonly Seat[]): string | null {
  return bySeat(seats)[0]?.userId ?? null;
}

/** The turn after `current`: the next seat in order, wrapping; seat 1 when nobody holds the turn. */
export function nextTurn(seats: readonly Seat[], current: string | null): string | null {
  if (!current) return firstTurn(seats);
  return nextSeatedAfter(seats, current) ?? (seats.some((s) => s.userId === current) ? current : null);
}

/** Only the player whose turn it is, or the host, may pass the turn. */
export function canPassTurn(actorId: string, current: string | null, hostId: string): boolean {
  return actorId === hostId || (current !== null && actorId === current);
}

/**
 * The turn once the seats changed (places are D1's, so the room learns of them in a snapshot): kept while its holder
 * is still seated, else the first seat at or after the one they held (wrapping), as a leaving holder's turn passes;
 * nobody when no one is seated.
 */
export function turnAfterSeatsChanged(seatsNow: readonly Seat[], current: string | null, seatsBefore: readonly Seat[]): string | null {
  if (current === null || seatsNow.some((s) => s.userId === current)) return current;
  const ordered = bySeat(seatsNow);
  const held = seatsBefore.find((s) => s.userId === current)?.seat ?? 0;
  return (ordered.find((s) => s.seat >= held) ?? ordered[0])?.userId ?? null;
}

/** After a player leaves, the turn moves on if it was theirs. */
export function turnAfterLeave(seatsBefore: readonly Seat[], current: string | null, leavingId: string): string | null {
  if (current !== leavingId) return current;
  return nextSeatedAfter(seatsBefore, leavingId);
}
