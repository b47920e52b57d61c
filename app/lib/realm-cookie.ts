/**
 * The selected realm, mirrored from localStorage into a cookie so loaders render the right realm. The
 * server reads it with Remix's createCookie (app/lib/realm-cookie.server.ts); the browser writes it here in
 * that cookie's own encoding (base64 of the JSON value).
 */
/** The localStorage key of the selected realm (spec 000 §4). */
export const SELECTED_COMMUNITY_KEY = "selectedCommunityId";
export const REALM_COOKIE = "selectedCommunityId";
export const REALM_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The cookie value createCookie would write for `id` (realm ids are ASCII, so no escaping is needed). */
export const realmCookieValue = (id: string | null) => btoa(JSON.stringify(id));

export function writeRealmCookie(id: string | null): void {
  document.cookie = `${REALM_COOKIE}=${realmCookieValue(id)}; Path=/; Max-Age=${REALM_COOKIE_MAX_AGE}; SameSite=Lax`;
}
