import type { MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { isBookmark, openDbSession } from "../db/client";
import type { AppEnv } from "./app-env";
import { isLocalHost } from "./security";

/** The member's last D1 bookmark (not a secret: it names a point in the database's history, nothing more). */
export const BOOKMARK_COOKIE = "realmcast_d1";
/** Replicas catch up within seconds; a day keeps a member consistent across a pause without growing stale cookies. */
const BOOKMARK_MAX_AGE_SECONDS = 24 * 60 * 60;
const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * Opens the request's D1 session (workers/db/client.ts `openDbSession`) and puts its Drizzle client on the
 * context as `db`. Reads (GET, HEAD) may be served by a replica no older than the member's bookmark; anything
 * else starts on the primary. The session's newest bookmark goes back in a cookie when it moved, so the next
 * request (the page a form redirects to, a list fetched after a post) sees what this one wrote.
 */
export const dbSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const previous = getCookie(c, BOOKMARK_COOKIE) ?? null;
  const session = openDbSession(c.env.DB, { bookmark: previous, primary: !READ_METHODS.has(c.req.method) });
  c.set("db", session.db);
  await next();
  const bookmark = session.bookmark();
  // Upgrade responses (room sockets) have immutable headers and no use for it.
  if (c.res.status === 101 || !isBookmark(bookmark) || bookmark === previous) return;
  c.res.headers.append(
    "Set-Cookie",
    generateCookie(BOOKMARK_COOKIE, bookmark, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: !isLocalHost(new URL(c.req.url)),
      maxAge: BOOKMARK_MAX_AGE_SECONDS,
    }),
  );
};
