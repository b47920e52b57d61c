import { MATCHMAKING_FORMATS, type MatchmakingGame, type MatchmakingPreferences } from "../../../workers/contract/matchmaking";

const formatsOf = (games: readonly MatchmakingGame[]) =>
  new Set<string>(MATCHMAKING_FORMATS.filter((f) => games.includes(f.game)).map((f) => f.value));

/** Toggles `game`; its formats go with it. The last game cannot be removed (one is required). */
export function toggleGame(prefs: MatchmakingPreferences, game: MatchmakingGame): MatchmakingPreferences {
  if (!prefs.selectedGames.includes(game)) return { ...prefs, selectedGames: [...prefs.selectedGames, game] };
  if (prefs.selectedGames.length === 1) return prefs;
  const selectedGames = prefs.selectedGames.filter((g) => g !== game);
  const kept = formatsOf(selectedGames);
  return { ...prefs, selectedGames, selectedFormats: prefs.selectedFormats.filter((f) => kept.has(f)) };
}

/** The search body: the member's preferences narrowed to the quick-match games (and their formats). */
export function quickMatchBody(prefs: MatchmakingPreferences, games: MatchmakingGame[]): MatchmakingPreferences {
  const kept = formatsOf(games);
  return { ...prefs, selectedGames: games, selectedFormats: prefs.selectedFormats.filter((f) => kept.has(f)) };
}
