import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { rotateCalendarFeed } from "../../../workers/domain/events/event-queries";
import { createEvent, deleteEvent, updateEvent } from "../../../workers/domain/events/events";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, echoValues, parseSubmission, readForm } from "~/lib/forms.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { attendanceFailure, changeAttendance } from "../events.$id.attendance/attendance.server";
import { calendarLocation } from "~/components/calendar/calendar-url";
import { calendarSubmission, type CalendarSubmission } from "~/components/calendar/event-form";
import { createFailed, deleteFailed, EVENT_TOASTS, joinFailed, leaveFailed, updateFailed } from "~/components/calendar/event-toasts";
import { monthOf } from "~/components/calendar/month";

export const FEED_ROTATED: ToastMessage = { title: "New feed URL created", description: "The previous address no longer works." };
const FEED_FAILED = (description: string): ToastMessage => ({
  title: "Could not get your calendar feed",
  description,
  variant: "destructive",
});

/** The failure toast of each form (spec 001 §8). */
function failureToast(intent: unknown, description: string): ToastMessage {
  switch (intent) {
    case "update":
      return updateFailed(description);
    case "delete":
      return deleteFailed(description);
    case "join":
      return joinFailed("calendar", { role: "participant", playerType: "main" }, description);
    case "leave":
      return leaveFailed(description);
    case "rotate-feed":
      return FEED_FAILED(description);
    default:
      return createFailed(description);
  }
}

/**
 * /calendar's forms: create, update and delete events, join and leave them,
 * and replace the private feed URL. Changes answer with a redirect back to the
 * page (post/redirect/get, the toast carried in a cookie), so they work with
 * and without JavaScript; the feed URL comes back as data for the fetcher that
 * asked.
 */
export async function calendarAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const parsed = parseSubmission(calendarSubmission, raw, failureToast(raw.intent, "Please correct the highlighted fields."));
  if (!parsed.ok) return parsed.response;
  const form: CalendarSubmission = parsed.value;
  const back = (toast: ToastMessage, changes?: Parameters<typeof calendarLocation>[1]) =>
    redirectWithToast(request, calendarLocation(request.url, changes), toast);
  const db = context.db;
  try {
    switch (form.intent) {
      case "create": {
        const { intent: _intent, ...body } = form;
        const event = await createEvent(db, user.id, body);
        return back(EVENT_TOASTS.created, { month: monthOf(event.date), event: event.id });
      }
      case "update": {
        const { intent: _intent, id, ...body } = form;
        const event = await updateEvent(db, user.id, id, body);
        return back(EVENT_TOASTS.updated, { month: monthOf(event.date), event: event.id });
      }
      case "delete": {
        await deleteEvent(db, user.id, form.id);
        const focused = new URL(request.url).searchParams.get("event");
        return back(EVENT_TOASTS.deleted, focused === form.id ? { event: null } : {});
      }
      case "join":
      case "leave": {
        const { id, ...submission } = form;
        try {
          return back((await changeAttendance(db, user.id, id, submission, "calendar")).toast);
        } catch (error) {
          return attendanceFailure(error, "calendar", submission);
        }
      }
      case "rotate-feed":
        return { ok: true as const, feed: await rotateCalendarFeed(db, user.id, new URL(request.url).origin), toast: FEED_ROTATED };
    }
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: failureToast(form.intent, e.message), values: echoValues(raw) }));
  }
}
