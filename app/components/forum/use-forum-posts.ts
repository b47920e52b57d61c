import { useCallback, useEffect, useRef, useState } from "react";
import type { ForumPost } from "../../../workers/contract/forum";
import { fetchPosts } from "./forum-api";

type State = {
  posts: ForumPost[];
  nextCursor: string | null;
  status: "loading" | "ready" | "error";
  loadingMore: boolean;
};

/**
 * The post list of one realm and category, fetched on the client because the
 * realm is client state. Reloads when either changes; stale answers are dropped.
 */
export function useForumPosts(communityId: string, category: string | null) {
  const [state, setState] = useState<State>({ posts: [], nextCursor: null, status: "loading", loadingMore: false });
  const generation = useRef(0);

  const load = useCallback(() => {
    const mine = ++generation.current;
    const controller = new AbortController();
    setState((s) => ({ ...s, status: "loading" }));
    fetchPosts({ communityId, category: category ?? undefined }, controller.signal)
      .then((page) => {
        if (mine === generation.current) setState({ posts: page.posts, nextCursor: page.nextCursor, status: "ready", loadingMore: false });
      })
      .catch(() => {
        if (mine === generation.current && !controller.signal.aborted) setState((s) => ({ ...s, status: "error" }));
      });
    return () => controller.abort();
  }, [communityId, category]);

  useEffect(() => load(), [load]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    const mine = generation.current;
    setState((s) => ({ ...s, loadingMore: true }));
    fetchPosts({ communityId, category: category ?? undefined, cursor })
      .then((page) => {
        if (mine !== generation.current) return;
        setState((s) => ({ ...s, posts: [...s.posts, ...page.posts], nextCursor: page.nextCursor, loadingMore: false }));
      })
      .catch(() => {
        if (mine === generation.current) setState((s) => ({ ...s, loadingMore: false, status: "error" }));
      });
  }, [communityId, category, state.nextCursor, state.loadingMore]);

  return { ...state, reload: load, loadMore };
}
