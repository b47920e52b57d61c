import { createCookie } from "@remix-run/cloudflare";
import { REALM_COOKIE, REALM_COOKIE_MAX_AGE } from "./realm-cookie";

const realmCookie = createCookie(REALM_COOKIE, { path: "/", sameSite: "lax", maxAge: REALM_COOKIE_MAX_AGE });

/** The one reader of the selected-realm cookie: the realm id, or null for none (All Realms) or a bad value. */
export async function readSelectedRealm(request: Request): Promise<string | null> {
  const value: unknown = await realmCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}
