/**
 * Personal access tokens (issue 27) as plain data, without zod, so pages that only show them (the help
 * article) stay light: what a token may do and which /api routes accept one. The one place scopes are named;
 * the auth middleware, the OpenAPI document, the settings tab and the help article read them from here.
 */

export const TOKEN_SCOPES = ["rooms:read", "rooms:write", "events:read", "events:write", "results:read"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope lets a token do, for the settings tab and the help article. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  "rooms:read": "List and read rooms",
  "rooms:write": "Create, join, start, change and leave rooms",
  "events:read": "List and read events",
  "events:write": "Create, change, join and leave events",
  "results:read": "Read game results",
};

/**
 * The /api routes that accept a token, keyed "METHOD /path" as the route is
 * declared (below /api, OpenAPI `{param}` style), with the scope each needs.
 * Every route missing here refuses a token with 403, whatever its scopes:
 * token management, settings, account deletion, sign-in and sign-out, profile
 * writes, the private calendar feed URL, recording and answering results.
 */
export const TOKEN_ROUTE_SCOPES = {
  "GET /game-sessions": "rooms:read",
  "GET /game-sessions/{id}": "rooms:read",
  "POST /game-sessions": "rooms:write",
  "PATCH /game-sessions/{id}": "rooms:write",
  "POST /game-sessions/{id}/join": "rooms:write",
  "POST /game-sessions/{id}/spectate": "rooms:write",
  "POST /game-sessions/{id}/leave": "rooms:write",
  "POST /game-sessions/{id}/start": "rooms:write",
  "GET /game-sessions/{id}/result": "results:read",
  "GET /events": "events:read",
  "GET /events/{id}": "events:read",
  "GET /events/{id}/ics": "events:read",
  "POST /events": "events:write",
  "PUT /events/{id}": "events:write",
  "DELETE /events/{id}": "events:write",
  "POST /events/{id}/join": "events:write",
  "DELETE /events/{id}/leave": "events:write",
} as const satisfies Record<string, TokenScope>;

/** The scope a declared route needs from a token, or null when it refuses tokens. */
export function scopeOfRoute(method: string, declaredPath: string): TokenScope | null {
  const key = `${method.toUpperCase()} ${declaredPath}`;
  return Object.hasOwn(TOKEN_ROUTE_SCOPES, key) ? TOKEN_ROUTE_SCOPES[key as keyof typeof TOKEN_ROUTE_SCOPES] : null;
}

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = "rc_pat_";
/** Characters of a token shown in the list to tell tokens apart: the prefix and a few of the secret's. */
export const TOKEN_DISPLAY_LENGTH = TOKEN_PREFIX.length + 6;
export const MAX_TOKENS_PER_MEMBER = 20;
/** Days until a new token expires; null: never. */
export const TOKEN_EXPIRY_DAYS = [null, 30, 90, 365] as const;
