import { z } from "../lib/zod";
import { gameResultResponse } from "./game-results";
import { gameSessionResponse } from "./game-sessions";

/**
 * A token's webhook (issue 27): where the events of the rooms a bot created with the token are delivered, how a
 * delivery looks, and its outcome as settings lists it. Rules and signing: workers/domain/webhooks/webhook-rules.ts and
 * webhook-signing.ts.
 */

export const WEBHOOK_EVENTS = ["room.started", "room.ended"] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** Deliveries listed per token. */
export const WEBHOOK_DELIVERIES_LISTED = 20;

export const setWebhookBody = z.strictObject({
  url: z
    .string({ error: "Webhook URL required" })
    .trim()
    .min(1, "Webhook URL required")
    .max(500, "At most 500 characters")
    .meta({ description: "An https:// address on a public host (no private, loopback or link-local address)." }),
});
export type SetWebhookInput = z.infer<typeof setWebhookBody>;

/** The answer to setting a webhook: the only time its signing secret is shown. */
export const webhookSecretResponse = z
  .object({
    url: z.string(),
    secret: z.string().meta({ description: "The HMAC-SHA256 signing secret. Shown this once; a new PUT makes a new one." }),
  })
  .meta({ id: "WebhookSecret" });

export const webhookDeliveryResponse = z
  .object({
    id: z.string(),
    event: webhookEventSchema,
    sessionId: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    /** The receiver's HTTP status on the last attempt; null when it could not be reached. */
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryResponse>;

/**
 * The body of every delivery, signed as sent: `X-Realmcast-Signature: sha256=<hex HMAC-SHA256(secret,
 * "<X-Realmcast-Timestamp>.<body>")>`.
 */
export const webhookPayload = z
  .object({
    /** The delivery's id, also in `X-Realmcast-Delivery`: the same on every retry, so a receiver can skip repeats. */
    id: z.string(),
    event: webhookEventSchema,
    createdAt: z.string(),
    room: gameSessionResponse.extend({ roomUrl: z.string() }),
    /** The confirmed result on `room.ended`; null on `room.started`. */
    result: gameResultResponse.nullable(),
  })
  .meta({ id: "WebhookPayload" });
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** What the delivery queue carries: the row to deliver (everything else is read from D1 when it is tried). */
export const webhookMessage = z.object({ deliveryId: z.string().min(1).max(100) });
export type WebhookMessage = z.infer<typeof webhookMessage>;
