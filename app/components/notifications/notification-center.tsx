import { useFetcher } from "@remix-run/react";
import { Popover } from "radix-ui";
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { NotificationItem } from "../../../workers/contract/notifications";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { NotificationRow, type ShownNotification } from "./notification-list";
import { fetchNotifications } from "./notifications-client";
import { NOTIFICATION_TOASTS, NOTIFICATIONS_ACTION } from "./notification-toasts";
import { BellFace, bellTriggerClass, bellLabel } from "./notification-bell-face";

const PAGE_SIZE = 20;

type ListState = { status: "idle" | "loading" | "error" } | { status: "ready"; items: ShownNotification[]; nextCursor: string | null };

/**
 * The notification centre (spec 000 §2), loaded when the bell is first pressed and mounted open
 * (notification-bell.tsx keeps the live unread count). The list is read each time it opens; marking
 * read and removing show at once and post to the notifications action (each row its own fetcher),
 * reloading the list if the server refuses.
 */
export default function NotificationCenter({ unread, setUnread }: { unread: number; setUnread: Dispatch<SetStateAction<number>> }) {
  const [list, setList] = useState<ListState>({ status: "idle" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(true);
  const readAll = useFetcher<ActionResult>();
  useResultToast(readAll.data);

  const load = useCallback(async () => {
    setList({ status: "loading" });
    try {
      const page = await fetchNotifications({ limit: PAGE_SIZE });
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
      const page = await fetchNotifications({ limit: PAGE_SIZE, cursor: list.nextCursor });
      setList({ status: "ready", items: [...list.items, ...page.notifications], nextCursor: page.nextCursor });
    } catch {
      toast(NOTIFICATION_TOASTS.loadMoreFailed);
    } finally {
      setLoadingMore(false);
    }
  };

  const update = useCallback(
    (fn: (items: ShownNotification[]) => ShownNotification[]) =>
      setList((current) => (current.status === "ready" ? { ...current, items: fn(current.items) } : current)),
    [],
  );

  const markRead = (item: NotificationItem) => {
    update((items) => items.map((n) => (n.id === item.id ? { ...n, read: true } : n)));
    setUnread((n) => Math.max(0, n - 1));
  };
  // Hidden rather than dropped, so the row's fetcher is still there to report a refusal.
  const remove = (item: NotificationItem) => {
    update((items) => items.map((n) => (n.id === item.id ? { ...n, removed: true } : n)));
    if (!item.read) setUnread((n) => Math.max(0, n - 1));
  };

  // Mounted open by the bell's first press: read the list now.
  useEffect(() => {
    void load();
  }, [load]);

  // Marking all read waits for the server, then says so (spec 000 §8).
  useEffect(() => {
    if (readAll.state !== "idle" || !readAll.data?.ok) return;
    update((items) => items.map((n) => ({ ...n, read: true })));
    setUnread(0);
  }, [readAll.state, readAll.data, update, setUnread]);

  const shown = list.status === "ready" ? list.items.filter((n) => !n.removed) : [];
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Popover.Trigger className={bellTriggerClass} aria-label={bellLabel(unread)} data-testid="notification-bell">
        <BellFace unread={unread} />
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
            <Button
              variant="ghost"
              size="sm"
              onClick={() => readAll.submit({ intent: "read-all" }, { method: "post", action: NOTIFICATIONS_ACTION })}
              disabled={unread === 0 || readAll.state !== "idle"}
            >
              Mark all read
            </Button>
          </div>
          <div className="overflow-y-auto p-2">
            {list.status === "ready" ? (
              shown.length === 0 ? (
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
                        onRefused={() => void load()}
                        onOpen={() => setOpen(false)}
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
