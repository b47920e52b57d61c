import { useFetcher, useRevalidator } from "@remix-run/react";
import type { ActionResult } from "~/lib/forms";
import type { TournamentIntent } from "./tournament-toasts";

/** The page's answer to an intent (opening a match's room redirects instead), or a failure. */
export type TournamentPageResult = ActionResult<{ intent: TournamentIntent }>;

/**
 * The tournament page's one fetcher: every button and form of the page posts
 * through it to the route's action (an `intent` each), one at a time; the
 * page's data revalidates after each.
 */
export function useTournamentAction() {
  const fetcher = useFetcher<TournamentPageResult>({ key: "tournament-page" });
  const revalidator = useRevalidator();
  return { fetcher, busy: fetcher.state !== "idle" || revalidator.state === "loading" };
}
export type TournamentAction = ReturnType<typeof useTournamentAction>;
