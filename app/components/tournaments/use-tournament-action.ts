import { useFetcher, useRevalidator } from "@remix-run/react";
import type { tournamentPageAction } from "./tournament-page.server";

/**
 * The tournament page's one fetcher: every button and form of the page posts
 * through it to the route's action (an `intent` each), one at a time; the
 * page's data revalidates after each.
 */
export function useTournamentAction() {
  const fetcher = useFetcher<typeof tournamentPageAction>({ key: "tournament-page" });
  const revalidator = useRevalidator();
  return { fetcher, busy: fetcher.state !== "idle" || revalidator.state === "loading" };
}
export type TournamentAction = ReturnType<typeof useTournamentAction>;
