import { z } from "zod";
import { singleLine } from "./text";

export const devLoginBody = z.object({
  firstName: singleLine({ min: 1, max: 50, required: "First name is required" }),
  lastName: singleLine({ max: 50 }).optional().default(""),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")).pipe(z.string().max(200)),
  returnTo: z.string().optional(),
});
export type DevLoginBody = z.infer<typeof devLoginBody>;

/** Only same-site relative paths are followed after sign-in (no open redirects). */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/api/")) return "/";
  return value;
}

import type { RouteDoc } from "./route-doc";

export const authRoutesDoc: RouteDoc[] = [
  { method: "get", path: "/api/login", summary: "Sign-in page (dev sign-in and configured providers), or a redirect to the provider named by ?provider=.", auth: "public", produces: "text/html", errors: { 404: "Unknown provider" } },
  { method: "post", path: "/api/login/dev", summary: "Dev sign-in (only when AUTH_DEV_LOGIN is true): creates the member if the e-mail is new, sets the session cookie, 303 to /.", auth: "public", body: devLoginBody, status: 303, errors: { 400: "Invalid details", 404: "Dev sign-in is off", 429: "Too many sign-in attempts" } },
  { method: "get", path: "/api/callback/:provider", summary: "OAuth callback: checks the single-use state, upserts the member, starts a session, redirects to /.", auth: "public", status: 302, errors: { 400: "Missing, wrong or replayed state", 404: "Unknown provider" } },
  { method: "get", path: "/api/logout", summary: "Ends the session (KV and cookie) and redirects to /.", auth: "public", status: 302 },
  { method: "get", path: "/api/auth/user", summary: "The signed-in member.", auth: "member", errors: { 401: "Signed out" } },
];
