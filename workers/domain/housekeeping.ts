import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { cardCache, notifications, rateLimits } from "../db/schema";
import { ABANDONED_ROOMS_PER_RUN, HOUSEKEEPING_BATCH, housekeepingCutoffs } from "./housekeeping-rules";
import { endAbandonedRooms } from "./rooms";

export type HousekeepingReport = {
  rateLimits: number;
  readNotifications: number;
  unreadNotifications: number;
  cardCache: number;
  rooms: number;
};

/** Oldest expired rows first, at most HOUSEKEEPING_BATCH: each subquery is a range over its own index (migration 0003). */
function deleteExpiredRateLimits(db: Db, before: number) {
  const expired = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .orderBy(asc(rateLimits.windowStart))
    .limit(HOUSEKEEPING_BATCH);
  return db.delete(rateLimits).where(inArray(rateLimits.key, expired));
}

function deleteOldNotifications(db: Db, read: boolean, before: number) {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.read, read), lt(notifications.createdAt, before)))
    .orderBy(asc(notifications.createdAt))
    .limit(HOUSEKEEPING_BATCH);
  return db.delete(notifications).where(inArray(notifications.id, old));
}

/** Card cache rows a month old, oldest first, over card_cache_fetched_idx. */
function deleteOldCards(db: Db, before: number) {
  const old = db
    .select({ id: cardCache.id })
    .from(cardCache)
    .where(lt(cardCache.fetchedAt, before))
    .orderBy(asc(cardCache.fetchedAt))
    .limit(HOUSEKEEPING_BATCH);
  return db.delete(cardCache).where(inArray(cardCache.id, old));
}

/**
 * The cron's housekeeping (rules and retention in housekeeping-rules.ts): expired rate-limit windows, old
 * notifications and month-old card cache rows in one D1 batch, then abandoned waiting rooms through the room service.
 */
export async function runHousekeeping(env: Env, db: Db, now: number): Promise<HousekeepingReport> {
  const cut = housekeepingCutoffs(now);
  const [limits, read, unread, cards] = await db.batch([
    deleteExpiredRateLimits(db, cut.rateLimitWindowBefore),
    deleteOldNotifications(db, true, cut.readNotificationBefore),
    deleteOldNotifications(db, false, cut.unreadNotificationBefore),
    deleteOldCards(db, cut.cardCacheBefore),
  ]);
  const rooms = await endAbandonedRooms(env, db, cut.roomIdleBefore, ABANDONED_ROOMS_PER_RUN);
  return {
    rateLimits: limits.meta.changes,
    readNotifications: read.meta.changes,
    unreadNotifications: unread.meta.changes,
    cardCache: cards.meta.changes,
    rooms,
  };
}
