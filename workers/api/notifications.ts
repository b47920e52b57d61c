import {
  notificationIdParam,
  notificationItem,
  notificationListQuery,
  notificationPage,
  unreadCountResponse,
} from "../contract/notifications";
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../domain/notifications";
import { requireUser } from "../http/require-user";
import { memberRoute } from "./route-guards";
import { apiRouter, errors, jsonResponse } from "./openapi-kit";

const SIGNED_OUT = [401, "Signed out"] as const;
const NOT_YOURS = [404, "No such notification of yours"] as const;

const list = memberRoute({
  method: "get",
  path: "/notifications",
  summary: "The member's notifications, newest first, with the unread count.",
  request: { query: notificationListQuery },
  responses: { 200: jsonResponse(notificationPage, "One page of notifications"), ...errors([400, "Bad cursor or limit"], SIGNED_OUT) },
});

const unreadCount = memberRoute({
  method: "get",
  path: "/notifications/unread-count",
  summary: "Just the unread count: the header bell polls it every 10 s while the tab is visible.",
  responses: { 200: jsonResponse(unreadCountResponse, "The unread count"), ...errors(SIGNED_OUT) },
});

const readAll = memberRoute({
  method: "patch",
  path: "/notifications/read-all",
  summary: "Marks all of the member's notifications read.",
  responses: { 200: jsonResponse(unreadCountResponse, "The unread count, now 0"), ...errors(SIGNED_OUT) },
});

const readOne = memberRoute({
  method: "patch",
  path: "/notifications/{id}/read",
  summary: "Marks one of the member's notifications read.",
  request: { params: notificationIdParam },
  responses: { 200: jsonResponse(notificationItem, "The notification"), ...errors(SIGNED_OUT, NOT_YOURS) },
});

const remove = memberRoute({
  method: "delete",
  path: "/notifications/{id}",
  summary: "Removes one of the member's notifications.",
  request: { params: notificationIdParam },
  responses: { 204: { description: "Removed" }, ...errors(SIGNED_OUT, NOT_YOURS) },
});

export const notificationsApi = apiRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listNotifications(c.get("db"), requireUser(c).id, c.req.valid("query")), 200);
  })
  .openapi(unreadCount, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ unreadCount: await countUnread(c.get("db"), requireUser(c).id) }, 200);
  })
  .openapi(readAll, async (c) => {
    await markAllNotificationsRead(c.get("db"), requireUser(c).id);
    return c.json({ unreadCount: 0 }, 200);
  })
  .openapi(readOne, async (c) => c.json(await markNotificationRead(c.get("db"), requireUser(c).id, c.req.valid("param").id), 200))
  .openapi(remove, async (c) => {
    await deleteNotification(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  });
