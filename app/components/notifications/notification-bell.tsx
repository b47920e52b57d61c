import { Bell } from "lucide-react";

/** Header bell with the unread badge. The notification centre lands with the member-home issue. */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const label = initialUnread > 0 ? `Notifications, ${initialUnread} unread` : "Notifications";
  return (
    <button type="button" className="relative rounded-lg p-2 text-fg hover:bg-surface" aria-label={label} data-testid="notification-bell">
      <Bell className="h-5 w-5" aria-hidden="true" />
      {initialUnread > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white">
          {initialUnread > 99 ? "99+" : initialUnread}
        </span>
      ) : null}
    </button>
  );
}
