import type { EventDto } from "../../../workers/contract/events";
import type { Db } from "../../../workers/db/client";
import { joinEvent, leaveEvent } from "../../../workers/domain/events/event-attendance";
import { domainFailure } from "~/lib/forms.server";
import type { ToastMessage } from "~/lib/toast";
import type { AttendanceSubmission } from "~/components/calendar/event-form";
import { EVENT_TOASTS, joinFailed, joinedToast, leaveFailed, type AttendanceView } from "~/components/calendar/event-toasts";

/**
 * Join or leave an event from a page (the calendar's action, the lobby's
 * /events/:id/attendance): the same domain calls as POST /api/events/:id/join
 * and DELETE /api/events/:id/leave, with the toast the page shows.
 */
export async function changeAttendance(
  db: Db,
  userId: string,
  eventId: string,
  submission: AttendanceSubmission,
  view: AttendanceView,
): Promise<{ toast: ToastMessage; event: EventDto | null }> {
  if (submission.intent === "leave") {
    await leaveEvent(db, userId, eventId);
    return { toast: EVENT_TOASTS.left, event: null };
  }
  const { intent: _intent, ...body } = submission;
  const { event } = await joinEvent(db, userId, eventId, body);
  // The server decided the seat; the toast names the one taken.
  const seat = { role: event.role ?? body.role, playerType: event.playerType ?? body.playerType };
  return { toast: joinedToast(view, event.type, seat), event };
}

/** A refused join or leave, with the spec's failure toast and the server's reason. */
export function attendanceFailure(error: unknown, view: AttendanceView, submission: AttendanceSubmission) {
  return domainFailure(error, (e) => ({
    toast: submission.intent === "join" ? joinFailed(view, submission, e.message) : leaveFailed(e.message),
  }));
}
