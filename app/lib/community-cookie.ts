/**
 * The selected realm, mirrored from localStorage into a cookie so loaders render the right realm. The
 * server reads it with Remix's createCookie (app/lib/community-cookie.server.ts); the browser writes it here in
 * that cookie's own encoding (base64 of the JSON value).
 */
/** The localStorage key of the selected realm (spec 000 §4). */
export const SELECTED_COMMUNITY_KEY = "selectedCommunityId";
export const COMMUNITY_COOKIE = "selectedCommunityId";
export const COMMUNITY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The cookie value createCookie would write for `id` (realm ids are ASCII, so no escaping is needed). */
export const communityCookieValue = (id: string | null) => btoa(JSON.stringify(id));

export function writeCommunityCookie(id: string | null): void {
  document.cookie = `${COMMUNITY_COOKIE}=${communityCookieValue(id)}; Path=/; Max-Age=${COMMUNITY_COOKIE_MAX_AGE}; SameSite=Lax`;
}
