import { useCallback, useEffect, useRef, useState } from "react";
import type { TournamentCard } from "../../../workers/domain/tournaments";
import { tournamentApi } from "./tournament-api";

export type TournamentListState = { communityId: string; items: TournamentCard[] };

/**
 * The Browse list of the selected realm. The server render brings the list of
 * the realm in the cookie; when the realm changes on the client the list is
 * fetched again (six skeletons meanwhile). `reload` refreshes it in place.
 */
export function useTournamentList(communityId: string, initial: TournamentListState) {
  const [list, setList] = useState(initial);
  const [loading, setLoading] = useState(initial.communityId !== communityId);
  const [failed, setFailed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const current = useRef(list);
  current.current = list;

  useEffect(() => {
    if (reloadKey === 0 && current.current.communityId === communityId) return;
    let cancelled = false;
    if (current.current.communityId !== communityId) setLoading(true);
    tournamentApi<TournamentCard[]>("GET", `/api/tournaments?communityId=${encodeURIComponent(communityId)}&limit=60`)
      .then((items) => {
        if (cancelled) return;
        setList({ communityId, items });
        setFailed(false);
      })
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [communityId, reloadKey]);

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { items: list.communityId === communityId ? list.items : [], loading, failed, reload };
}
