import { themeFor } from "~/lib/community-themes";
import { Search, Users } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, Skeleton } from "~/components/ui/card";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import {
  MATCHMAKING_GAMES,
  type MatchmakingGame,
  type MatchmakingPreferences,
  type MatchResult,
} from "../../../workers/contract/matchmaking";
import { DirectMessageNote } from "./direct-message-note";
import { MatchCard } from "./match-card";
import { playersFound, searchFailed } from "./matchmaking-toasts";
import { quickMatchBody } from "./preference-rules";
import { countOf } from "../../../workers/contract/plural";

/** Spec §4: idle, then searching (skeletons), then results or failure. */
type SearchState = { phase: "idle" } | { phase: "searching" } | { phase: "results"; results: MatchResult[] } | { phase: "failed" };

/**
 * Find Players tab: quick match over the four games with the current
 * preferences, results with invites. The search is a read the page makes
 * itself (POST /api/matchmaking/find-players through the typed client, spec
 * 001 §7); each invite posts to the page's action.
 */
export function FindPlayers({ preferences }: { preferences: MatchmakingPreferences }) {
  const theme = themeFor(useCommunity().selectedCommunityId);
  const noteId = useId();
  const [games, setGames] = useState<MatchmakingGame[]>(preferences.selectedGames);
  const [search, setSearch] = useState<SearchState>({ phase: "idle" });
  // The quick-match chips follow the games chosen in Preferences.
  const savedGames = preferences.selectedGames.join("|");
  useEffect(() => setGames(preferences.selectedGames), [savedGames]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (game: MatchmakingGame) =>
    setGames((current) => (current.includes(game) ? current.filter((g) => g !== game) : [...current, game]));

  async function findPlayers() {
    setSearch({ phase: "searching" });
    try {
      const results = await unwrap(api.matchmaking["find-players"].$post({ json: quickMatchBody(preferences, games) }));
      setSearch({ phase: "results", results });
      toast(playersFound(results.length));
    } catch (error) {
      setSearch({ phase: "failed" });
      toast(searchFailed(apiErrorMessage(error, "Failed to find matching players")));
    }
  }

  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="text-xl font-bold">{theme.terminology.quickMatch}</h2>
        <p className="mt-1 text-sm text-muted">Pick the games to search; formats, power level and the rest come from your preferences.</p>
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Quick match games">
          {MATCHMAKING_GAMES.map((game) => (
            <Button
              key={game}
              variant={games.includes(game) ? "primary" : "outline"}
              size="sm"
              aria-pressed={games.includes(game)}
              onClick={() => toggle(game)}
            >
              {game}
            </Button>
          ))}
        </div>
        <Button className="mt-4 w-full sm:w-auto" onClick={findPlayers} disabled={games.length === 0 || search.phase === "searching"}>
          <Search className="h-4 w-4" aria-hidden="true" />
          {search.phase === "searching" ? "Searching..." : "Find Players"}
        </Button>
      </Card>

      <DirectMessageNote id={noteId} />

      <section aria-live="polite" aria-busy={search.phase === "searching"}>
        {search.phase === "searching" ? (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="match-skeletons">
            <span className="sr-only">Searching for players...</span>
            {Array.from({ length: 6 }, (_, i) => (
              <Card key={i} className="grid gap-3">
                <div className="flex items-center gap-3">
                  <Skeleton className="h-12 w-12 rounded-full" />
                  <Skeleton className="h-5 flex-1" />
                </div>
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-10 w-full" />
              </Card>
            ))}
          </div>
        ) : null}
        {search.phase === "results" && search.results.length === 0 ? (
          <Card className="text-center">
            <Users className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
            <p className="mt-2 font-semibold">No players found</p>
            <p className="text-sm text-muted">Try more games, a wider power range or any playstyle.</p>
          </Card>
        ) : null}
        {search.phase === "results" && search.results.length > 0 ? (
          <>
            <h2 className="mb-3 text-lg font-semibold">{countOf(search.results.length, "player")} found</h2>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {search.results.map((match) => (
                <MatchCard key={match.id} match={match} messageNoteId={noteId} />
              ))}
            </div>
          </>
        ) : null}
        {search.phase === "failed" ? (
          <Card className="text-center">
            <p className="font-semibold">Failed to find matching players</p>
            <Button variant="outline" className="mt-3" onClick={findPlayers}>
              Try again
            </Button>
          </Card>
        ) : null}
        {search.phase === "idle" ? (
          <Card className="text-center">
            <Users className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
            <p className="mt-2 text-sm text-muted">Choose your games and press Find Players to see who matches you.</p>
          </Card>
        ) : null}
      </section>
    </div>
  );
}
