import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { calendarAction } from "./calendar-actions.server";
import { CalendarPage, type CalendarData } from "~/components/calendar/calendar-page";
import { sameView } from "~/components/calendar/calendar-url";
import { addDays, isMonth, monthGrid, monthOf, todayUtc } from "~/components/calendar/month";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import { loadCalendarPage } from "../../../workers/domain/events/event-queries";
import { listCommunitiesCached } from "../../../workers/domain/shell";

export const meta: MetaFunction = () => [{ title: documentTitle("Event Calendar") }];

/** ?realm= (or the realm cookie), ?month=yyyy-mm, ?event= (opened from a notification, or just saved). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const url = new URL(request.url);
  const today = todayUtc();
  const monthParam = url.searchParams.get("month");
  const month = isMonth(monthParam) ? monthParam : monthOf(today);
  const community = url.searchParams.get("realm") ?? (await readSelectedCommunity(request));
  // The realm list is cached per isolate, so checking the realm costs no D1 round trip.
  const communities = await listCommunitiesCached(context.db);
  const communityId = community && communities.some((c) => c.id === community) ? community : null;
  const grid = monthGrid(month);
  const focusEventId = url.searchParams.get("event");
  const lists = await loadCalendarPage(context.db, user, {
    communityId,
    // Two days either side: an event dated just outside the grid in its own zone can fall inside it in the
    // viewer's (zones are up to 26 hours apart), and the page places events on the viewer's days.
    from: addDays(grid[0], -2),
    to: addDays(grid[grid.length - 1], 2),
    focusEventId: focusEventId && focusEventId.length <= 64 ? focusEventId : null,
  });
  return { ...lists, communityId, month, today, viewerId: user.id } satisfies CalendarData & { viewerId: string };
}

/** Create, edit, delete, join, leave and the feed URL (calendar-actions.server.ts). */
export const action = calendarAction;

/** Opening or closing a dialog (a GET form over the same view) and a new feed URL change none of the lists. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }) => {
  if (formMethod?.toUpperCase() === "GET" && sameView(currentUrl, nextUrl)) return false;
  if (formData?.get("intent") === "rotate-feed") return false;
  return defaultShouldRevalidate;
};

export default function CalendarRoute() {
  const data = useLoaderData<typeof loader>();
  return <CalendarPage data={data} viewerId={data.viewerId} />;
}

/** Spec 001 §8: a list that cannot load says 'Failed to fetch events'. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 401)) return <GeneralErrorBoundary />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Event Calendar</h1>
      <p className="mt-3 text-muted" role="alert">
        Failed to fetch events
      </p>
      <Link to="/calendar" reloadDocument className={buttonClasses("primary", "md", "mt-6")}>
        Try again
      </Link>
    </section>
  );
}
