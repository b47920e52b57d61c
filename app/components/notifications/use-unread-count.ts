import { useEffect, useState } from "react";
import { apiRequest, ApiError } from "~/components/profile/api-request";

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
        const { unreadCount } = await apiRequest<{ unreadCount: number }>("GET", "/api/notifications/unread-count");
        if (!stopped) setUnread(unreadCount);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) stopped = true;
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
