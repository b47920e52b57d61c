import { and, asc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { accessTokens, cardCache, notifications, rateLimits, webhookDeliveries } from "../db/schema";
import { ABANDONED_ROOMS_PER_RUN, HOUSEKEEPING_BATCH, housekeepingCutoffs } from "./housekeeping-rules";
import { endAbandonedRooms } from "./rooms";

export type HousekeepingReport = {
  rateLimits: number;
  readNotifications: number;
  unreadNotifications: number;
  cardCache: number;
  rooms: number;
  expiredTokens: number;
  webhookDeliveries: number;
};

/**
 * Deletes at most HOUSEKEEPING_BATCH rows of `table` whose `time` is before `before` (and match `also`), oldest
 * first: the subquery is a range over the table's own index on `time` (migration 0003 and each table's own).
 */
function deleteOldest(db: Db, table: SQLiteTable, key: SQLiteColumn, time: SQLiteColumn, before: number, also?: SQL) {
  const oldest = db
    .select({ key })
    .from(table)
    .where(and(also, lt(time, before)))
    .orderBy(asc(time))
    .limit(HOUSEKEEPING_BATCH);
  return db.delete(table).where(inArray(key, oldest));
}

/**
 * The cron's housekeeping (rules and retention in housekeeping-rules.ts): expired rate-limit windows, old
 * notifications, month-old card cache rows, long-expired tokens and month-old webhook deliveries in one D1 batch, then abandoned waiting rooms through the room service.
 */
export async function runHousekeeping(env: Env, db: Db, now: number): Promise<HousekeepingReport> {
  const cut = housekeepingCutoffs(now);
  const [limits, read, unread, cards, tokens, deliveries] = await db.batch([
    deleteOldest(db, rateLimits, rateLimits.key, rateLimits.windowStart, cut.rateLimitWindowBefore),
    deleteOldest(db, notifications, notifications.id, notifications.createdAt, cut.readNotificationBefore, eq(notifications.read, true)),
    deleteOldest(db, notifications, notifications.id, notifications.createdAt, cut.unreadNotificationBefore, eq(notifications.read, false)),
    // Card cache rows a month old (card_cache_fetched_idx); API tokens expired for over 30 days (access_tokens_expires_idx).
    deleteOldest(db, cardCache, cardCache.id, cardCache.fetchedAt, cut.cardCacheBefore),
    deleteOldest(db, accessTokens, accessTokens.id, accessTokens.expiresAt, cut.expiredTokenBefore),
    // Webhook deliveries a month old (webhook_deliveries_created_idx).
    deleteOldest(db, webhookDeliveries, webhookDeliveries.id, webhookDeliveries.createdAt, cut.webhookDeliveryBefore),
  ]);
  const rooms = await endAbandonedRooms(env, db, cut.roomIdleBefore, ABANDONED_ROOMS_PER_RUN);
  return {
    rateLimits: limits.meta.changes,
    readNotifications: read.meta.changes,
    unreadNotifications: unread.meta.changes,
    cardCache: cards.meta.changes,
    rooms,
    expiredTokens: tokens.meta.changes,
    webhookDeliveries: deliveries.meta.changes,
  };
}
