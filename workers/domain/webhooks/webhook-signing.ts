/**
 * How a webhook delivery is signed (issue 27): HMAC-SHA256 with the token's webhook secret over
 * "<timestamp>.<body>", sent as `X-Realmcast-Signature: sha256=<hex>` beside `X-Realmcast-Timestamp` (unix
 * seconds). Web Crypto, so the Worker and the tests' receiver (Node) compute it the same way.
 */

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A new signing secret: `whsec_` and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${hex(crypto.getRandomValues(new Uint8Array(32)).buffer)}`;
}

/** `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `sha256=${hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)))}`;
}

/** The headers of one delivery attempt. */
export async function webhookHeaders(input: { secret: string; event: string; deliveryId: string; body: string; now: number }) {
  const timestamp = Math.floor(input.now / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": "Realmcast-Webhooks/1",
    "X-Realmcast-Event": input.event,
    "X-Realmcast-Delivery": input.deliveryId,
    "X-Realmcast-Timestamp": String(timestamp),
    "X-Realmcast-Signature": await signWebhook(input.secret, timestamp, input.body),
  };
}
