import { z } from "../lib/zod";
import { cursorParam } from "./cursor";

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

export const notificationIdParam = z.object({ id: z.string() });
