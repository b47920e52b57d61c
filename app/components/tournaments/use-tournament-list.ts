import { useCallback, useEffect, useRef, useState } from "react";
import type { TournamentCard } from "../../../workers/domain/tournaments/tournaments";
import { api, unwrap } from "~/lib/api-client";

export type TournamentListState = { communityId: string; items: TournamentCard[] };

/**
 * The Browse list of the selected realm. The loader brings the list of the
 * realm in the cookie, again after every action (join, create); when the realm
 * changes on the client the list is fetched from /api (six skeletons
 * meanwhile). `reload` fetches it again in place (after a failed load).
 */
export function useTournamentList(communityId: string, fromLoader: TournamentListState) {
  const [list, setList] = useState(fromLoader);
  const [loading, setLoading] = useState(fromLoader.communityId !== communityId);
  const [failed, setFailed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const current = useRef(list);
  current.current = list;

  // Fresh loader data (a revalidation after an action) replaces the list of its realm.
  useEffect(() => {
    if (fromLoader.communityId === current.current.communityId) setList(fromLoader);
  }, [fromLoader]);

  useEffect(() => {
    if (reloadKey === 0 && current.current.communityId === communityId) return;
    let cancelled = false;
    if (current.current.communityId !== communityId) setLoading(true);
    unwrap(api.tournaments.$get({ query: { communityId, limit: "60" } }))
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
