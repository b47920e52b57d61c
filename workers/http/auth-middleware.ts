import type { MiddlewareHandler } from "hono";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { loadMemberWithShell } from "../domain/shell";
import { readSessionUserId, sessionIdFromRequest } from "../auth/session";
import type { AppEnv } from "./app-env";

const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Resolves the session cookie to a member once per request. The user row is
 * read from D1 every time, so deleting an account ends all its sessions at once.
 */
export const resolveUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Opened by the dbSession middleware before this one.
  const db = c.get("db");
  c.set("user", null);
  c.set("shell", null);
  const sessionId = sessionIdFromRequest(c);
  if (sessionId) {
    const userId = await readSessionUserId(c.env, sessionId);
    const member = userId ? await loadMemberWithShell(db, userId) : null;
    const user = member?.user ?? null;
    c.set("user", user);
    c.set("shell", member?.shell ?? null);
    if (user && Date.now() - user.lastActiveAt > ACTIVITY_WRITE_INTERVAL_MS) {
      // Last activity feeds matchmaking's recency; written at most every 5 minutes.
      c.executionCtx.waitUntil(
        db
          .update(users)
          .set({ lastActiveAt: Date.now() })
          .where(eq(users.id, user.id))
          .run()
          .then(() => undefined),
      );
    }
  }
  await next();
};
