import type { ToastMessage } from "~/lib/toast";

export const NOTIFICATION_TOASTS = {
  allRead: { title: "All notifications marked as read" },
  allReadFailed: { title: "Could not mark notifications as read", variant: "destructive" },
  loadMoreFailed: { title: "Could not load more notifications", variant: "destructive" },
} as const satisfies Record<string, ToastMessage>;

/** Where the bell's writes go: a resource route (app/routes/notifications/route.tsx), since the bell is on every page. */
export const NOTIFICATIONS_ACTION = "/notifications";
