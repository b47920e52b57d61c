import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { attendanceFailure, changeAttendance } from "./attendance.server";
import { attendanceSubmission } from "~/components/calendar/event-form";
import { joinFailed } from "~/components/calendar/event-toasts";
import { requireMember } from "~/lib/auth.server";
import { parseSubmission, readForm } from "~/lib/forms.server";

/**
 * Joining and leaving game pods from the TableSync lobby (a resource route:
 * the lobby's cards post here with useFetcher and stay on the page). The answer
 * carries the seat's toast and the event as it is now.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const parsed = parseSubmission(
    attendanceSubmission,
    raw,
    joinFailed("lobby", { role: "participant", playerType: "main" }, "Please try again."),
  );
  if (!parsed.ok) return parsed.response;
  try {
    const { toast, event } = await changeAttendance(context.db, user.id, params.id ?? "", parsed.value, "lobby");
    return { ok: true as const, toast, event };
  } catch (error) {
    return attendanceFailure(error, "lobby", parsed.value);
  }
}
