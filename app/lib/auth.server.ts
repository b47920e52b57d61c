import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../workers/db/schema";

/** Member-only routes: a visitor is sent to sign-in and brought back afterwards. */
export function requireMember(request: Request, context: AppLoadContext): User {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/api/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}
