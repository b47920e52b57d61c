/**
 * Suggested number of Swiss rounds: enough for one undefeated player,
 * ceil(log2(players)), which matches the usual organizer tables
 * (3-4 players: 2 rounds, 5-8: 3, 9-16: 4, 17-32: 5).
 */
export function suggestedSwissRounds(playerCount: number): number {
  if (playerCount < 2) return 0;
  return Math.ceil(Math.log2(playerCount));
}

/** Rounds a single-elimination bracket needs: one per halving. */
export function eliminationRoundCount(playerCount: number): number {
  return suggestedSwissRounds(playerCount);
}
