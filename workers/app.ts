import { createRequestHandler } from "@remix-run/cloudflare";
import { Hono } from "hono";
// Live from Remix's Vite plugin in `npm run dev` and the Worker tests; the built file under wrangler (see its type).
import * as remixBuild from "virtual:remix/server-build";
import { GameRoom as Room } from "../durable-objects/game-room";
import { api, apiDocument, apiResponseContract } from "./api/index";
import { readSessionUserIdByKey } from "./auth/session";
import { devSeed } from "./auth/dev-seed";
import { runScheduledJobs } from "./domain/scheduled";
import { deliverWebhooks } from "./domain/webhooks";
import { getDb } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { resolveUser } from "./http/auth-middleware";
import { dbSession } from "./http/db-session";
import { describeError } from "./http/errors";
import { bodyCap, requestGuards, securityHeaders } from "./http/security";
import type { RealmcastLoadContext } from "./load-context";
import { handleRoomSocket } from "./ws";

/** The room with the Worker's session store plugged in: the Durable Object knows nothing of how sessions are kept. */
export class GameRoom extends Room {
  protected sessionOwner(sessionKey: string): Promise<string | null> {
    return readSessionUserIdByKey(this.env, sessionKey);
  }
}

// Built once per isolate, not per request.
const handleRemixRequest = createRequestHandler(remixBuild);

export const app = new Hono<AppEnv>();

// First, so it sees every answer of a declared /api route, the shared layers' included (tests only: CHECK_API_RESPONSES).
app.use("*", apiResponseContract);
app.use("*", securityHeaders);
app.use("*", dbSession);
// The Origin rule first: a refused cross-site request costs no session or token lookup.
app.use("*", requestGuards);
// One body cap for every request, pages and /api alike, before any session lookup (workers/http/security.ts).
app.use("*", bodyCap);
app.use("*", resolveUser);

app.route("/", api);
app.route("/__dev", devSeed);
app.get("/ws", handleRoomSocket);

app.all("*", (c) => {
  const loadContext: RealmcastLoadContext = {
    cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    db: c.get("db"),
    user: c.get("user"),
    shell: c.get("shell"),
    nonce: c.get("nonce"),
    apiDocument,
  };
  return handleRemixRequest(c.req.raw, loadContext);
});

app.onError((error, c) => {
  const known = describeError(error);
  if (known) return c.json(known.body, known.status, known.headers);
  // Unexpected: log it with its stack, answer without one.
  console.error("Unhandled error", c.req.method, new URL(c.req.url).pathname, error);
  return c.json({ message: "Internal server error" }, 500);
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
  },
  // The WEBHOOKS queue (wrangler.toml): bots' webhook deliveries, tried and retried here (workers/domain/webhooks.ts).
  async queue(batch, env) {
    await deliverWebhooks(batch, env, getDb(env.DB));
  },
} satisfies ExportedHandler<Env>;
