import { redirectDocument, type AppLoadContext } from "@remix-run/cloudflare";
import { SESSION_COOKIE } from "../../workers/auth/session";
import type { User } from "../../workers/db/schema";
import { loginHref } from "./login-href";

/**
 * Member-only routes. A visitor goes to sign-in and comes back afterwards. The sign-in page is the Worker's,
 * not a Remix route, so the redirect must be a document load: a plain redirect is followed client-side on a
 * link click, and `/api/login.data` does not exist. A browser that still sends a session cookie which no
 * longer resolves (expired, signed out elsewhere, account deleted) was a member a moment ago: it gets a 401,
 * and the error boundary says "logged out" before going to sign-in (app/lib/session-expired.ts).
 */
export function requireMember(request: Request, context: AppLoadContext): User {
  if (context.user) return context.user;
  if (hasSessionCookie(request)) throw new Response("Unauthorized", { status: 401, statusText: "Unauthorized" });
  const url = new URL(request.url);
  throw redirectDocument(loginHref(url.pathname + url.search));
}

function hasSessionCookie(request: Request): boolean {
  const cookies = request.headers.get("Cookie")?.split(/;\s*/) ?? [];
  return cookies.some((part) => part.startsWith(`${SESSION_COOKIE}=`) && part.length > SESSION_COOKIE.length + 1);
}
