import { formatInZone, relativeTime, viewerTimeZone } from "~/lib/date-time";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/forum/use-hydrated";

type Props = {
  /** ISO instant. */
  startsAt: string;
  /** The event's own IANA zone. */
  timeZone: string;
  /** "stacked": day and time on two lines (narrow lists); "full": one line plus the host's time when it differs. */
  layout?: "full" | "stacked";
  className?: string;
};

/**
 * When an event starts. The server (and the browser's hydration pass) render
 * it in the event's own zone, which both know, so the markup matches; once
 * hydrated it switches to the viewer's zone and adds how far away it is. The
 * zone is always named.
 */
export function EventWhen({ startsAt, timeZone, layout = "full", className }: Props) {
  const hydrated = useHydrated();
  const at = Date.parse(startsAt);
  const zone = hydrated ? viewerTimeZone() : timeZone;
  const shown = formatInZone(at, zone);
  const relative = hydrated ? relativeTime(at, Date.now()) : null;
  const hostTime = hydrated && zone !== timeZone ? formatInZone(at, timeZone) : null;

  if (layout === "stacked") {
    return (
      <time dateTime={startsAt} className={cn("block", className)} data-testid="event-when" data-zone={zone}>
        {shown.day}
        <br />
        {shown.time} {shown.timeZone}
        {relative ? (
          <>
            <br />
            <span className="text-xs">{relative}</span>
          </>
        ) : null}
      </time>
    );
  }
  return (
    <span className={cn("grid", className)}>
      <time dateTime={startsAt} data-testid="event-when" data-zone={zone}>
        {shown.day} · {shown.time} {shown.timeZone}
        {relative ? ` (${relative})` : ""}
      </time>
      {hostTime ? (
        <span className="text-xs" data-testid="event-host-time">
          Host&apos;s time: {hostTime.day} · {hostTime.time} {hostTime.timeZone}
        </span>
      ) : null}
    </span>
  );
}
