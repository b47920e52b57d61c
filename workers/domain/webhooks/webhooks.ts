import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessTokens, webhookDeliveries } from "../../db/schema";
import { currentLogger } from "../../lib/logger";
import type { GameResultView } from "../../contract/game-results";
import type { GameSessionView } from "../../contract/game-sessions";
import {
  WEBHOOK_DELIVERIES_LISTED,
  webhookMessage,
  type SetWebhookInput,
  type WebhookDeliveryView,
  type WebhookPayload,
} from "../../contract/webhooks";
import { invalid, notFound } from "../errors";
import { sessionQuery, toView } from "../rooms/game-sessions";
import { enforceRateLimit } from "../rate-limit";
import { roomPath } from "../../contract/game-session-options";
import {
  allowsPrivateWebhooks,
  checkWebhookUrl,
  MAX_WEBHOOK_ATTEMPTS,
  retryBaseSeconds,
  retryDelaySeconds,
  WEBHOOK_TIMEOUT_MS,
  webhookUrlProblem,
} from "./webhook-rules";
import { newWebhookSecret, webhookHeaders } from "./webhook-signing";
import { isoInstant } from "../instants";

/**
 * Webhooks (issue 27): a member points one of their API tokens at a URL, and the rooms a bot created with that
 * token report `room.started` and `room.ended` there. A delivery is a row (what was sent and how each attempt went,
 * listed in settings) and a message on the WEBHOOKS queue; the queue's consumer (deliverWebhooks) tries it, and
 * retries with backoff until it is delivered or MAX_WEBHOOK_ATTEMPTS have failed.
 */

/** The room events a bot's webhook hears (issue 27). */
export type RoomEvent = "room.started" | "room.ended";

/** The site's own address for absolute links made outside a request (PUBLIC_ORIGIN). */
const siteOrigin = (env: Env) => env.PUBLIC_ORIGIN || "http://localhost:8787";

/**
 * Queues `event` for the webhook of the token that created the room, if that token has one: one D1 statement
 * (an INSERT … SELECT of the delivery row) and a message to the delivery queue. `result` is the confirmed result
 * on `room.ended`. `room` spares a read when the caller has the room at hand (the start of a game). Never throws:
 * a webhook that cannot be queued must not undo what happened in the room.
 */
export async function emitRoomEvent(
  env: Env,
  db: Db,
  input: { sessionId: string; event: RoomEvent; result: GameResultView | null; room?: GameSessionView },
): Promise<void> {
  try {
    let room = input.room;
    if (!room) {
      const row = await sessionQuery(db, input.sessionId).get();
      if (!row?.session.createdByTokenId) return;
      room = toView(row);
    }
    const id = crypto.randomUUID();
    const now = Date.now();
    const payload: WebhookPayload = {
      id,
      event: input.event,
      createdAt: new Date(now).toISOString(),
      room: { ...room, roomUrl: new URL(roomPath(room.id), siteOrigin(env)).toString() },
      result: input.result,
    };
    const inserted = await db.all<{ id: string }>(sql`
      INSERT INTO ${webhookDeliveries} (id, token_id, event, session_id, payload, status, attempts, created_at, updated_at)
      SELECT ${id}, t.id, ${input.event}, ${input.sessionId}, ${JSON.stringify(payload)}, 'pending', 0, ${now}, ${now}
      FROM game_sessions g JOIN ${accessTokens} t ON t.id = g.created_by_token_id
      WHERE g.id = ${input.sessionId} AND t.webhook_url IS NOT NULL
      RETURNING id`);
    for (const row of inserted) await env.WEBHOOKS.send({ deliveryId: row.id });
  } catch (error) {
    currentLogger().error("Could not queue a webhook delivery", { event: input.event, sessionId: input.sessionId, error });
  }
}

// ------------------------------------------------------------------ settings

/**
 * Points one of the member's tokens at `url` with a new signing secret, answered this once. The URL must pass
 * checkWebhookUrl (https on 443 or 8443, a public host, no control characters) unless WEBHOOK_ALLOW_PRIVATE_URLS is
 * "true" (local runs and tests only), and is stored as parsed and serialised again, never as sent.
 */
export async function setWebhook(
  env: Env,
  db: Db,
  userId: string,
  tokenId: string,
  input: SetWebhookInput,
): Promise<{ url: string; secret: string }> {
  const checked = checkWebhookUrl(input.url, allowsPrivateWebhooks(env.WEBHOOK_ALLOW_PRIVATE_URLS));
  if (!checked.ok) throw invalid(checked.problem, [{ code: "custom", path: ["url"], message: checked.problem }]);
  await enforceRateLimit(db, "webhookUpdate", userId);
  const secret = newWebhookSecret();
  const updated = await db
    .update(accessTokens)
    .set({ webhookUrl: checked.url, webhookSecret: secret })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (updated.length === 0) throw notFound("No such token");
  return { url: checked.url, secret };
}

