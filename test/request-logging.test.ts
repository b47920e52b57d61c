import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { operatorFigures } from "../workers/domain/operations/operations";
import type { AppEnv } from "../workers/http/app-env";
import { answerError } from "../workers/http/errors";
import { REQUEST_ID_HEADER, requestLog } from "../workers/http/request-log";
import { currentLogger } from "../workers/lib/logger";
import { expectErrorLog, logLines } from "./console-capture";
import { request, signUp } from "./helpers";
import { loadData } from "./single-fetch";

/** The lines of one request, by the id its response named. */
const linesOf = (requestId: string | null) => logLines().filter((line) => line.requestId === requestId);

describe("request logging", () => {
  it("gives every request an id in X-Request-Id and writes one access line: route pattern, method, status, duration", async () => {
    const res = await request("/api/communities");
    expect(res.status).toBe(200);
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    const lines = linesOf(requestId);
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: "info",
        message: "request",
        requestId,
        method: "GET",
        route: "/api/communities",
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    // Another request, another id.
    expect((await request("/api/communities")).headers.get(REQUEST_ID_HEADER)).not.toBe(requestId);
  });

  it("logs the route's pattern (never the URL with its ids) and the member's id, never their e-mail", async () => {
    const member = await signUp("Logged");
    const missing = crypto.randomUUID();
    const res = await request(`/api/game-sessions/${missing}`, { cookie: member.cookie });
    expect(res.status).toBe(404);
    const [line] = linesOf(res.headers.get(REQUEST_ID_HEADER));
    expect(line).toMatchObject({ route: "/api/game-sessions/:id", memberId: member.id, status: 404 });
    const text = JSON.stringify(logLines());
    expect(text).not.toContain(missing);
    expect(text).not.toContain(member.email);
    expect(text).not.toContain(member.cookie.split("=")[1]);
  });

  it("names a page by its Remix route id, for the document and for its single-fetch data", async () => {
    const member = await signUp("Pages");
    const page = await request("/tablesync/room/some-room-id", { cookie: member.cookie });
    const data = await loadData("/social", member);
    const unknown = await request(`/no-such-page-${crypto.randomUUID()}`);
    expect(linesOf(page.headers.get(REQUEST_ID_HEADER))[0]).toMatchObject({ route: "routes/tablesync.room.$id", memberId: member.id });
    expect(linesOf(data.headers.get(REQUEST_ID_HEADER))[0]).toMatchObject({ route: "routes/social", status: 200 });
    expect(linesOf(unknown.headers.get(REQUEST_ID_HEADER))[0]).toMatchObject({ route: "routes/$", status: 404 });
    expect(JSON.stringify(logLines())).not.toContain("some-room-id");
  });

  it("takes Cloudflare's ray id as the request id when the request carries one", async () => {
    const ray = "8f1b2c3d4e5f6a7b-LHR";
    const res = await request("/api/communities", { headers: { "cf-ray": ray } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe(ray);
    expect(linesOf(ray)).toHaveLength(1);
    // Anything else in that header is not trusted as an id.
    const forged = await request("/api/communities", { headers: { "cf-ray": '"><script>' } });
    expect(forged.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("logs an unexpected error with its stack and the request id, answers 500 with that id, and counts it", async () => {
    // The Worker's own middleware and error answer around a handler that fails as a bug would.
    const app = new Hono<AppEnv>().use("*", requestLog);
    app.get("/boom/:id", () => {
      currentLogger().warn("about to fail", { step: 1 });
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    app.onError(answerError);
    const db = getDb(env.DB);
    const before = (await operatorFigures(db)).errorsLastHour;
    expectErrorLog("Unhandled error");
    const ctx = createExecutionContext();
    const res = await app.request("/boom/123", {}, env, ctx);
    await waitOnExecutionContext(ctx);

    expect(res.status).toBe(500);
    const requestId = res.headers.get(REQUEST_ID_HEADER)!;
    const body = (await res.json()) as { message: string; requestId: string };
    expect(body).toEqual({ message: `Something went wrong on our side. Request id: ${requestId}`, requestId });
    expect(JSON.stringify(body)).not.toContain("TypeError");
    const [warning, error, access] = linesOf(requestId);
    expect(linesOf(requestId)).toHaveLength(3);
    expect(warning).toMatchObject({ level: "warn", message: "about to fail", route: "/boom/:id", step: 1 });
    expect(error).toMatchObject({
      level: "error",
      message: "Unhandled error",
      route: "/boom/:id",
      method: "GET",
      error: { name: "TypeError", message: "Cannot read properties of undefined (reading 'id')" },
    });
    expect((error.error as { stack: string }).stack).toMatch(/TypeError: Cannot read properties/);
    expect(access).toMatchObject({ level: "info", message: "request", status: 500 });
    expect((await operatorFigures(db)).errorsLastHour).toBe(before + 1);
  });

  it("answers a page whose loader fails with a 500 page that names the request id, and logs the failure", async () => {
    const member = await signUp("Broken");
    // A real failure of real D1: the Social Hub's loader reads a table that is briefly gone.
    await env.DB.prepare("ALTER TABLE social_connections RENAME TO social_connections_away").run();
    expectErrorLog("Loader or action failed");
    let res: Response;
    try {
      res = await request("/social", { cookie: member.cookie });
    } finally {
      await env.DB.prepare("ALTER TABLE social_connections_away RENAME TO social_connections").run();
    }
    expect(res.status).toBe(500);
    const requestId = res.headers.get(REQUEST_ID_HEADER)!;
    const html = await res.text();
    expect(html).toContain(`quote request id ${requestId}`);
    expect(html).not.toContain("social_connections");
    const error = linesOf(requestId).find((line) => line.level === "error");
    expect(error).toMatchObject({ message: "Loader or action failed", route: "routes/social", memberId: member.id });
    expect(JSON.stringify(error)).toMatch(/no such table: social_connections/);
  });
});
