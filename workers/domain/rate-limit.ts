import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { rateLimited } from "./errors";
import { RATE_LIMITS, rateLimitMessage, type RateLimitName } from "./rate-limit-rules";

export type RateLimitHit = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * The statement that counts one hit of `key`, for a `db.batch()` or alone: ONE conditional upsert, so concurrent
 * requests cannot both slip under the limit. A key's window opens at its first hit and lasts `windowMs` (not
 * aligned to the clock, so a burst cannot straddle a shared boundary and get twice the limit). SQLite reads the old
 * row in `SET`, so both expressions see the same window.
 */
export function rateLimitHit(db: Db, key: string, windowMs: number, now = Date.now()) {
  const open = sql`${rateLimits.windowStart} > ${now - windowMs}`;
  return db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${open} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${open} THEN ${rateLimits.windowStart} ELSE ${now} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/** What the row `rateLimitHit` returned means against a limit: allowed or not, and how long until the window closes. */
export function hitOutcome(
  row: { count: number; windowStart: number } | undefined,
  limit: number,
  windowMs: number,
  now = Date.now(),
): RateLimitHit {
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ?? now;
  return { allowed: count <= limit, count, retryAfterMs: Math.max(0, windowStart + windowMs - now) };
}

export async function consumeRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitHit> {
  return hitOutcome(await rateLimitHit(db, key, windowMs, now).get(), limit, windowMs, now);
}

/** A hit over `name`'s limit as the 429 with the limit's message and `Retry-After`. */
export function refuseOverLimit(name: RateLimitName, hit: RateLimitHit): void {
  if (!hit.allowed) throw rateLimited(rateLimitMessage(name, hit.retryAfterMs), Math.ceil(hit.retryAfterMs / 1000));
}

/**
 * "This member (or address) may do X N times per window": counts the hit (one
 * D1 round trip) and throws a 429 with the limit's message and `Retry-After`
 * when it is over. Call it after validating the input, before the write, so a
 * refused request creates nothing.
 */
export async function enforceRateLimit(db: Db, name: RateLimitName, subject: string, now = Date.now()): Promise<void> {
  const rule = RATE_LIMITS[name];
  refuseOverLimit(name, await consumeRateLimit(db, `${name}:${subject}`, rule.limit, rule.windowMs, now));
}
