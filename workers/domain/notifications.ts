import type { Db } from "../db/client";
import { notifications } from "../db/schema";

export type NotificationType = "event" | "message" | "friend_request" | "tournament" | "forum" | "reminder" | "system";

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
};

/**
 * The one way features notify a member (friend requests, pod seats, pairings,
 * forum replies, post reminders). Returns the insert so callers can put it in
 * the same `db.batch()` as the change that caused it.
 */
export function notificationInsert(db: Db, input: NewNotification) {
  return db.insert(notifications).values({
    id: crypto.randomUUID(),
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
  });
}

export async function createNotification(db: Db, input: NewNotification): Promise<void> {
  await notificationInsert(db, input).run();
}
