import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { getDb } from "../db/client";
import { countedLogger } from "../domain/operations/operations";
import { bytesToHex } from "../lib/hex";
import { withLogger } from "../lib/logger";
import type { AppEnv } from "./app-env";

/** The response header naming the request's id: the member can quote it, the operator finds its lines by it. */
export const REQUEST_ID_HEADER = "X-Request-Id";
/** Cloudflare's ray id ("8f1b2c3d4e5f6a7b-LHR"), which also names the request in Cloudflare's own logs. */
const CF_RAY = /^[0-9a-f]{16}(?:-[A-Z]{3,4})?$/i;

/** Cloudflare's `cf-ray` when the request carries one (production), else a random id of the same length. */
export function requestIdOf(headers: Headers): string {
  const ray = headers.get("cf-ray")?.trim();
  if (ray && CF_RAY.test(ray)) return ray;
  return bytesToHex(crypto.getRandomValues(new Uint8Array(8)));
}

/**
 * The Hono route this request was matched to, as its pattern ("/api/game-sessions/:id"), never the raw URL: the
 * first matched route bound to a method (middleware and catch-alls are bound to ALL). Null for the pages, which
 * Remix routes (workers/app.ts names their route id).
 */
export function matchedRoute(c: Context<AppEnv>): string | null {
  return matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? null;
}

/** Work to finish after the response; without an execution context (a test's bare `app.request`) it is dropped. */
function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return () => undefined;
  }
}

/**
 * First middleware of the Worker: gives the request an id and a logger (`c.get("log")`, and `currentLogger()` for
 * everything the request awaits), answers with `X-Request-Id`, and writes the one access line per request at info
 * level: route, method, member, status and duration. No URL, query string or header is written.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const requestId = requestIdOf(c.req.raw.headers);
  // Error lines are also counted for the operator (workers/domain/operations/operations.ts), after the response.
  const log = countedLogger({ requestId, method: c.req.method, route: matchedRoute(c) }, getDb(c.env.DB), waitUntilOf(c));
  c.set("log", log);
  await withLogger(log, next);
  const status = c.res.status;
  log.info("request", { route: log.fields.route ?? "unmatched", status, durationMs: Date.now() - started });
  // Upgrade responses (room sockets) have immutable headers.
  if (status !== 101) c.res.headers.set(REQUEST_ID_HEADER, requestId);
};

/** After resolveUser: every later line of the request names the member (their id only, never an e-mail). */
export const logMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (user) c.get("log").assign({ memberId: user.id });
  await next();
};
