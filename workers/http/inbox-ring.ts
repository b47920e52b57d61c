import type { MiddlewareHandler } from "hono";
import { ringInboxes } from "../domain/inbox";
import { collectNotified } from "../lib/notified-members";
import type { AppEnv } from "./app-env";

/**
 * Collects the members a request notified (workers/lib/notified-members.ts) and, once it has answered (its D1 writes
 * done), tells their open pages in the background (workers/domain/inbox.ts): "Confirm the result" reaches the other
 * player's bell within a moment, not at its next poll. Every door is covered: /api, page actions, the dev seed.
 */
export const inboxRing: MiddlewareHandler<AppEnv> = async (c, next) => {
  const notified = new Set<string>();
  await collectNotified(notified, next);
  if (notified.size > 0) c.executionCtx.waitUntil(ringInboxes(c.env, notified));
};
