import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { scopeOfRoute } from "../contract/access-token-scopes";
import { bearerCredential } from "../domain/access/access-token-rules";
import { authenticateAccessToken } from "../domain/access/access-tokens";
import { forbidden, invalid, unauthorized } from "../domain/errors";
import { loadMemberWithShell } from "../domain/shell";
import { readSessionUserId, sessionIdFromRequest } from "../auth/session";
import type { AppEnv } from "./app-env";

const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60 * 1000;
/** Where the API's declared paths are mounted (workers/api/index.ts). */
const API_PREFIX = "/api";

/**
 * Resolves the caller once per request: the session cookie, or a personal
 * access token (`Authorization: Bearer`). The user row is read from D1 every
 * time, so deleting an account ends all its sessions and tokens at once.
 */
export const resolveUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Opened by the dbSession middleware before this one.
  const db = c.get("db");
  c.set("user", null);
  c.set("shell", null);
  c.set("accessToken", null);
  const credential = bearerCredential(c.req.header("Authorization"));
  if (credential !== null) {
    await resolveToken(c, credential);
    return next();
  }
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

/**
 * The /api route this request is routed to, as declared ("/game-sessions/{id}"),
 * from Hono's own match: the first matched route bound to a method (middleware
 * and catch-alls are bound to ALL), so a literal path such as /events/feed-url
 * is never mistaken for /events/{id}. Null for pages, sockets and unknown paths.
 */
function declaredRoute(c: Context<AppEnv>): { method: string; path: string } | null {
  const route = matchedRoutes(c).find((r) => r.method !== "ALL");
  if (!route || !route.path.startsWith(`${API_PREFIX}/`)) return null;
  return { method: route.method, path: route.path.slice(API_PREFIX.length).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}") };
}

/**
 * A token request runs as the token's member on the routes its scopes allow
 * (TOKEN_ROUTE_SCOPES, workers/contract/access-tokens.ts) and nowhere else:
 * any other route, Remix page or socket answers 403. Never logs the token.
 */
async function resolveToken(c: Context<AppEnv>, credential: string): Promise<void> {
  // One credential per request: a session cookie beside a token is ambiguous (whose request is it?).
  if (sessionIdFromRequest(c)) throw invalid("Send either a session cookie or an API token, not both");
  const route = declaredRoute(c);
  const scope = route ? scopeOfRoute(route.method, route.path) : null;
  if (!scope) throw forbidden("This route does not accept API tokens");
  if (credential === "malformed") throw unauthorized("The Authorization header must be: Bearer <token>");
  const identity = await authenticateAccessToken(c.get("db"), credential);
  if (!identity.scopes.includes(scope)) throw forbidden(`This token does not have the ${scope} scope`);
  c.set("user", identity.user);
  c.set("accessToken", { id: identity.tokenId, scopes: identity.scopes });
}
