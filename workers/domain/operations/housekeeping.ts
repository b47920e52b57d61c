import { currentLogger } from "../../lib/logger";
import { and, asc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { accessTokens, cardCache, notifications, rateLimits, webhookDeliveries } from "../../db/schema";
import { ABANDONED_ROOMS_PER_RUN, HOUSEKEEPING_BATCH, housekeepingCutoffs, LOST_DELIVERIES_PER_RUN } from "./housekeeping-rules";
import { endAbandonedRooms } from "../rooms/rooms";
import { retryBaseSeconds } from "../webhooks/webhook-rules";
import type { WebhookMessage } from "../../contract/webhooks";

export type HousekeepingReport = {
  rateLimits: number;
  readNotifications: number;
  unreadNotifications: number;
  cardCache: number;
  rooms: number;
  expiredTokens: number;
  webhookDeliveries: number;
  /** Lost webhook deliveries sent to the queue again, and those given up on (failed). */
  webhookDeliveriesResent: number;
  webhookDeliveriesGivenUp: number;
};

/** What a delivery given up on by housekeeping says in settings (its last error). */
export const LOST_DELIVERY_ERROR = "Not delivered: the delivery could not be queued in time";

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
 * Pending deliveries created in [from, to) that nothing has touched since `staleBefore`: their queue message is
 * lost. Oldest first, over webhook_deliveries_created_idx.
 */
function lostDeliveries(db: Db, from: number, to: number, staleBefore: number) {
  const d = webhookDeliveries;
  return db
    .select({ id: d.id })
    .from(d)
    .where(and(gte(d.createdAt, from), lt(d.createdAt, to), eq(d.status, "pending"), lt(d.updatedAt, staleBefore)))
    .orderBy(asc(d.createdAt))
    .limit(LOST_DELIVERIES_PER_RUN);
}

/** Still pending and untouched when the statement runs (the queue's consumer may have just tried it). */
const stillLost = (staleBefore: number) => and(eq(webhookDeliveries.status, "pending"), lt(webhookDeliveries.updatedAt, staleBefore));

/**
 * The cron's housekeeping (rules and retention in housekeeping-rules.ts): expired rate-limit windows, old
 * notifications, month-old card cache rows, long-expired tokens and month-old webhook deliveries in one D1 batch, then abandoned waiting rooms through the room service.
 * The same batch settles webhook deliveries whose queue message was lost (its send failed): one waiting too long
 * is claimed (updated_at set to now, so the next run leaves it alone) and sent to the queue again, one pending
 * for too long is failed (pendingDeliveryTimes in webhook-rules.ts says how long).
 */
export async function runHousekeeping(env: Env, db: Db, now: number): Promise<HousekeepingReport> {
  const cut = housekeepingCutoffs(now, retryBaseSeconds(env.WEBHOOK_RETRY_BASE_SECONDS));
  const d = webhookDeliveries;
  const [limits, read, unread, cards, tokens, deliveries, givenUp, resent] = await db.batch([
    deleteOldest(db, rateLimits, rateLimits.key, rateLimits.windowStart, cut.rateLimitWindowBefore),
    deleteOldest(db, notifications, notifications.id, notifications.createdAt, cut.readNotificationBefore, eq(notifications.read, true)),
    deleteOldest(db, notifications, notifications.id, notifications.createdAt, cut.unreadNotificationBefore, eq(notifications.read, false)),
    // Card cache rows a month old (card_cache_fetched_idx); API tokens expired for over 30 days (access_tokens_expires_idx).
    deleteOldest(db, cardCache, cardCache.id, cardCache.fetchedAt, cut.cardCacheBefore),
    deleteOldest(db, accessTokens, accessTokens.id, accessTokens.expiresAt, cut.expiredTokenBefore),
    // Webhook deliveries a month old (webhook_deliveries_created_idx).
    deleteOldest(db, webhookDeliveries, webhookDeliveries.id, webhookDeliveries.createdAt, cut.webhookDeliveryBefore),
    db
      .update(d)
      .set({ status: "failed", lastError: LOST_DELIVERY_ERROR, updatedAt: now })
      .where(
        and(
          inArray(d.id, lostDeliveries(db, cut.webhookLostFrom, cut.webhookGiveUpBefore, cut.webhookStaleBefore)),
          stillLost(cut.webhookStaleBefore),
        ),
      )
      .returning({ id: d.id }),
    db
      .update(d)
      .set({ updatedAt: now })
      .where(
        and(
          inArray(d.id, lostDeliveries(db, cut.webhookGiveUpBefore, cut.webhookStaleBefore, cut.webhookStaleBefore)),
          stillLost(cut.webhookStaleBefore),
        ),
      )
      .returning({ id: d.id }),
  ]);
  if (givenUp.length > 0) currentLogger().warn("Webhook deliveries given up: never queued in time", { count: givenUp.length });
  await resendLost(env, resent);
  const rooms = await endAbandonedRooms(env, db, cut.roomIdleBefore, ABANDONED_ROOMS_PER_RUN);
  return {
    rateLimits: limits.meta.changes,
    readNotifications: read.meta.changes,
    unreadNotifications: unread.meta.changes,
    cardCache: cards.meta.changes,
    rooms,
    expiredTokens: tokens.meta.changes,
    webhookDeliveries: deliveries.meta.changes,
    webhookDeliveriesResent: resent.length,
    webhookDeliveriesGivenUp: givenUp.length,
  };
}

/**
 * Sends the claimed deliveries to the queue again. If the queue fails again they stay pending, claimed until the
 * next stale time, when the cron tries again, until they are old enough to be failed.
 */
async function resendLost(env: Env, claimed: { id: string }[]): Promise<void> {
  if (claimed.length === 0) return;
  try {
    await env.WEBHOOKS.sendBatch(claimed.map(({ id }) => ({ body: { deliveryId: id } satisfies WebhookMessage })));
  } catch (error) {
    currentLogger().error("Could not send lost webhook deliveries to the queue again", { count: claimed.length, error });
  }
}
