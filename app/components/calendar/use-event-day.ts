import { useCallback } from "react";
import type { EventDto } from "../../../workers/contract/events";
import { useHydrated } from "~/components/forum/use-hydrated";
import { dayInZone, viewerTimeZone } from "~/lib/date-time";

/**
 * The day an event falls on for the viewer, and today's date for them. The server (and the hydration pass) use the
 * event's own date and UTC's today, which both know, so the markup matches; once hydrated, the viewer's zone: an
 * event at 01:00 in Berlin on the 2nd is on the 1st for a member in New York.
 */
export function useViewerDays(serverToday: string) {
  const hydrated = useHydrated();
  const dayOf = useCallback(
    (event: Pick<EventDto, "date" | "startsAt">) => (hydrated ? dayInZone(Date.parse(event.startsAt), viewerTimeZone()) : event.date),
    [hydrated],
  );
  return { dayOf, today: hydrated ? dayInZone(Date.now(), viewerTimeZone()) : serverToday };
}
