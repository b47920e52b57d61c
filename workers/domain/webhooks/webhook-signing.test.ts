import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook, webhookHeaders } from "./webhook-signing";

describe("webhook signing", () => {
  it("is HMAC-SHA256 over '<timestamp>.<body>' in hex, as any HMAC library computes it", async () => {
    const body = JSON.stringify({ id: "d1", event: "room.started" });
    const expected = createHmac("sha256", "whsec_test").update(`1700000000.${body}`).digest("hex");
    expect(await signWebhook("whsec_test", 1_700_000_000, body)).toBe(`sha256=${expected}`);
    // Another timestamp or body is another signature: a replayed body with a new timestamp does not verify.
    expect(await signWebhook("whsec_test", 1_700_000_001, body)).not.toBe(`sha256=${expected}`);
  });

  it("sends the event, the delivery id, the timestamp in seconds and the signature", async () => {
    const headers = await webhookHeaders({ secret: "s", event: "room.ended", deliveryId: "abc", body: "{}", now: 1_700_000_000_999 });
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "X-Realmcast-Event": "room.ended",
      "X-Realmcast-Delivery": "abc",
      "X-Realmcast-Timestamp": "1700000000",
      "X-Realmcast-Signature": await signWebhook("s", 1_700_000_000, "{}"),
    });
  });

  it("makes a new random secret each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
