import { describe, expect, it } from "vitest";
import { expectErrorLog, logLines } from "./console-capture";
import { request } from "./helpers";

describe("declared responses", () => {
  it("real responses of declared routes parse with their declared schemas (CHECK_API_RESPONSES is on in tests)", async () => {
    const communities = await request("/api/communities");
    expect(communities.status).toBe(200);
    const contact = await request("/api/contact", {
      body: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" },
      headers: { "CF-Connecting-IP": `contract-${crypto.randomUUID()}` },
    });
    expect(contact.status).toBe(201);
    expect(logLines().filter((line) => line.level === "error")).toEqual([]);
  });
});

describe("the response check itself", () => {
  it("reports a response that does not parse with its declaration, and an undeclared success status", async () => {
    const { createRoute, z } = await import("@hono/zod-openapi");
    const { env } = await import("cloudflare:workers");
    const { apiRouter, jsonResponse } = await import("../workers/api/openapi-kit");
    const { responseContract } = await import("../workers/api/response-contract");
    const router = apiRouter();
    router.use("*", responseContract(router, ""));
    router.openapi(
      createRoute({ method: "get", path: "/wrong", responses: { 200: jsonResponse(z.object({ id: z.string() }), "An id") } }),
      // @ts-expect-error: the point of the test is a handler that breaks its declaration
      (c) => c.json({ id: 1 }, 200),
    );
    router.openapi(
      createRoute({ method: "get", path: "/status", responses: { 200: jsonResponse(z.object({ id: z.string() }), "An id") } }),
      // @ts-expect-error: likewise, a status the declaration does not name
      (c) => c.json({ id: "x" }, 202),
    );
    // The suite fails a test on any error line it did not expect (test/setup.ts); these two are the expected ones.
    expectErrorLog(/^Response does not match its declared schema: GET \/wrong → 200$/);
    expectErrorLog("Undeclared response status: GET /status → 202");
    await router.request("/wrong", {}, env);
    expect(logLines().at(-1)).toMatchObject({ level: "error", message: "Response does not match its declared schema: GET /wrong → 200" });
    expect(logLines().at(-1)?.issues).toEqual([expect.objectContaining({ path: ["id"] })]);
    await router.request("/status", {}, env);
    expect(logLines().at(-1)).toMatchObject({ level: "error", message: "Undeclared response status: GET /status → 202" });
  });
});
