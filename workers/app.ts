import { createRequestHandler } from "@remix-run/cloudflare";
import { Hono } from "hono";
// Live from Remix's Vite plugin in `npm run dev` and the Worker tests; the built file under wrangler (see its type).
import * as remixBuild from "virtual:remix/server-build";
import { GameRoom as Room } from "../durable-objects/game-room";
import { MemberInbox as Inbox } from "../durable-objects/member-inbox";
import { api, apiDocument, apiResponseContract } from "./api/index";
import { readSessionUserIdByKey } from "./auth/session";
import { devSeed } from "./auth/dev-seed";
import { countedLogger } from "./domain/operations/operations";
import { runScheduledJobs } from "./domain/operations/scheduled";
import { deliverWebhooks } from "./domain/webhooks/webhooks";
import { DISCORD_QUEUE, deliverDiscordPosts } from "./domain/discord/discord-results";
import { CARD_KEYPOINTS_QUEUE, CARD_POOL_KEYPOINTS_QUEUE, makeQueuedKeypoints } from "./domain/cards/card-keypoints-queue";
import { discordInteractions } from "./api/discord-interactions";
import { getDb } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { resolveUser } from "./http/auth-middleware";
import { dbSession } from "./http/db-session";
import { answerError } from "./http/errors";
import { remixRouteMatcher } from "./http/remix-routes";
import { logMember, requestLog } from "./http/request-log";
import { bodyCap, requestGuards, securityHeaders } from "./http/security";
import { withLogger, type Logger } from "./lib/logger";
import type { RealmcastLoadContext } from "./load-context";
import { handleRoomSocket } from "./ws";
import { handleInboxSocket } from "./inbox-socket";
import { inboxRing } from "./http/inbox-ring";
import { ringInboxes } from "./domain/inbox";
import { collectNotified } from "./lib/notified-members";
import { INBOX_PATH } from "./contract/inbox";

/** The room with the Worker's session store plugged in: the Durable Object knows nothing of how sessions are kept. */
export class GameRoom extends Room {
  protected sessionOwner(sessionKey: string): Promise<string | null> {
    return readSessionUserIdByKey(this.env, sessionKey);
  }

  /** The room's lines carry the room and its game session (the room's name), and count as the Worker's errors do. */
  private logger(): Logger {
    let sessionId: string | null = null;
    try {
      sessionId = this.name;
    } catch {
      // partyserver has not been told the room's name yet: the line goes without it
    }
    return countedLogger({ room: "GameRoom", sessionId }, getDb(this.env.DB), (promise) => this.ctx.waitUntil(promise));
  }

  async onMessage(...args: Parameters<Room["onMessage"]>): Promise<void> {
    await withLogger(this.logger(), () => super.onMessage(...args));
  }

  async onAlarm(): Promise<void> {
    await withLogger(this.logger(), () => super.onAlarm());
  }

  // partyserver's defaults write these to the console unstructured.
  onError(connection: Parameters<Room["onError"]>[0], error: unknown): void {
    this.logger().error("Room socket error", { connectionId: connection.id, error });
  }

  onException(error: unknown): void {
    this.logger().error("Room exception", { error });
  }
}

/** A member's inbox (workers/contract/inbox.ts) with the Worker's session store plugged in, as for the room. */
export class MemberInbox extends Inbox {
  protected sessionOwner(sessionKey: string): Promise<string | null> {
    return readSessionUserIdByKey(this.env, sessionKey);
  }
}

// Built once per isolate, not per request.
const handleRemixRequest = createRequestHandler(remixBuild);
const remixRouteOf = remixRouteMatcher(remixBuild.routes);

export const app = new Hono<AppEnv>();

// First: the request's id and logger, and its access line once everything else has answered.
app.use("*", requestLog);
// Next, so it sees every answer of a declared /api route, the shared layers' included (tests only: CHECK_API_RESPONSES).
app.use("*", apiResponseContract);
app.use("*", securityHeaders);
app.use("*", dbSession);
// Discord's interactions (workers/api/discord-interactions.ts): signed by Discord, never by a cookie, so they come
// before the Origin rule and the session lookup, which they must not pass through.
app.route("/discord", discordInteractions);
// The Origin rule first: a refused cross-site request costs no session or token lookup.
app.use("*", requestGuards);
// One body cap for every request, pages and /api alike, before any session lookup (workers/http/security.ts).
app.use("*", bodyCap);
app.use("*", resolveUser);
app.use("*", logMember);
// After the request has answered, the open pages of the members it notified hear of it (workers/http/inbox-ring.ts).
app.use("*", inboxRing);

app.route("/", api);
app.route("/__dev", devSeed);
app.get("/ws", handleRoomSocket);
app.get(INBOX_PATH, handleInboxSocket);

app.all("*", (c) => {
  const log = c.get("log");
  log.assign({ route: remixRouteOf(new URL(c.req.url).pathname) ?? "unmatched" });
  const loadContext: RealmcastLoadContext = {
    cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    db: c.get("db"),
    user: c.get("user"),
    shell: c.get("shell"),
    nonce: c.get("nonce"),
    log,
    requestId: String(log.fields.requestId),
    apiDocument,
  };
  return handleRemixRequest(c.req.raw, loadContext);
});

app.onError(answerError);

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const log = countedLogger({ trigger: "cron", cron: controller.cron }, getDb(env.DB), (promise) => ctx.waitUntil(promise));
    // Members the run notified (post reminders) hear of it on their open pages once it is done.
    const notified = new Set<string>();
    ctx.waitUntil(
      withLogger(log, async () => {
        await collectNotified(notified, () => runScheduledJobs(env, controller.scheduledTime));
        if (notified.size > 0) await ringInboxes(env, notified);
      }).catch((error: unknown) => {
        log.error("Scheduled jobs failed", { error });
        throw error;
      }),
    );
  },
  // The WEBHOOKS queue (wrangler.toml): bots' webhook deliveries, tried and retried here (workers/domain/webhooks/webhooks.ts);
  // DISCORD_POSTS: results posted to Discord channels (workers/domain/discord/discord-results.ts); CARD_KEYPOINTS: the
  // rest of a table's reference keypoints, past what a deck's warm-up makes (workers/domain/cards/card-keypoints-queue.ts);
  // CARD_POOL_KEYPOINTS: the whole pool's, sent after each build of the index (workers/domain/cards/card-pool-keypoints.ts).
  async queue(batch, env, ctx) {
    const db = getDb(env.DB);
    const log = countedLogger({ trigger: "queue", queue: batch.queue }, db, (promise) => ctx.waitUntil(promise));
    await withLogger(log, () => {
      if (batch.queue === DISCORD_QUEUE) return deliverDiscordPosts(batch, env, db);
      if (batch.queue === CARD_KEYPOINTS_QUEUE || batch.queue === CARD_POOL_KEYPOINTS_QUEUE) return makeQueuedKeypoints(batch, env, db);
      return deliverWebhooks(batch, env, db);
    });
  },
} satisfies ExportedHandler<Env>;
