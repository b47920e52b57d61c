import { isLocalHost } from "../http/security";

/**
 * The dev sign-in lets anyone sign in as anyone, so it needs two things: the AUTH_DEV_LOGIN opt-in (which only
 * local runs pass) and a request addressed to a loopback host. A deploy that ships the flag by mistake still
 * cannot offer it: Cloudflare routes requests by their public hostname, never by "localhost".
 */
export function devLoginEnabled(env: Partial<Pick<Env, "AUTH_DEV_LOGIN">>, requestUrl: string): boolean {
  return env.AUTH_DEV_LOGIN === "true" && isLocalHost(new URL(requestUrl));
}
