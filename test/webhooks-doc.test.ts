import { describe, expect, it } from "vitest";
import { json, request } from "./helpers";

describe("the OpenAPI document's webhooks", () => {
  it("describes room.started and room.ended with the signed headers and the payload", async () => {
    const doc = await json(await request("/api/openapi.json"));
    const keys = Object.keys(doc.webhooks ?? {});
    expect(keys.some((k) => k.endsWith("room.started"))).toBe(true);
    expect(keys.some((k) => k.endsWith("room.ended"))).toBe(true);
    const started = doc.webhooks[keys.find((k) => k.endsWith("room.started"))!].post;
    expect(started.parameters.map((p: { name: string }) => p.name)).toContain("X-Realmcast-Signature");
    expect(JSON.stringify(started.requestBody)).toContain("WebhookPayload");
    expect(doc.components.schemas.WebhookPayload.properties).toHaveProperty("room");
  });
});