/** Removes a token's webhook: deliveries not yet made fail on their next attempt. */
export async function clearWebhook(db: Db, userId: string, tokenId: string): Promise<void> {
  const updated = await db
    .update(accessTokens)
    .set({ webhookUrl: null, webhookSecret: null })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (updated.length === 0) throw notFound("No such token");
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event: row.event,
    sessionId: row.sessionId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: isoInstant(row.createdAt),
    updatedAt: isoInstant(row.updatedAt),
  };
}

/** The deliveries of one of the member's tokens, newest first (the last WEBHOOK_DELIVERIES_LISTED), in one round trip. */
export async function listWebhookDeliveries(db: Db, userId: string, tokenId: string): Promise<WebhookDeliveryView[]> {
  const [owned, rows] = await db.batch([
    db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId))),
    db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.tokenId, tokenId),
          sql`EXISTS (SELECT 1 FROM ${accessTokens} t WHERE t.id = ${tokenId} AND t.user_id = ${userId})`,
        ),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_LISTED),
  ]);
  if (owned.length === 0) throw notFound("No such token");
  return rows.map(deliveryView);
}

// ------------------------------------------------------------------ the queue's consumer

/** What one attempt came to. */
type Attempt = { ok: boolean; statusCode: number | null; error: string | null };

/** Sends the delivery once: 10 s at most, redirects not followed (a 3xx is a failed attempt). */
async function attempt(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  try {
    const res = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, error: ok ? null : `The receiver answered HTTP ${res.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, statusCode: null, error: timedOut ? "No answer within 10 seconds" : "Could not reach the receiver" };
  }
}

/**
 * Tries one delivery and records the attempt on its row. Answers how the queue should treat the message: done
 * (delivered, failed for good, or nothing to deliver) or retry after some seconds.
 */
export async function deliverWebhook(
  env: Env,
  db: Db,
  deliveryId: string,
  now = Date.now(),
): Promise<{ retryAfterSeconds: number } | null> {
  const found = await db
    .select({ delivery: webhookDeliveries, url: accessTokens.webhookUrl, secret: accessTokens.webhookSecret })
    .from(webhookDeliveries)
    .innerJoin(accessTokens, eq(accessTokens.id, webhookDeliveries.tokenId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  // Gone with its token (revoked), or already settled by an earlier copy of the message.
  if (!found || found.delivery.status !== "pending") return null;
  const count = found.delivery.attempts + 1;
  const problem =
    !found.url || !found.secret
      ? "The webhook was removed"
      : webhookUrlProblem(found.url, allowsPrivateWebhooks(env.WEBHOOK_ALLOW_PRIVATE_URLS));
  const result: Attempt =
    problem || !found.url || !found.secret
      ? { ok: false, statusCode: null, error: problem }
      : await attempt(
          found.url,
          await webhookHeaders({ secret: found.secret, event: found.delivery.event, deliveryId, body: found.delivery.payload, now }),
          found.delivery.payload,
        );
  const final = result.ok || problem !== null || count >= MAX_WEBHOOK_ATTEMPTS;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: count,
      status: result.ok ? "delivered" : final ? "failed" : "pending",
      lastStatusCode: result.statusCode,
      lastError: result.error,
      updatedAt: Date.now(),
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, found.delivery.attempts)));
  return final ? null : { retryAfterSeconds: retryDelaySeconds(count, retryBaseSeconds(env.WEBHOOK_RETRY_BASE_SECONDS)) };
}

/** The WEBHOOKS queue's consumer: each message is one delivery; a failed attempt is retried with backoff. */
export async function deliverWebhooks(batch: MessageBatch<unknown>, env: Env, db: Db): Promise<void> {
  for (const message of batch.messages) {
    const parsed = webhookMessage.safeParse(message.body);
    if (!parsed.success) {
      message.ack();
      continue;
    }
    try {
      const next = await deliverWebhook(env, db, parsed.data.deliveryId);
      if (next) message.retry({ delaySeconds: next.retryAfterSeconds });
      else message.ack();
    } catch (error) {
      // D1 itself failed: the queue tries again later; the row still says how many attempts were made.
      currentLogger().error("Webhook delivery failed to run", { deliveryId: parsed.data.deliveryId, error });
      message.retry({ delaySeconds: retryBaseSeconds(env.WEBHOOK_RETRY_BASE_SECONDS) });
    }
  }
}
