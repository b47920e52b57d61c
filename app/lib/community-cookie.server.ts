import { createCookie } from "@remix-run/cloudflare";
import { COMMUNITY_COOKIE, COMMUNITY_COOKIE_MAX_AGE } from "./community-cookie";

const communityCookie = createCookie(COMMUNITY_COOKIE, { path: "/", sameSite: "lax", maxAge: COMMUNITY_COOKIE_MAX_AGE });

/** The one reader of the selected-realm cookie: the realm id, or null for none (All Realms) or a bad value. */
export async function readSelectedCommunity(request: Request): Promise<string | null> {
  const value: unknown = await communityCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}
