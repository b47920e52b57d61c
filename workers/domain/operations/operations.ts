import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gameSessions, rateLimits, webhookDeliveries } from "../../db/schema";
import { createLogger, type LogFields, type Logger } from "../../lib/logger";

/**
 * What an operator needs to see at a glance (the administrators' page shows it): open rooms and the members in
 * them, webhook deliveries failing, card-service refusals and errors in the last hour. README, "Operations".
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A webhook delivery still pending this long after it was queued is stuck (retries finish in about 16 minutes). */
export const STUCK_DELIVERY_MS = 10 * MINUTE;

/**
 * Events counted per minute as rows of `rate_limits` (key `ops:<counter>:<minute start>`, `window_start` the
 * minute): one upsert per event, off every successful path. Housekeeping deletes rows older than the longest rate
 * limit window (an hour), so the table holds at most 60 rows per counter, and a count of the last hour reads them
 * by key range.
 */
export const OPERATOR_COUNTERS = {
  /** Scryfall answered 429 or 5xx, timed out or was unreachable (workers/services/card-source/scryfall.ts). */
  cardRefusals: "ops:card-refused",
  /** Error-level log lines of requests, cron runs, queue batches and rooms. */
  errors: "ops:error",
} as const;
export type OperatorCounter = keyof typeof OPERATOR_COUNTERS;

/** The statement counting `by` events of `counter` in the minute of `now` (for a batch, `.run()` alone). */
export function countOperatorEvent(db: Db, counter: OperatorCounter, now = Date.now(), by = 1) {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  return db
    .insert(rateLimits)
    .values({ key: `${OPERATOR_COUNTERS[counter]}:${minute}`, windowStart: minute, count: by })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + ${by}` } });
}

/**
 * Counts one event after the response (through `waitUntil`) and never fails: a count that cannot be written (D1
 * down, which is when errors come in numbers) is lost, never an error of its own.
 */
export function countLater(db: Db, counter: OperatorCounter, waitUntil: (promise: Promise<unknown>) => void): void {
  waitUntil(
    countOperatorEvent(db, counter)
      .run()
      .catch(() => undefined),
  );
}

/** A logger whose error lines are also counted (errorsLastHour): requests, cron runs, queue batches, rooms. */
export function countedLogger(fields: LogFields, db: Db, waitUntil: (promise: Promise<unknown>) => void): Logger {
  return createLogger(fields, { onError: () => countLater(db, "errors", waitUntil) });
}

export type OperatorFigures = {
  /** Rooms waiting or playing, and the members holding a seat or a spectator place in them. */
  openRooms: { rooms: number; seated: number; watching: number };
  /** Deliveries queued in the last 24 hours that failed for good, and those still pending after 10 minutes. */
  webhookDeliveries: { failedLastDay: number; stuckPending: number };
  cardServiceRefusalsLastHour: number;
  errorsLastHour: number;
};

/**
 * Sums of a counter's rows newer than an hour, by key range (the primary key), one statement for both counters.
 * Every column is named: D1 hands a batch's rows back as objects by column name, and two unnamed columns of the
 * same text would be one.
 */
function counterSums(db: Db, now: number) {
  const range = (counter: OperatorCounter) => {
    const prefix = OPERATOR_COUNTERS[counter];
    // ":" + 1 is ";": the keys of one counter sort between the two.
    return sql`${rateLimits.key} >= ${`${prefix}:`} AND ${rateLimits.key} < ${`${prefix};`}`;
  };
  return db
    .select({
      cardRefusals: sql<number>`coalesce(sum(CASE WHEN ${range("cardRefusals")} THEN ${rateLimits.count} END), 0)`.as("card_refusals"),
      errors: sql<number>`coalesce(sum(CASE WHEN ${range("errors")} THEN ${rateLimits.count} END), 0)`.as("errors"),
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} >= 'ops:' AND ${rateLimits.key} < 'ops;' AND ${rateLimits.windowStart} > ${now - HOUR}`);
}

/**
 * The operator's figures in one D1 round trip (one batch of three reads): open rooms from the lobby's status index
 * with the rooms' own seat and spectator counts, webhook deliveries of the last day by their creation index
 * (a delivery fails or succeeds within minutes of being queued; one pending for over a day is not counted), and
 * the two counters above.
 */
export async function operatorFigures(db: Db, now = Date.now()): Promise<OperatorFigures> {
  const [rooms, deliveries, counters] = await db.batch([
    db
      .select({
        rooms: sql<number>`count(*)`.as("rooms"),
        seated: sql<number>`coalesce(sum(${gameSessions.currentPlayers}), 0)`.as("seated"),
        watching: sql<number>`coalesce(sum(${gameSessions.spectators}), 0)`.as("watching"),
      })
      .from(gameSessions)
      .where(sql`${gameSessions.status} IN ('waiting', 'active')`),
    db
      .select({
        failed: sql<number>`coalesce(sum(${webhookDeliveries.status} = 'failed' AND ${webhookDeliveries.updatedAt} > ${now - DAY}), 0)`.as(
          "failed",
        ),
        stuck:
          sql<number>`coalesce(sum(${webhookDeliveries.status} = 'pending' AND ${webhookDeliveries.createdAt} < ${now - STUCK_DELIVERY_MS}), 0)`.as(
            "stuck",
          ),
      })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.createdAt} > ${now - DAY - HOUR}`),
    counterSums(db, now),
  ]);
  return {
    openRooms: { rooms: rooms[0]?.rooms ?? 0, seated: rooms[0]?.seated ?? 0, watching: rooms[0]?.watching ?? 0 },
    webhookDeliveries: { failedLastDay: deliveries[0]?.failed ?? 0, stuckPending: deliveries[0]?.stuck ?? 0 },
    cardServiceRefusalsLastHour: counters[0]?.cardRefusals ?? 0,
    errorsLastHour: counters[0]?.errors ?? 0,
  };
}
