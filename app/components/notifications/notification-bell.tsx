import { Popover } from "radix-ui";
import { Bell } from "lucide-react";
import { useCallback, useState } from "react";
import type { NotificationItem, NotificationPage } from "../../../workers/contract/notifications";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/card";
import { apiRequest } from "~/components/profile/api-request";
import { toast } from "~/hooks/use-toast";
import { NotificationRow } from "./notification-list";
import { useUnreadCount } from "./use-unread-count";

type ListState = { status: "idle" | "loading" | "error" } | { status: "ready"; items: NotificationItem[]; nextCursor: string | null };

/** Header bell: live unread badge and the notification centre (spec 000 §2). */
export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useUnreadCount(initialUnread);
  const [list, setList] = useState<ListState>({ status: "idle" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    setList({ status: "loading" });
    try {
      const page = await apiRequest<NotificationPage>("GET", "/api/notifications?limit=20");
      setList({ status: "ready", items: page.notifications, nextCursor: page.nextCursor });
      setUnread(page.unreadCount);
      setNow(Date.now());
    } catch {
      setList({ status: "error" });
    }
  }, [setUnread]);

  const loadMore = async () => {
    if (list.status !== "ready" || !list.nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await apiRequest<NotificationPage>("GET", `/api/notifications?limit=20&cursor=${encodeURIComponent(list.nextCursor)}`);
      setList({ status: "ready", items: [...list.items, ...page.notifications], nextCursor: page.nextCursor });
    } catch {
      toast({ title: "Could not load more notifications", variant: "destructive" });
    } finally {
      setLoadingMore(false);
    }
  };

  const update = (fn: (items: NotificationItem[]) => NotificationItem[]) =>
    setList((current) => (current.status === "ready" ? { ...current, items: fn(current.items) } : current));

  const markRead = async (item: NotificationItem) => {
    if (item.read) return;
    update((items) => items.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    setUnread((n) => Math.max(0, n - 1));
    try {
      await apiRequest("PATCH", `/api/notifications/${item.id}/read`);
    } catch {
      void load();
    }
  };

  const remove = async (item: NotificationItem) => {
    update((items) => items.filter((n) => n.id !== item.id));
    if (!item.read) setUnread((n) => Math.max(0, n - 1));
    try {
      await apiRequest("DELETE", `/api/notifications/${item.id}`);
    } catch {
      void load();
    }
  };

  const markAllRead = async () => {
    try {
      await apiRequest("PATCH", "/api/notifications/read-all");
      update((items) => items.map((n) => ({ ...n, read: true })));
      setUnread(0);
      toast({ title: "All notifications marked as read" });
    } catch {
      toast({ title: "Could not mark notifications as read", variant: "destructive" });
    }
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Popover.Trigger className="relative rounded-lg p-2 text-fg hover:bg-surface" aria-label={label} data-testid="notification-bell">
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-surface text-fg shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="font-semibold">Notifications</h2>
            <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0}>
              Mark all read
            </Button>
          </div>
          <div className="overflow-y-auto p-2">
            {list.status === "ready" ? (
              list.items.length === 0 ? (
                <p className="px-3 py-10 text-center text-sm text-muted">No notifications yet</p>
              ) : (
                <>
                  <ul className="grid gap-1" aria-label="Notification list">
                    {list.items.map((item) => (
                      <NotificationRow
                        key={item.id}
                        item={item}
                        now={now}
                        onRead={markRead}
                        onRemove={remove}
                        onOpen={(n) => {
                          void markRead(n);
                          setOpen(false);
                        }}
                      />
                    ))}
                  </ul>
                  {list.nextCursor ? (
                    <Button variant="outline" size="sm" className="mt-2 w-full" onClick={loadMore} disabled={loadingMore}>
                      {loadingMore ? "Loading..." : "Load more"}
                    </Button>
                  ) : null}
                </>
              )
            ) : list.status === "error" ? (
              <div className="px-3 py-8 text-center text-sm">
                <p className="text-muted">Notifications could not be loaded.</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void load()}>
                  Try again
                </Button>
              </div>
            ) : (
              <div className="grid gap-2 p-2" aria-busy="true" aria-label="Loading notifications">
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
              </div>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
