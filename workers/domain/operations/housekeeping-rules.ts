import { EXPIRED_TOKEN_KEEP_MS } from "../access/access-token-rules";
import { RATE_LIMITS } from "../rate-limit-rules";
import { DEFAULT_RETRY_BASE_SECONDS, pendingDeliveryTimes } from "../webhooks/webhook-rules";

/**
 * What the cron trigger (every minute) deletes or ends, and how much per run. Bounded batches keep each run's
 * D1 work (rows read and written, one round trip per table) the same however large the tables grow; a backlog
 * drains at BATCH rows a minute per table (720,000 a day).
 */
export const HOUSEKEEPING_BATCH = 500;
/** Each ended room is told through its Durable Object: fewer per run than rows, still 72,000 a day. */
export const ABANDONED_ROOMS_PER_RUN = 50;

const DAY = 24 * 60 * 60_000;
/** Retention: a notification the member has read is kept 90 days, one never read a year. */
export const READ_NOTIFICATION_RETENTION_MS = 90 * DAY;
export const UNREAD_NOTIFICATION_RETENTION_MS = 365 * DAY;
/** A waiting room whose places have not changed for a day is abandoned: nobody is coming to start it. */
export const ABANDONED_ROOM_MS = DAY;
/** The sign-in limit's window (workers/auth/routes.ts), which is not one of RATE_LIMITS. */
const SIGNIN_WINDOW_MS = 60_000;
/** A rate-limit row whose window opened longer ago than the longest window counts nothing any more. */
export const LONGEST_RATE_LIMIT_WINDOW_MS = Math.max(SIGNIN_WINDOW_MS, ...Object.values(RATE_LIMITS).map((rule) => rule.windowMs));

/** Card cache rows are fresh for a week (workers/domain/cards/card-cache.ts); a month-old row is read by nobody and deleted. */
export const CARD_CACHE_RETENTION_MS = 30 * DAY;

/** Webhook deliveries (settings lists a token's last 20) are kept 30 days: every retry is over within minutes. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY;
/**
 * Lost webhook deliveries (pending, and unchanged for longer than any wait between attempts:
 * pendingDeliveryTimes) sent to the queue again or failed per run: a queue's sendBatch takes at most 100 messages.
 */
export const LOST_DELIVERIES_PER_RUN = 100;
/**
 * How far past the give-up age the cron still looks for lost deliveries: a cron outage of up to a day still ends
 * them as failed. The look is a range over webhook_deliveries_created_idx of about two days' deliveries, not the
 * whole table (no index holds pending rows alone).
 */
export const LOST_DELIVERY_CATCH_UP_MS = DAY;

export type HousekeepingCutoffs = {
  /** Rate-limit rows with window_start before this are expired. */
  rateLimitWindowBefore: number;
  readNotificationBefore: number;
  unreadNotificationBefore: number;
  /** Waiting rooms created and last changed before this are abandoned. */
  roomIdleBefore: number;
  /** Card cache rows fetched before this are deleted. */
  cardCacheBefore: number;
  /** API tokens that expired before this are deleted (until then the settings list shows them as expired). */
  expiredTokenBefore: number;
  /** Webhook deliveries created before this are deleted. */
  webhookDeliveryBefore: number;
  /** A pending delivery unchanged since before this has lost its queue message. */
  webhookStaleBefore: number;
  /** A lost delivery created before this is failed; one created after it is sent again. */
  webhookGiveUpBefore: number;
  /** Lost deliveries created before this are no longer looked for (the 30-day deletion takes them). */
  webhookLostFrom: number;
};

/** `webhookRetryBaseSeconds`: WEBHOOK_RETRY_BASE_SECONDS, which sets how long a pending delivery may wait. */
export function housekeepingCutoffs(now: number, webhookRetryBaseSeconds = DEFAULT_RETRY_BASE_SECONDS): HousekeepingCutoffs {
  const pending = pendingDeliveryTimes(webhookRetryBaseSeconds);
  return {
    rateLimitWindowBefore: now - LONGEST_RATE_LIMIT_WINDOW_MS,
    readNotificationBefore: now - READ_NOTIFICATION_RETENTION_MS,
    unreadNotificationBefore: now - UNREAD_NOTIFICATION_RETENTION_MS,
    roomIdleBefore: now - ABANDONED_ROOM_MS,
    cardCacheBefore: now - CARD_CACHE_RETENTION_MS,
    expiredTokenBefore: now - EXPIRED_TOKEN_KEEP_MS,
    webhookDeliveryBefore: now - WEBHOOK_DELIVERY_RETENTION_MS,
    webhookStaleBefore: now - pending.staleMs,
    webhookGiveUpBefore: now - pending.giveUpMs,
    webhookLostFrom: now - pending.giveUpMs - LOST_DELIVERY_CATCH_UP_MS,
  };
}
