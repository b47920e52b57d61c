import { z } from "../lib/zod";
import { singleLine } from "./text";

export const devLoginBody = z.object({
  firstName: singleLine({ min: 1, max: 50, required: "First name is required" }),
  lastName: singleLine({ max: 50 }).optional().default(""),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")).pipe(z.string().max(200)),
  returnTo: z.string().optional(),
});
export type DevLoginBody = z.infer<typeof devLoginBody>;

/** GET /api/auth/user (spec 000 §3 Auth user): the signed-in member, the one place their own e-mail is sent. */
export const authUserResponse = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  primaryCommunity: z.string(),
  communities: z.array(z.string()),
});
export type AuthUserResponse = z.infer<typeof authUserResponse>;

/** GET /api/login: `provider` names one enabled provider (404 otherwise); `returnTo` is kept only when same-site. */
export const loginQuery = z.object({ provider: z.string().optional(), returnTo: z.string().optional() });

/** GET /api/callback/{provider}: what the provider sends back (anything else is ignored). */
export const oauthCallbackQuery = z.object({ state: z.string().optional(), code: z.string().optional() });

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
