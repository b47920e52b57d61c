// How a bot checks a Realmcast webhook delivery, written as a receiver would (Node's crypto, not the Worker's code):
// HMAC-SHA256 with the webhook's secret over "<X-Realmcast-Timestamp>.<raw body>", compared in constant time with
// the hex after "sha256=" in X-Realmcast-Signature, and a timestamp close to now (so an old delivery cannot be
// replayed). Used by the tests' fake receiver and quoted in the help article's steps.
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Whether a delivery is genuine: `headers` as received (any case), `rawBody` the exact bytes as text.
 * `toleranceSeconds` bounds the timestamp's distance from `nowSeconds`.
 */
export function verifyWebhookSignature({ secret, headers, rawBody, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300 }) {
  const header = (name) => {
    const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    return Array.isArray(found?.[1]) ? found[1][0] : found?.[1];
  };
  const timestamp = header("x-realmcast-timestamp");
  const signature = header("x-realmcast-signature");
  if (!timestamp || !signature?.startsWith("sha256=") || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(signature.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
