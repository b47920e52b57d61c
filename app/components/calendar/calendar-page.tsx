import { useActionData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { CalendarPlus, Pencil, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import { themeFor } from "~/lib/community-themes";
import { useResultToast, type ActionResult } from "~/lib/forms";
import type { EventDto } from "../../../workers/contract/events";
import type { loadCalendarPage } from "../../../workers/domain/events/event-queries";
import { CalendarFeed } from "./calendar-feed";
import { DialogButton } from "./calendar-dialog";
import { dialogOf, withoutDialogs } from "./calendar-url";
import { DeleteEventDialog } from "./delete-event-dialog";
import { EventCard } from "./event-card";
import { EventDialog } from "./event-dialog";
import { dayLabel, monthOf } from "./month";
import { MonthCalendar } from "./month-calendar";
import { useViewerDays } from "./use-event-day";

export type CalendarData = Awaited<ReturnType<typeof loadCalendarPage>> & {
  communityId: string | null;
  month: string;
  today: string;
};

function EventList({ events, empty, render }: { events: EventDto[]; empty: string; render: (e: EventDto) => ReactNode }) {
  if (events.length === 0) return <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">{empty}</p>;
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{events.map(render)}</div>;
}

/** An event the page already shows, by id (the one a dialog edits or deletes). */
function shownEvent(data: CalendarData, id: string): EventDto | null {
  const lists = [data.focusEvent ? [data.focusEvent] : [], data.upcoming, data.monthEvents, data.attending, data.hosting];
  return lists.flat().find((e) => e.id === id) ?? null;
}

/** Edit and Delete for the event's creator or host: each opens its dialog (a URL, so it works without JavaScript). */
function ManageButtons({ event }: { event: EventDto }) {
  return (
    <>
      <DialogButton open={{ edit: event.id }} size="sm" variant="secondary" aria-label={`Edit ${event.title}`}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit
      </DialogButton>
      <DialogButton open={{ delete: event.id }} size="sm" variant="destructive" aria-label={`Delete ${event.title}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </DialogButton>
    </>
  );
}

/** /calendar (spec 001 §2): Overview, Calendar and My Events for the selected realm. */
export function CalendarPage({ data, viewerId }: { data: CalendarData; viewerId: string }) {
  const { communities, selectedCommunityId } = useCommunity();
  // The realm the lists show (the header's selection once the URL follows it; ?realm= or the cookie before).
  const shownCommunity = communities.find((c) => c.id === data.communityId) ?? null;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  // Failures of the page's forms come back as action data; successes toast after the redirect.
  const result = useActionData<ActionResult>();
  useResultToast(result);
  const [selectedDate, setSelectedDate] = useState(monthOf(data.today) === data.month ? data.today : `${data.month}-01`);
  const { dayOf, today } = useViewerDays(data.today);

  const go = useCallback(
    (changes: { community?: string | null; month?: string }) => {
      const params = withoutDialogs(searchParams);
      if (changes.community !== undefined) params.set("realm", changes.community ?? "all");
      if (changes.month) params.set("month", changes.month);
      navigate(`?${params}`, { replace: changes.month === undefined, preventScrollReset: true });
    },
    [navigate, searchParams],
  );

  // The realm is client state (useCommunity); reload the lists when it changes.
  useEffect(() => {
    if (selectedCommunityId !== data.communityId) go({ community: selectedCommunityId });
  }, [selectedCommunityId, data.communityId, go]);

  // A focused event (just saved, or opened from a notification) selects its day in this month's grid.
  const focus = data.focusEvent && monthOf(dayOf(data.focusEvent)) === data.month ? data.focusEvent : null;
  const focusKey = focus ? `${focus.id}:${dayOf(focus)}` : null;
  useEffect(() => {
    if (focusKey) setSelectedDate(focusKey.slice(focusKey.indexOf(":") + 1));
  }, [focusKey]);

  const changeMonth = (month: string, focusDate?: string) => {
    setSelectedDate(focusDate ?? `${month}-01`);
    go({ month });
  };
  const card = (event: EventDto) => (
    <EventCard key={event.id} event={event} viewerId={viewerId} showIcs manage={<ManageButtons event={event} />} />
  );
  const dayEvents = data.monthEvents.filter((e) => dayOf(e) === selectedDate);
  const loading = navigation.state === "loading" && navigation.formMethod?.toUpperCase() !== "GET";
  const dialog = dialogOf(searchParams);
  const dialogEvent = dialog && dialog.kind !== "create" ? shownEvent(data, dialog.id) : null;
  const dialogShown = dialog?.kind === "create" || dialogEvent !== null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy={loading}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Event Calendar</h1>
          <p className="mt-1 text-muted">
            {shownCommunity
              ? `${themeFor(shownCommunity.id).terminology.events} in ${shownCommunity.displayName}`
              : "Events across all realms"}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <DialogButton
            open={{ create: "1" }}
            disabled={!data.communityId}
            aria-describedby={data.communityId ? undefined : "create-event-hint"}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Create Event
          </DialogButton>
          {!data.communityId ? (
            <>
              <p id="create-event-hint" className="text-sm text-muted">
                Select a specific realm to create events
              </p>
              {/* The header's realm selector needs JavaScript; without it, pick the realm here. */}
              <noscript>
                <nav aria-label="Realms" className="flex max-w-md flex-wrap justify-end gap-x-3 text-sm">
                  {communities.map((c) => (
                    <a key={c.id} href={`/calendar?realm=${c.id}`} className="underline">
                      {c.displayName}
                    </a>
                  ))}
                </nav>
              </noscript>
            </>
          ) : null}
        </div>
      </div>
      {loading ? (
        <p className="sr-only" role="status">
          Loading events
        </p>
      ) : null}

      <div className="mt-6">
        {/* Without JavaScript a refused change comes back as the page: say why where the toast would. */}
        {result && !result.ok && !dialogShown && result.toast ? (
          <p role="alert" className="mb-6 rounded-xl border border-red-800 bg-red-700 p-4 text-sm text-white">
            <span className="font-semibold">{result.toast.title}</span>
            {result.toast.description ? ` ${result.toast.description}` : null}
          </p>
        ) : null}
        {dialog?.kind === "create" ? <EventDialog event={null} defaultDate={selectedDate} defaultCommunityId={data.communityId} /> : null}
        {dialog?.kind === "edit" && dialogEvent ? (
          <EventDialog key={dialogEvent.id} event={dialogEvent} defaultDate={dialogEvent.date} defaultCommunityId={data.communityId} />
        ) : null}
        {dialog?.kind === "delete" && dialogEvent ? <DeleteEventDialog event={dialogEvent} /> : null}
      </div>

      <Tabs defaultValue="overview" className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        <TabsList aria-label="Calendar views">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="mine">My Events</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6">
          {data.focusEvent ? (
            <section aria-labelledby="focus-heading" className="grid gap-3">
              <h2 id="focus-heading" className="text-xl font-semibold">
                Selected event
              </h2>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{card(data.focusEvent)}</div>
            </section>
          ) : null}
          <section aria-labelledby="upcoming-heading" className="grid gap-3">
            <h2 id="upcoming-heading" className="text-xl font-semibold">
              Upcoming events
            </h2>
            <EventList events={data.upcoming} empty="No upcoming events yet." render={card} />
          </section>
        </TabsContent>

        <TabsContent value="calendar" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <MonthCalendar
            month={data.month}
            today={today}
            selectedDate={selectedDate}
            events={data.monthEvents}
            dayOf={dayOf}
            onSelectDate={setSelectedDate}
            onMonthChange={changeMonth}
          />
          <section aria-labelledby="day-heading" aria-live="polite" className="grid content-start gap-3">
            <h2 id="day-heading" className="text-lg font-semibold">
              {dayLabel(selectedDate)}
            </h2>
            {dayEvents.length === 0 ? (
              <p className="text-muted">No events on this day.</p>
            ) : (
              <div className="grid gap-4">{dayEvents.map(card)}</div>
            )}
            {data.monthTruncated ? <p className="text-sm text-muted">This month has more events than the grid shows.</p> : null}
          </section>
        </TabsContent>

        <TabsContent value="mine" className="grid gap-8">
          <section aria-labelledby="attending-heading" className="grid gap-3">
            <h2 id="attending-heading" className="text-xl font-semibold">
              Attending
            </h2>
            <EventList events={data.attending} empty="You are not attending any upcoming events." render={card} />
          </section>
          <section aria-labelledby="hosting-heading" className="grid gap-3">
            <h2 id="hosting-heading" className="text-xl font-semibold">
              Hosting
            </h2>
            <EventList events={data.hosting} empty="You are not hosting any upcoming events." render={card} />
          </section>
          <CalendarFeed />
        </TabsContent>
      </Tabs>
    </div>
  );
}
