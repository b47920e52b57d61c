import { CalendarPlus, Clock, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { bracketLabel } from "../../../workers/contract/brackets";
import { EVENT_TYPE_LABELS, type EventDto } from "../../../workers/contract/events";
import { hasSeatLimits } from "../../../workers/contract/event-seats";
import { AttendanceButton } from "./attendance-button";
import { EventWhen } from "./event-when";
import { eventAction, JOIN_LABELS, seatLabel } from "./seat-actions";
import { ReportButton } from "~/components/moderation/report-button";

export type EventCardProps = {
  event: EventDto;
  viewerId: string | null;
  /** Where join and leave post: the current route when absent (the calendar), else e.g. the lobby's resource route. */
  attendanceAction?: string;
  onAttendanceChanged?: () => void;
  /** The calendar's .ics link. */
  showIcs?: boolean;
  /** Extra controls for the event's creator or host (the calendar's Edit and Delete). */
  manage?: ReactNode;
};

export function isUpcoming(event: Pick<EventDto, "startsAt">, now = Date.now()): boolean {
  return Date.parse(event.startsAt) > now;
}

/** Spec 001 §6: the creator or the host manages an event, while it is upcoming. */
export function canManage(event: EventDto, viewerId: string | null): boolean {
  return viewerId !== null && (event.creator.id === viewerId || event.hostId === viewerId) && isUpcoming(event);
}

function loginToJoin() {
  toast({
    title: "Please log in to join events",
    action: (
      <a href={`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`} className={buttonClasses("secondary", "sm")}>
        Sign In
      </a>
    ),
  });
}

/** One event with its seats and the buttons its state allows (spec 001 §2 lobby cards, §6 roles). */
export function EventCard({ event, viewerId, attendanceAction, onAttendanceChanged, showIcs, manage }: EventCardProps) {
  const pod = hasSeatLimits(event.type);
  const action = eventAction(event);
  const upcoming = isUpcoming(event);
  const titleId = `event-title-${event.id}`;
  const label = action === "leave" ? "Leave Event" : pod || action === "spectate" ? JOIN_LABELS[action] : "Join Event";

  return (
    <Card className="flex flex-col gap-3" data-testid="event-card" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={pod ? "default" : "secondary"}>{EVENT_TYPE_LABELS[event.type]}</Badge>
        {event.community ? <Badge tone="outline">{event.community.name}</Badge> : null}
        {viewerId !== null && event.hostId === viewerId ? <Badge tone="secondary">You host</Badge> : null}
        {event.isUserAttending && event.role ? (
          <Badge tone="success" data-testid="seat-badge">
            {seatLabel({ role: event.role, playerType: event.playerType ?? "main" })}
          </Badge>
        ) : null}
      </div>
      <h3 id={titleId} className="text-lg font-semibold leading-tight">
        {event.title}
      </h3>
      <ul className="grid gap-1 text-sm text-muted">
        <li className="flex items-start gap-2">
          <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <EventWhen startsAt={event.startsAt} timeZone={event.timeZone} />
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{event.location}</span>
        </li>
        <li className="flex items-center gap-2">
          <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
          {event.attendeeCount}
          {event.maxAttendees ? `/${event.maxAttendees}` : ""} attending
        </li>
      </ul>
      {pod ? (
        <p className="text-sm" data-testid="pod-seats">
          Players {event.mainPlayers}/{event.playerSlots} · Waiting list {event.alternates}/{event.alternateSlots}
        </p>
      ) : null}
      {event.bracket ? (
        <p className="text-sm" data-testid="event-bracket">
          {bracketLabel(event.bracket)}
        </p>
      ) : null}
      {event.description ? <p className="line-clamp-2 text-sm text-muted">{event.description}</p> : null}
      <p className="text-xs text-muted">Hosted by {event.creator.firstName ?? "a member"}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        {!viewerId ? (
          <Button size="sm" onClick={loginToJoin}>
            Login to Join
          </Button>
        ) : !upcoming && !event.isUserAttending ? null : action !== "leave" &&
          event.maxAttendees !== null &&
          event.attendeeCount >= event.maxAttendees ? (
          <Button size="sm" disabled>
            Event Full
          </Button>
        ) : (
          <AttendanceButton event={event} action={action} label={label} to={attendanceAction} onChanged={onAttendanceChanged} />
        )}
        {showIcs ? (
          <a
            href={`/api/events/${event.id}/ics`}
            className={buttonClasses("ghost", "sm")}
            aria-label={`.ics file: add ${event.title} to your calendar`}
            download
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            .ics
          </a>
        ) : null}
        {manage && canManage(event, viewerId) ? manage : null}
        {/* Report (moderation): another member's event, to its realm's moderators. */}
        {viewerId !== null && event.creator.id !== viewerId && event.hostId !== viewerId ? (
          <ReportButton target={{ kind: "event", id: event.id }} />
        ) : null}
      </div>
    </Card>
  );
}
