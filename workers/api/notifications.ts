import { Hono } from "hono";
import { notificationListQuery } from "../contract/notifications";
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../domain/notifications";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../domain/errors";
import { requireUser } from "../http/require-user";
import { parseQuery } from "../http/validate";

export const notificationsApi = new Hono<AppEnv>()
  .get("/notifications", async (c) => {
    const user = requireUser(c);
    const query = parseQuery(c, notificationListQuery);
    c.header("Cache-Control", "no-store");
    return c.json(await listNotifications(c.get("db"), user.id, query));
  })
  .get("/notifications/unread-count", async (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json({ unreadCount: await countUnread(c.get("db"), user.id) });
  })
  .patch("/notifications/read-all", async (c) => {
    const user = requireUser(c);
    await markAllNotificationsRead(c.get("db"), user.id);
    return c.json({ unreadCount: 0 });
  })
  .patch("/notifications/:id/read", async (c) => {
    const user = requireUser(c);
    const item = await markNotificationRead(c.get("db"), user.id, c.req.param("id"));
    if (!item) throw notFound("Notification not found");
    return c.json(item);
  })
  .delete("/notifications/:id", async (c) => {
    const user = requireUser(c);
    if (!(await deleteNotification(c.get("db"), user.id, c.req.param("id")))) throw notFound("Notification not found");
    return c.body(null, 204);
  });
