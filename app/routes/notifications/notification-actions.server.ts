import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { notificationIdParam } from "../../../workers/contract/notifications";
import { deleteNotification, markAllNotificationsRead, markNotificationRead } from "../../../workers/domain/notifications";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { NOTIFICATION_TOASTS } from "~/components/notifications/notification-toasts";

const id = notificationIdParam.shape.id;
const notificationIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id }),
  z.object({ intent: z.literal("remove"), id }),
  z.object({ intent: z.literal("read-all") }),
]);

/** The bell's writes: mark one read, remove one, mark all read (the member's own notifications only). */
export async function notificationsAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const parsed = parseSubmission(notificationIntent, await readForm(request));
  if (!parsed.ok) return parsed.response;
  const command = parsed.value;
  try {
    switch (command.intent) {
      case "read":
        return { ok: true as const, notification: await markNotificationRead(context.db, user.id, command.id) };
      case "remove":
        await deleteNotification(context.db, user.id, command.id);
        return { ok: true as const };
      case "read-all":
        await markAllNotificationsRead(context.db, user.id);
        return { ok: true as const, toast: NOTIFICATION_TOASTS.allRead };
    }
  } catch (error) {
    return domainFailure(error, command.intent === "read-all" ? { toast: NOTIFICATION_TOASTS.allReadFailed } : {});
  }
}
