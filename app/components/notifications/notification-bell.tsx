import { lazy, Suspense } from "react";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useLoadOnIntent } from "~/hooks/use-load-on-intent";
import { useUnreadCount } from "./use-unread-count";

const loadCenter = () => import("./notification-center");
const NotificationCenter = lazy(loadCenter);

export const bellTriggerClass = "relative rounded-lg p-2 text-fg hover:bg-surface";

export function bellLabel(unread: number) {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/** The bell and its unread badge. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <SpriteIcon name="bell" className="h-5 w-5" />
      {unread > 0 ? (
        <span
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
}

/**
 * Header bell: the live unread badge (polled, use-unread-count.ts) on every member page; the
 * notification centre's code arrives when the member reaches for it (use-load-on-intent).
 */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useUnreadCount(initialUnread);
  const { request, triggerProps } = useLoadOnIntent(loadCenter, "click");
  const placeholder = (
    <button
      type="button"
      aria-haspopup="dialog"
      className={bellTriggerClass}
      aria-label={bellLabel(unread)}
      data-testid="notification-bell"
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
