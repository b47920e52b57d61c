/** A seated player: seats are 1-based and unique within a room. */
export type Seat = {
  userId: string;
  seat: number;
  /** Out of the game (issue 37): the seat and its player stay at the table, the turn order skips them. */
  out?: boolean;
};

/** Seated players ordered by seat: the order turns and host hand-over follow. */
export function bySeat<T extends Seat>(seats: readonly T[]): T[] {
  return [...seats].sort((a, b) => a.seat - b.seat);
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
