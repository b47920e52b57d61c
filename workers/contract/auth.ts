import { z } from "zod";
import { singleLine } from "./text";

export const devLoginBody = z.object({
  firstName: singleLine({ min: 1, max: 50, required: "First name is required" }),
  lastName: singleLine({ max: 50 }).optional().default(""),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")).pipe(z.string().max(200)),
  returnTo: z.string().optional(),
});
export type DevLoginBody = z.infer<typeof devLoginBody>;

const MAX_RETURN_TO_LENGTH = 2048;
// Browsers read a backslash as "/" and URL parsers silently drop tabs and newlines, so both can turn a path
// into another host ("/<backslash>evil.example", "/<TAB>/evil.example"); no page path of ours contains them.
const UNSAFE_RETURN_TO = /[\\\p{Cc}]/u;

/**
 * Where sign-in sends the browser afterwards: a path on this site, never another origin (no open
 * redirects) and never an /api route. `origin` is the site's own origin (the request's). The value is
 * resolved against it and kept only when the result, read again as a Location, still stays on it.
 */
export function safeReturnTo(value: string | undefined | null, origin: string): string {
  if (!value || value.length > MAX_RETURN_TO_LENGTH || !value.startsWith("/") || UNSAFE_RETURN_TO.test(value)) return "/";
  const site = new URL(origin).origin;
  const resolved = URL.parse(value, site);
  if (!resolved || resolved.origin !== site || isApiPath(resolved.pathname)) return "/";
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/..//evil.example" normalises to "//evil.example", which a browser reads as another host.
  return URL.parse(path, site)?.origin === site && !path.startsWith("//") ? path : "/";
}

function isApiPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: judge the raw path.
  }
  path = path.toLowerCase();
  return path === "/api" || path.startsWith("/api/");
}

import type { RouteDoc } from "./route-doc";

export const authRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/login",
    summary: "Sign-in page (dev sign-in and configured providers), or a redirect to the provider named by ?provider=.",
    auth: "public",
    produces: "text/html",
    errors: { 404: "Unknown provider" },
  },
  {
    method: "post",
    path: "/api/login/dev",
    summary:
      "Dev sign-in (only when AUTH_DEV_LOGIN is true and the request is addressed to a loopback host): creates the member if the e-mail is new, sets the session cookie, 303 to the same-site returnTo (else /).",
    auth: "public",
    body: devLoginBody,
    status: 303,
    errors: { 400: "Invalid details", 404: "Dev sign-in is off (or not a loopback host)", 429: "Too many sign-in attempts" },
  },
  {
    method: "get",
    path: "/api/callback/:provider",
    summary:
      "OAuth callback: checks the single-use state, links or creates the member (by e-mail only when the provider verified it), starts a session, redirects to the same-site returnTo (else /).",
    auth: "public",
    status: 302,
    errors: { 400: "Missing, wrong or replayed state", 404: "Unknown provider" },
  },
  { method: "get", path: "/api/logout", summary: "Ends the session (KV and cookie) and redirects to /.", auth: "public", status: 302 },
  { method: "get", path: "/api/auth/user", summary: "The signed-in member.", auth: "member", errors: { 401: "Signed out" } },
];
