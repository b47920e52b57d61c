import { and, count, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";
import type { NotificationItem, NotificationListQuery, NotificationPage } from "../contract/notifications";
import { decodeCursor, pageOf, timeIdKey } from "./cursor";
import { invalid, notFound } from "./errors";
import { noteNotified } from "../lib/notified-members";

export const NOTIFICATION_TYPES = ["event", "message", "friend_request", "tournament", "forum", "reminder", "system"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
  /** Epoch ms; now unless given (only the browser tests' seed dates one in the past). */
  createdAt?: number;
};

/**
 * The one way features notify a member (friend requests, pod seats, pairings,
 * forum replies, post reminders). Returns the insert so callers can put it in
 * the same `db.batch()` as the change that caused it. The member is noted, so
 * their open pages hear of it once the request has answered (workers/contract/inbox.ts);
 * set-wise inserts of notifications note their members themselves.
 */
export function notificationInsert(db: Db, input: NewNotification) {
  noteNotified(input.userId);
  return db.insert(notifications).values({
    id: crypto.randomUUID(),
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
    ...(input.createdAt === undefined ? {} : { createdAt: input.createdAt }),
  });
}

export async function createNotification(db: Db, input: NewNotification): Promise<void> {
  await notificationInsert(db, input).run();
}

/** Several notifications in one D1 round trip. */
export async function createNotifications(db: Db, inputs: readonly NewNotification[]): Promise<void> {
  const [first, ...rest] = inputs.map((input) => notificationInsert(db, input));
  if (first) await db.batch([first, ...rest]);
}

type NotificationRow = typeof notifications.$inferSelect;

/** Spec 000 §3 Notification as the browser sees it. */
export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    timestamp: new Date(row.createdAt).toISOString(),
    read: row.read,
    actionUrl: row.actionUrl,
  };
}

/** Newest first, keyset-paginated on (created_at, id) over notifications_user_created_idx. */
export async function listNotifications(db: Db, userId: string, query: NotificationListQuery): Promise<NotificationPage> {
  const mine = eq(notifications.userId, userId);
  let where = mine;
  if (query.cursor) {
    const key = decodeCursor(query.cursor, timeIdKey);
    if (!key) throw invalid("Invalid cursor");
    const [at, id] = key;
    where = and(mine, or(lt(notifications.createdAt, at), and(eq(notifications.createdAt, at), lt(notifications.id, id))))!;
  }
  const [rows, unread] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, eq(notifications.read, false))),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit, (r) => [r.createdAt, r.id]);
  return {
    notifications: page.map(toNotificationItem),
    nextCursor,
    unreadCount: unread[0]?.n ?? 0,
  };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .get();
  return row?.n ?? 0;
}

const NOTIFICATION_NOT_FOUND = "Notification not found";

/** Marks the member's own notification read; another member's looks missing (404), like a missing one. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<NotificationItem> {
  const row = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
    .get();
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotificationItem(row);
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .run();
}

/** Removes the member's own notification (404 for a missing one or another member's). */
export async function deleteNotification(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
    .all();
  if (rows.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
}

/** The member's latest notifications (dashboard cards). */
/** The member's newest notifications, as one statement (for batches). */
export function latestNotificationsQuery(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function latestNotifications(db: Db, userId: string, limit: number): Promise<NotificationItem[]> {
  return (await latestNotificationsQuery(db, userId, limit).all()).map(toNotificationItem);
}
