import { useFetcher, useRevalidator } from "@remix-run/react";
import type { action } from "../../routes/tournaments_.$id";

/**
 * The tournament page's one fetcher: every button and form of the page posts
 * through it to the route's action (an `intent` each), one at a time; the
 * page's data revalidates after each.
 */
export function useTournamentAction() {
  const fetcher = useFetcher<typeof action>({ key: "tournament-page" });
  const revalidator = useRevalidator();
  return { fetcher, busy: fetcher.state !== "idle" || revalidator.state === "loading" };
}
export type TournamentAction = ReturnType<typeof useTournamentAction>;
