import { describe, expect, it } from "vitest";
import { expectErrorLog, logLines } from "./console-capture";
import { DECLARED_ROUTES } from "./declared-routes";
import { request, signUp } from "./helpers";

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

// Issue 35: ids over 100 characters answered an undeclared 400 on 24 operations, unseen because the check looked at
// successes only. It now checks every status, and sees the shared layers' answers too (it runs first on the app).
describe("every status a route answers is declared", () => {
  const longId = "x".repeat(120);
  const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, () => longId);

  it.each(DECLARED_ROUTES.filter((d) => d.path.includes(":")).map((d) => [d.method.toUpperCase(), d.path] as const))(
    "%s %s with ids over 100 characters answers a declared status",
    async (method, path) => {
      const member = await signUp("LongIds");
      const res = await request(concrete(path), {
        method,
        cookie: member.cookie,
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      await res.body?.cancel();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      // An undeclared status is an error line from the check, which fails this test (test/setup.ts).
    },
  );

  it("the shared layers' answers are checked too: cross-origin, too large, not JSON, a token where none is taken, both credentials", async () => {
    const member = await signUp("Layers");
    const answers = [
      await request("/api/forum/posts", { body: {}, cookie: member.cookie, origin: "https://evil.example" }),
      await request("/api/forum/posts", { body: "x".repeat(70_000), cookie: member.cookie }),
      await request("/api/forum/posts", { body: "{}", cookie: member.cookie, headers: { "Content-Type": "text/plain" } }),
      await request("/api/communities", { headers: { Authorization: "Bearer rc_pat_nothing" } }),
      await request("/api/game-sessions", { cookie: member.cookie, headers: { Authorization: "Bearer rc_pat_nothing" } }),
      await request("/api/game-sessions", { headers: { Authorization: "Bearer rc_pat_nothing" } }),
    ];
    for (const res of answers) await res.body?.cancel();
    expect(answers.map((r) => r.status)).toEqual([403, 413, 415, 403, 400, 401]);
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

  it("reports an undeclared error status, whether the handler or a layer in front of it answers it", async () => {
    const { createRoute, z } = await import("@hono/zod-openapi");
    const { Hono } = await import("hono");
    const { env } = await import("cloudflare:workers");
    const { apiRouter, jsonResponse } = await import("../workers/api/openapi-kit");
    const { responseContract } = await import("../workers/api/response-contract");
    const { HttpError, describeError } = await import("../workers/http/errors");
    const { conflict } = await import("../workers/domain/errors");
    const router = apiRouter();
    router.openapi(
      createRoute({ method: "get", path: "/conflict", responses: { 200: jsonResponse(z.object({ id: z.string() }), "An id") } }),
      () => {
        throw conflict("Taken");
      },
    );
    router.openapi(
      createRoute({ method: "get", path: "/guarded", responses: { 200: jsonResponse(z.object({ id: z.string() }), "An id") } }),
      (c) => c.json({ id: "x" }, 200),
    );
    // As on the Worker: the check first, then a shared layer, then the routes; errors answered by one onError.
    const app = new Hono<{ Bindings: Env }>();
    app.use("*", responseContract(router, ""));
    app.use("/guarded", () => {
      throw new HttpError(418, "A layer's own answer");
    });
    app.route("/", router);
    app.onError((error, c) => {
      const known = describeError(error)!;
      return c.json(known.body, known.status);
    });
    expectErrorLog("Undeclared response status: GET /conflict → 409");
    expectErrorLog("Undeclared response status: GET /guarded → 418");
    expect((await app.request("/conflict", {}, env)).status).toBe(409);
    expect(logLines().at(-1)).toMatchObject({ level: "error", message: "Undeclared response status: GET /conflict → 409" });
    expect((await app.request("/guarded", {}, env)).status).toBe(418);
    expect(logLines().at(-1)).toMatchObject({ level: "error", message: "Undeclared response status: GET /guarded → 418" });
    // What openapi-kit adds is declared: a 400 for a cookie beside a token, on a route that declared none itself.
    expect(router.openAPIRegistry.definitions.find((d: any) => d.route?.path === "/guarded")).toMatchObject({
      route: { responses: { 400: { description: "Sent both a session cookie and an API token" } } },
    });
  });
});
