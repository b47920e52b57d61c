import { useEffect, useState } from "react";
import { fetchUnreadCount } from "./notifications-client";

export const UNREAD_POLL_MS = 10_000;

/**
 * The bell's unread count: starts from the server-rendered value and polls
 * /api/notifications/unread-count every 10 s while the tab is visible (and at
 * once when it becomes visible again). Stops for good on a 401.
 */
export function useUnreadCount(initial: number) {
  const [unread, setUnread] = useState(initial);
  useEffect(() => setUnread(initial), [initial]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stopped || document.visibilityState !== "visible") return;
      try {
        const unreadCount = await fetchUnreadCount();
        if (unreadCount === null) stopped = true;
        else if (!stopped) setUnread(unreadCount);
      } catch {
        // Offline or a hiccup: try again at the next tick.
      }
      if (!stopped) schedule();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(poll, UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void poll();
      else clearTimeout(timer);
    };
    schedule();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  return [unread, setUnread] as const;
}
