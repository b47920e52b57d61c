import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notificationsAction } from "./notification-actions.server";

/**
 * A resource route: the header's notification bell, present on every page,
 * posts its writes here with fetchers (the unread count is still polled from
 * /api/notifications/unread-count). There is nothing to show at this address.
 */
export const action = (args: ActionFunctionArgs) => notificationsAction(args);

export const loader = () => {
  throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
