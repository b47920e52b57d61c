import { useNavigate, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { CalendarPlus } from "lucide-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import type { EventDto } from "../../../workers/contract/events";
import type { loadCalendarPage } from "../../../workers/domain/event-queries";
import { CalendarFeed } from "./calendar-feed";
import { DeleteEventDialog } from "./delete-event-dialog";
import { EventCard } from "./event-card";
import { EventDialog } from "./event-dialog";
import { dayLabel, monthOf } from "./month";
import { MonthCalendar } from "./month-calendar";
import { useEventActions } from "./use-event-actions";

export type CalendarData = Awaited<ReturnType<typeof loadCalendarPage>> & {
  communityId: string | null;
  month: string;
  today: string;
};

function EventList({ events, empty, render }: { events: EventDto[]; empty: string; render: (e: EventDto) => ReactNode }) {
  if (events.length === 0) return <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">{empty}</p>;
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{events.map(render)}</div>;
}

/** /calendar (spec 001 §2): Overview, Calendar and My Events for the selected realm. */
export function CalendarPage({ data, viewerId }: { data: CalendarData; viewerId: string }) {
  const { selectedCommunityId, selectedCommunity, theme } = useCommunity();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const [selectedDate, setSelectedDate] = useState(monthOf(data.today) === data.month ? data.today : `${data.month}-01`);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<EventDto | null>(null);
  const [deleting, setDeleting] = useState<EventDto | null>(null);

  const go = useCallback(
    (changes: { realm?: string | null; month?: string }) => {
      const params = new URLSearchParams(searchParams);
      if (changes.realm !== undefined) params.set("realm", changes.realm ?? "all");
      if (changes.month) params.set("month", changes.month);
      navigate(`?${params}`, { replace: changes.month === undefined, preventScrollReset: true });
    },
    [navigate, searchParams],
  );

  // The realm is client state (useCommunity); reload the lists when it changes.
  useEffect(() => {
    if (selectedCommunityId !== data.communityId) go({ realm: selectedCommunityId });
  }, [selectedCommunityId, data.communityId, go]);

  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const actions = useEventActions("calendar", refresh);
  const changeMonth = (month: string, focusDate?: string) => {
    setSelectedDate(focusDate ?? `${month}-01`);
    go({ month });
  };
  const card = (event: EventDto) => (
    <EventCard
      key={event.id}
      event={event}
      viewerId={viewerId}
      mode="calendar"
      pending={actions.pendingId === event.id}
      onJoin={actions.join}
      onLeave={actions.leave}
      onEdit={(e) => {
        setEditing(e);
        setDialogOpen(true);
      }}
      onDelete={setDeleting}
    />
  );
  const dayEvents = data.monthEvents.filter((e) => e.date === selectedDate);
  const loading = navigation.state === "loading" || revalidator.state === "loading";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy={loading}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Event Calendar</h1>
          <p className="mt-1 text-muted">
            {selectedCommunity ? `${theme.terminology.events} in ${selectedCommunity.displayName}` : "Events across all realms"}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Button
            disabled={!selectedCommunityId}
            aria-describedby={selectedCommunityId ? undefined : "create-event-hint"}
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Create Event
          </Button>
          {!selectedCommunityId ? (
            <p id="create-event-hint" className="text-sm text-muted">
              Select a specific realm to create events
            </p>
          ) : null}
        </div>
      </div>
      {loading ? (
        <p className="sr-only" role="status">
          Loading events
        </p>
      ) : null}

      <Tabs defaultValue="overview" className={loading ? "mt-6 opacity-60 transition-opacity" : "mt-6 transition-opacity"}>
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
            today={data.today}
            selectedDate={selectedDate}
            events={data.monthEvents}
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

      <EventDialog
        open={dialogOpen}
        event={editing}
        defaultDate={selectedDate}
        onOpenChange={setDialogOpen}
        onSaved={(saved) => {
          setSelectedDate(saved.date);
          if (monthOf(saved.date) !== data.month) go({ month: monthOf(saved.date) });
          else refresh();
        }}
      />
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />
    </div>
  );
}
