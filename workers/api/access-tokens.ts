import { z } from "../lib/zod";
import {
  MAX_TOKENS_PER_MEMBER,
  accessTokenIdParam,
  accessTokenResponse,
  createAccessTokenBody,
  createdAccessTokenResponse,
} from "../contract/access-tokens";
import {
  setWebhookBody,
  WEBHOOK_DELIVERIES_LISTED,
  WEBHOOK_EVENTS,
  webhookDeliveryResponse,
  webhookPayload,
  webhookSecretResponse,
} from "../contract/webhooks";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../domain/access/access-tokens";
import { clearWebhook, listWebhookDeliveries, setWebhook } from "../domain/webhooks/webhooks";
import { MAX_WEBHOOK_ATTEMPTS } from "../domain/webhooks/webhook-rules";
import { limitText } from "../domain/rate-limit-rules";
import { requireUser } from "../http/require-user";
import { apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";
import { memberRoute } from "./route-guards";

/**
 * Personal access tokens (issue 27). Managed with the session cookie only: no
 * route here is in TOKEN_ROUTE_SCOPES, so a token cannot list, mint or revoke
 * tokens (403).
 */

const COOKIE_ONLY = [403, "Sent with an API token: tokens are managed with the session cookie only"] as const;

const listRoute = memberRoute({
  method: "get",
  path: "/tokens",
  summary: `The member's API tokens, newest first (at most ${MAX_TOKENS_PER_MEMBER}): name, prefix, scopes, created, last used, expiry. Never the token itself.`,
  responses: { 200: jsonResponse(z.array(accessTokenResponse), "Your tokens"), ...errors([401, "Signed out"], COOKIE_ONLY) },
});

const createRoute = memberRoute({
  method: "post",
  path: "/tokens",
  summary: `Creates an API token with the chosen scopes and expiry (none, 30, 90 or 365 days). The answer holds the token itself, shown this once: only its SHA-256 hash is stored. At most ${MAX_TOKENS_PER_MEMBER} per member.`,
  request: { body: jsonBody(createAccessTokenBody) },
  responses: {
    201: jsonResponse(createdAccessTokenResponse, "The new token, with its secret"),
    ...errors(
      [400, "Invalid name, scopes or expiry"],
      [401, "Signed out"],
      COOKIE_ONLY,
      [409, `Already ${MAX_TOKENS_PER_MEMBER} tokens`],
      [429, `More than ${limitText("accessTokenCreate")}`],
    ),
  },
});

const revokeRoute = memberRoute({
  method: "delete",
  path: "/tokens/{id}",
  summary: "Revokes (deletes) one of the member's tokens; its next request answers 401.",
  request: { params: accessTokenIdParam },
  responses: { 204: { description: "Revoked" }, ...errors([401, "Signed out"], COOKIE_ONLY, [404, "No such token of yours"]) },
});

const WEBHOOK_DOC = `Each delivery is a POST of JSON \`{ id, event, createdAt, room, result }\` (room: the GameSession with its absolute roomUrl; result: the confirmed GameResult on room.ended, else null) with headers X-Realmcast-Event, X-Realmcast-Delivery (the delivery id, the same on every retry), X-Realmcast-Timestamp (unix seconds) and X-Realmcast-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>. Any 2xx within 10 seconds delivers it; redirects are not followed; otherwise it is retried with exponential backoff (30 s, 1 min, 2 min, ...) up to ${MAX_WEBHOOK_ATTEMPTS} attempts.`;

const setWebhookRoute = memberRoute({
  method: "put",
  path: "/tokens/{id}/webhook",
  summary:
    "Points the token's webhook at an https:// URL on a public host (no private, loopback or link-local address): the rooms a bot creates with this token report room.started and room.ended there. Answers a new signing secret, shown this once.",
  description: WEBHOOK_DOC,
  request: { params: accessTokenIdParam, body: jsonBody(setWebhookBody) },
  responses: {
    200: jsonResponse(webhookSecretResponse, "The webhook and its signing secret"),
    ...errors(
      [400, "Not an https URL on a public host"],
      [401, "Signed out"],
      COOKIE_ONLY,
      [404, "No such token of yours"],
      [429, `More than ${limitText("webhookUpdate")}`],
    ),
  },
});

const clearWebhookRoute = memberRoute({
  method: "delete",
  path: "/tokens/{id}/webhook",
  summary: "Removes the token's webhook and its secret; deliveries not yet made fail.",
  request: { params: accessTokenIdParam },
  responses: { 204: { description: "Removed" }, ...errors([401, "Signed out"], COOKIE_ONLY, [404, "No such token of yours"]) },
});

const deliveriesRoute = memberRoute({
  method: "get",
  path: "/tokens/{id}/webhook/deliveries",
  summary: `The token's last ${WEBHOOK_DELIVERIES_LISTED} webhook deliveries, newest first: event, room, status (pending, delivered, failed), attempts and the receiver's last HTTP status.`,
  request: { params: accessTokenIdParam },
  responses: {
    200: jsonResponse(z.array(webhookDeliveryResponse), "The deliveries"),
    ...errors([401, "Signed out"], COOKIE_ONLY, [404, "No such token of yours"]),
  },
});

/** What a bot's endpoint receives, in the document's `webhooks` (OpenAPI 3.1). */
const deliveryHeaders = z.object({
  "X-Realmcast-Event": z.enum(WEBHOOK_EVENTS),
  "X-Realmcast-Delivery": z.string().meta({ description: "The delivery id, the same on every retry." }),
  "X-Realmcast-Timestamp": z.string().meta({ description: "Unix seconds, signed with the body." }),
  "X-Realmcast-Signature": z.string().meta({ description: 'sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>' }),
});

export const accessTokensApi = apiRouter()
  .openapi(listRoute, async (c) => c.json(await listAccessTokens(c.get("db"), requireUser(c).id), 200))
  .openapi(createRoute, async (c) => c.json(await createAccessToken(c.get("db"), requireUser(c).id, c.req.valid("json")), 201))
  .openapi(revokeRoute, async (c) => {
    await revokeAccessToken(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(setWebhookRoute, async (c) =>
    c.json(await setWebhook(c.env, c.get("db"), requireUser(c).id, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(clearWebhookRoute, async (c) => {
    await clearWebhook(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(deliveriesRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await listWebhookDeliveries(c.get("db"), requireUser(c).id, c.req.valid("param").id), 200);
  });

for (const event of WEBHOOK_EVENTS) {
  accessTokensApi.openAPIRegistry.registerWebhook({
    method: "post",
    path: event,
    summary: event === "room.started" ? "The host started a room the token created." : "A room the token created has a confirmed result.",
    description: WEBHOOK_DOC,
    request: { headers: deliveryHeaders, body: jsonBody(webhookPayload) },
    responses: { 200: { description: "Any 2xx within 10 seconds delivers it" } },
  });
}
