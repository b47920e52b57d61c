/**
 * How many pods, of which sizes, a round of Commander seats (docs/decisions/2026-11-27-commander-pods.md).
 *
 * Pods are of four. When the players do not divide by four, the round takes the fewest pods of another size:
 * one pod of five when one player is left over (13 → 4, 4, 5, not 4, 3, 3, 3), one pod of three when three are
 * (11 → 4, 4, 3, not 5, 3, 3), and, when two are left over, two pods of three rather than two of five
 * (14 → 4, 4, 3, 3, not 5, 5, 4): a three-player game finishes within the round's time far more often than a
 * five-player one, and the cEDH events we follow seat threes, not fives, when they must. Every count from 3 up is seated that way, so nobody ever sits out with a bye.
 * The pods of four come first: the odd-sized pods are the lowest tables.
 */
export const POD_SIZE = 4;
export const MIN_POD_SIZE = 3;
export const MAX_POD_SIZE = 5;

/** Pod sizes for `players` (at least 3), best table first; [] below 3. */
export function podSizes(players: number): number[] {
  if (!Number.isInteger(players) || players < MIN_POD_SIZE) return [];
  const fours = (n: number) => Array.from({ length: n }, () => POD_SIZE);
  const rest = players % POD_SIZE;
  const whole = Math.floor(players / POD_SIZE);
  switch (rest) {
    case 0:
      return fours(whole);
    case 1:
      // 5 = one five; 9 = 4 + 5; 13 = 4 + 4 + 5.
      return [...fours(whole - 1), 5];
    case 2:
      // 6 = 3 + 3; 10 = 4 + 3 + 3; 14 = 4 + 4 + 3 + 3.
      return [...fours(whole - 1), 3, 3];
    default:
      // 3 = one three; 7 = 4 + 3; 11 = 4 + 4 + 3.
      return [...fours(whole), 3];
  }
}

/**
 * Swiss rounds suggested for a field played in pods, as cEDH organizers run them (Eminence's Competitive REL
 * addendum: 17-34 players 3 rounds, 35-64 4, 65+ 5; small stores 2 rounds up to 8 players): up to 8 → 2,
 * 9-34 → 3, 35-64 → 4, more → 5. Fewer than 3 players cannot fill a pod.
 */
export function suggestedPodRounds(players: number): number {
  if (players < MIN_POD_SIZE) return 0;
  if (players <= 8) return 2;
  if (players <= 34) return 3;
  if (players <= 64) return 4;
  return 5;
}
