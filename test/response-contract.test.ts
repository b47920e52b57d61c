import { describe, expect, it, vi } from "vitest";
import { request } from "./helpers";

describe("declared responses", () => {
  it("real responses of declared routes parse with their declared schemas (CHECK_API_RESPONSES is on in tests)", async () => {
    const spy = vi.spyOn(console, "error");
    const communities = await request("/api/communities");
    expect(communities.status).toBe(200);
    const contact = await request("/api/contact", {
      body: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" },
      headers: { "CF-Connecting-IP": `contract-${crypto.randomUUID()}` },
    });
    expect(contact.status).toBe(201);
    expect(spy).not.toHaveBeenCalled();
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
    // The suite's console.error spy (test/setup.ts) fails a test on any call; these calls are the expected ones.
    const spy = vi.spyOn(console, "error");
    await router.request("/wrong", {}, env);
    expect(spy.mock.calls.at(-1)?.[0]).toMatch(/does not match its declared schema: GET \/wrong/);
    await router.request("/status", {}, env);
    expect(spy.mock.calls.at(-1)?.[0]).toMatch(/Undeclared response status: GET \/status → 202/);
    spy.mockClear();
  });
});
