import { useCallback, useEffect, useRef, useState } from "react";
import { EventCard } from "~/components/calendar/event-card";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { api, unwrap } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";
import type { EventDto } from "../../../workers/contract/events";

export const LOBBY_EVENT_LIMIT = 24;
/** One scrolling row on phones and tablets (the rooms stay in reach below), a column beside the rooms on wide screens. */
const PODS_ROW = "flex snap-x gap-4 overflow-x-auto pb-2 lg:grid lg:max-h-[70vh] lg:overflow-x-visible lg:overflow-y-auto lg:pb-0";
const POD_ITEM = "w-72 shrink-0 snap-start lg:w-auto";
type LoadState = { status: "loading" } | { status: "error" } | { status: "ready"; events: EventDto[] };

/**
 * Upcoming game_pod events in the TableSync lobby's Join Room tab (spec 001 §2):
 * Join as Player, Join Waiting List, Spectate Event or Leave Event by state,
 * Login to Join for visitors. It starts from the pods the page was rendered
 * with (`initial`, read by the lobby's loader, so they are there without
 * JavaScript); it loads from /api/events on the client (the typed client)
 * when the realm changes or nothing came with the page, joins and leaves
 * through /events/:id/attendance (a route action, with useFetcher) and
 * refetches after every change.
 * `onCountChange` lets the lobby decide its 'No Active Rooms or Events' empty state.
 */
export function LobbyEvents({
  communityId,
  initial = null,
  onCountChange,
}: {
  communityId: string | null;
  initial?: { communityId: string | null; events: EventDto[] } | null;
  onCountChange?: (count: number) => void;
}) {
  const viewerId = useRootData()?.user?.id ?? null;
  const fromPage = initial && initial.communityId === communityId ? initial.events : null;
  const [state, setState] = useState<LoadState>(fromPage ? { status: "ready", events: fromPage } : { status: "loading" });
  // What the page came with needs no request; the first fetch is for another realm or a change.
  const rendered = useRef(fromPage ? { communityId, reloadKey: 0 } : null);
  const [reloadKey, setReloadKey] = useState(0);
  const refresh = useCallback(() => setReloadKey((k) => k + 1), []);
  // A ref, so an inline callback from the lobby does not refetch on every render.
  const countChanged = useRef(onCountChange);
  countChanged.current = onCountChange;

  useEffect(() => {
    if (rendered.current?.communityId === communityId && rendered.current.reloadKey === reloadKey) return;
    rendered.current = null;
    let cancelled = false;
    const query = {
      type: "game_pod",
      upcoming: "true",
      limit: String(LOBBY_EVENT_LIMIT),
      ...(communityId ? { communityId } : {}),
    } as const;
    unwrap(api.events.$get({ query })).then(
      (events) => {
        if (cancelled) return;
        setState({ status: "ready", events });
        countChanged.current?.(events.length);
      },
      () => {
        if (cancelled) return;
        setState({ status: "error" });
        countChanged.current?.(0);
        toast({ title: "Failed to fetch game pod events", variant: "destructive" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [communityId, reloadKey]);

  if (state.status === "ready" && state.events.length === 0) return null;
  return (
    <section aria-labelledby="lobby-events-heading" className="grid gap-3" data-testid="lobby-events">
      <h2 id="lobby-events-heading" className="text-xl font-semibold">
        Upcoming Game Pods
      </h2>
      {state.status === "loading" ? (
        <div className={PODS_ROW} aria-busy="true">
          <Skeleton className={cn(POD_ITEM, "h-56")} />
          <Skeleton className={cn(POD_ITEM, "h-56")} />
        </div>
      ) : state.status === "error" ? (
        <div className="rounded-xl border border-border p-4 text-sm" role="alert">
          <p>Failed to fetch game pod events</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={refresh}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={PODS_ROW} aria-label="Game pods">
          {state.events.map((event) => (
            <li key={event.id} className={POD_ITEM}>
              <EventCard
                event={event}
                viewerId={viewerId}
                attendanceAction={`/events/${event.id}/attendance`}
                onAttendanceChanged={refresh}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
