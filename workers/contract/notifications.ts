import { z } from "zod";
import { cursorParam } from "./cursor";
import type { RouteDoc } from "./route-doc";

export const NOTIFICATIONS_PAGE_MAX = 50;

/** GET /api/notifications: newest first; `cursor` is the `nextCursor` of the previous page. */
export const notificationListQuery = z.strictObject({
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** Spec 000 §3 Notification. */
export const notificationItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  actionUrl: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = z.object({
  notifications: z.array(notificationItem),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });

export const notificationsRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/notifications",
    summary: "The member's notifications, newest first, with the unread count.",
    auth: "member",
    query: notificationListQuery,
    response: notificationPage,
    errors: { 400: "Bad cursor or limit", 401: "Signed out" },
  },
  {
    method: "get",
    path: "/api/notifications/unread-count",
    summary: "Just the unread count: the header bell polls it every 10 s while the tab is visible.",
    auth: "member",
    response: unreadCountResponse,
    errors: { 401: "Signed out" },
  },
  {
    method: "patch",
    path: "/api/notifications/read-all",
    summary: "Marks all of the member's notifications read.",
    auth: "member",
    response: unreadCountResponse,
    errors: { 401: "Signed out" },
  },
  {
    method: "patch",
    path: "/api/notifications/:id/read",
    summary: "Marks one of the member's notifications read.",
    auth: "member",
    response: notificationItem,
    errors: { 401: "Signed out", 404: "No such notification of yours" },
  },
  {
    method: "delete",
    path: "/api/notifications/:id",
    summary: "Removes one of the member's notifications.",
    auth: "member",
    status: 204,
    errors: { 401: "Signed out", 404: "No such notification of yours" },
  },
];
