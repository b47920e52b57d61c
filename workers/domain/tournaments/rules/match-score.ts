/**
 * Matches are best of three games (MTR 2.2): the first player to win two games wins the match, so neither player
 * wins more than two and they cannot both have won two. Drawn games do not count toward the two; up to three are
 * recorded. A score outside this could not have been played.
 */
import { GAMES_TO_WIN_MATCH, MAX_DRAWN_GAMES } from "../../../contract/tournaments";

export type MatchScore = { player1Wins: number; player2Wins: number; draws: number };

/** Why the score could not have been played in a best-of-three match, or null when it could. */
export function impossibleScore({ player1Wins, player2Wins, draws }: MatchScore): { path: string; message: string } | null {
  for (const [path, wins] of [
    ["player1Wins", player1Wins],
    ["player2Wins", player2Wins],
  ] as const) {
    if (!Number.isInteger(wins) || wins < 0 || wins > GAMES_TO_WIN_MATCH)
      return { path, message: `A player wins at most ${GAMES_TO_WIN_MATCH} games of a best-of-three match` };
  }
  if (player1Wins === GAMES_TO_WIN_MATCH && player2Wins === GAMES_TO_WIN_MATCH)
    return { path: "player2Wins", message: "A best-of-three match ends when one player has won two games" };
  if (!Number.isInteger(draws) || draws < 0 || draws > MAX_DRAWN_GAMES)
    return { path: "draws", message: `At most ${MAX_DRAWN_GAMES} drawn games are recorded` };
  return null;
}
