import { Link, useFetcher } from "@remix-run/react";
import { Bell, CalendarDays, Check, Clock, MessageCircle, Trophy, UserPlus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import type { NotificationItem } from "../../../workers/contract/notifications";
import { cn } from "~/lib/cn";
import type { ActionResult } from "~/lib/forms";
import { formatNotificationAge } from "./notification-age";
import { NOTIFICATIONS_ACTION } from "./notification-toasts";

const ICONS: Record<string, typeof Bell> = {
  event: CalendarDays,
  message: MessageCircle,
  friend_request: UserPlus,
  tournament: Trophy,
  forum: MessageCircle,
  reminder: Clock,
};

/** A notification as the bell shows it: removed ones stay (hidden) until the server has answered. */
export type ShownNotification = NotificationItem & { removed?: boolean };

type Props = {
  item: ShownNotification;
  now: number;
  /** The bell shows the change at once... */
  onRead: (item: NotificationItem) => void;
  onRemove: (item: NotificationItem) => void;
  /** ...and starts over from the server's list when it refuses. */
  onRefused: () => void;
  onOpen: (item: NotificationItem) => void;
};

/** One notification row: unread marker, text, age, mark-read and remove actions. */
export function NotificationRow({ item, now, onRead, onRemove, onRefused, onOpen }: Props) {
  const fetcher = useFetcher<ActionResult>();
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.ok !== false || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    onRefused();
  }, [fetcher.state, fetcher.data, onRefused]);
  if (item.removed) return null;

  const send = (intent: "read" | "remove") => fetcher.submit({ intent, id: item.id }, { method: "post", action: NOTIFICATIONS_ACTION });
  const read = () => {
    if (item.read) return;
    onRead(item);
    send("read");
  };
  const Icon = ICONS[item.type] ?? Bell;
  const body = (
    <>
      <p className={cn("text-sm", item.read ? "font-medium text-muted" : "font-semibold text-fg")}>{item.title}</p>
      <p className="mt-0.5 line-clamp-3 whitespace-pre-line break-words text-sm text-muted">{item.message}</p>
      <p className="mt-1 text-xs text-muted">
        <time dateTime={item.timestamp}>{formatNotificationAge(item.timestamp, now)}</time>
      </p>
    </>
  );
  return (
    <li className={cn("flex gap-3 rounded-lg p-3", !item.read && "bg-background")} data-testid="notification-item" data-read={item.read}>
      <span className="relative mt-0.5 shrink-0">
        <Icon className="h-5 w-5 text-muted" aria-hidden="true" />
        {!item.read ? <span className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-primary" aria-label="Unread" /> : null}
      </span>
      <div className="min-w-0 flex-1">
        {item.actionUrl && item.actionUrl.startsWith("/") ? (
          <Link
            to={item.actionUrl}
            onClick={() => {
              read();
              onOpen(item);
            }}
            className="block rounded hover:underline"
          >
            {body}
          </Link>
        ) : (
          body
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {!item.read ? (
          <button
            type="button"
            onClick={read}
            className="rounded p-1 text-muted hover:bg-surface hover:text-fg"
            aria-label={`Mark as read: ${item.title}`}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            onRemove(item);
            send("remove");
          }}
          className="rounded p-1 text-muted hover:bg-surface hover:text-fg"
          aria-label={`Remove notification: ${item.title}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
