import { lazy, Suspense } from "react";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import { BellFace, bellLabel, bellTriggerClass } from "./notification-bell-face";
import { useUnreadCount } from "./use-unread-count";

const loadCenter = () => import("./notification-center");
const NotificationCenter = lazy(loadCenter);

/**
 * Header bell: the live unread badge (polled, use-unread-count.ts) on every member page; the
 * notification centre's code arrives when the member reaches for it (use-load-on-intent).
 */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread, live] = useUnreadCount(initialUnread);
  const { request, triggerProps } = useLoadOnIntent(loadCenter, "click");
  const placeholder = (
    <button
      type="button"
      aria-haspopup="dialog"
      className={bellTriggerClass}
      aria-label={bellLabel(unread)}
      data-testid="notification-bell"
      data-inbox={live ? "open" : "closed"}
      {...triggerProps}
    >
      <BellFace unread={unread} />
    </button>
  );
  if (!request) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationCenter unread={unread} setUnread={setUnread} />
    </Suspense>
  );
}
