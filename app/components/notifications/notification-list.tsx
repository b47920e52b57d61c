import { Link } from "@remix-run/react";
import { Bell, CalendarDays, Check, Clock, MessageCircle, Trophy, UserPlus, X } from "lucide-react";
import type { NotificationItem } from "../../../workers/contract/notifications";
import { cn } from "~/lib/cn";
import { formatNotificationAge } from "./notification-age";

const ICONS: Record<string, typeof Bell> = {
  event: CalendarDays,
  message: MessageCircle,
  friend_request: UserPlus,
  tournament: Trophy,
  forum: MessageCircle,
  reminder: Clock,
};

/** One notification row: unread marker, text, age, mark-read and remove actions. */
export function NotificationRow({
  item,
  now,
  onRead,
  onRemove,
  onOpen,
}: {
  item: NotificationItem;
  now: number;
  onRead: (item: NotificationItem) => void;
  onRemove: (item: NotificationItem) => void;
  onOpen: (item: NotificationItem) => void;
}) {
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
          <Link to={item.actionUrl} onClick={() => onOpen(item)} className="block rounded hover:underline">
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
            onClick={() => onRead(item)}
            className="rounded p-1 text-muted hover:bg-surface hover:text-fg"
            aria-label={`Mark as read: ${item.title}`}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onRemove(item)}
          className="rounded p-1 text-muted hover:bg-surface hover:text-fg"
          aria-label={`Remove notification: ${item.title}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
