import { bySeat, nextSeatedAfter, type Seat } from "./seats";

/** The first turn of a game goes to the lowest seat (seat 1 while the host holds it). */
export function firstTurn(seats: readonly Seat[]): string | null {
  return bySeat(seats)[0]?.userId ?? null;
}

/**
 * The turn after `current`: the next seat in order whose player is still in the game (wrapping), counted from the
 * seat `current` holds even when they are out; seat 1's player when nobody holds the turn; `current` again when they
 * are the only one left; nobody when everyone is out.
 */
export function nextTurn(seats: readonly Seat[], current: string | null): string | null {
  const inGame = bySeat(seats.filter((s) => !s.out));
  if (!current) return inGame[0]?.userId ?? null;
  const others = inGame.filter((s) => s.userId !== current);
  if (others.length === 0) return inGame.some((s) => s.userId === current) ? current : null;
  const held = seats.find((s) => s.userId === current)?.seat;
  if (held === undefined) return others[0].userId;
  return (others.find((s) => s.seat > held) ?? others[0]).userId;
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
