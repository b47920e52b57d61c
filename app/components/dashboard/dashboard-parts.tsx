import { Link } from "@remix-run/react";
import { Bell, CalendarDays, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { NotificationItem } from "../../../workers/contract/notifications";
import type { CommunityDashboardData } from "../../../workers/domain/dashboard";
import { EventWhen } from "~/components/calendar/event-when";
import { formatNotificationAge } from "~/components/notifications/notification-age";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/** A dashboard tile; a link when `to` is given (spec: events and the community tile have none). */
export function DashboardTile({ icon: Icon, label, detail, to }: { icon: LucideIcon; label: string; detail?: ReactNode; to?: string }) {
  const body = (
    <Card className={cn("h-full", to && "transition hover:-translate-y-0.5 hover:border-primary")}>
      <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
      <p className="mt-3 font-semibold">{label}</p>
      {detail ? <p className="mt-1 text-sm text-muted">{detail}</p> : null}
    </Card>
  );
  return to ? (
    <Link to={to} className="block h-full rounded-xl" prefetch="intent">
      {body}
    </Link>
  ) : (
    <div className="h-full" data-testid="dashboard-tile">
      {body}
    </div>
  );
}

/** The member's latest real notifications. */
export function NotificationsCard({ title, items, unreadCount }: { title: string; items: NotificationItem[]; unreadCount: number }) {
  const now = Date.now();
  return (
    <Card>
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-semibold">
          <Bell className="h-5 w-5" aria-hidden="true" /> {title}
        </h2>
        <span className="text-sm text-muted">{unreadCount} unread</span>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No notifications yet</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((n) => (
            <li key={n.id} className="flex gap-3 text-sm">
              <span className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", n.read ? "bg-border" : "bg-primary")} aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium">{n.title}</p>
                <p className="truncate text-muted">{n.message}</p>
                <p className="text-xs text-muted">{formatNotificationAge(n.timestamp, now)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A realm's real upcoming events (the calendar area of the pokestream-hub, decksong and duelcraft dashboards). */
export function UpcomingEventsCard({ title, events }: { title: string; events: CommunityDashboardData["upcomingEvents"] }) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 font-semibold">
        <CalendarDays className="h-5 w-5" aria-hidden="true" /> {title}
      </h2>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No upcoming events in this realm yet.{" "}
          <Link to="/calendar" className="font-medium text-fg underline">
            Schedule one
          </Link>
        </p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label={title}>
          {events.map((e) => (
            <li key={e.id} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{e.title}</p>
                <p className="text-muted">{e.location}</p>
              </div>
              <EventWhen startsAt={e.startsAt} timeZone={e.timeZone} layout="stacked" className="shrink-0 text-right text-muted" />
            </li>
          ))}
        </ul>
      )}
      <Link to="/calendar" className="mt-3 inline-block text-sm font-medium underline">
        Open the calendar
      </Link>
    </Card>
  );
}

export function DashboardLoading() {
  return (
    <p className="mx-auto max-w-7xl px-4 py-24 text-center text-muted" role="status">
      Loading your dashboard...
    </p>
  );
}
