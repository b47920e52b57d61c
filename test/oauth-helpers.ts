import { env, exports } from "cloudflare:workers";
import { vi } from "vitest";
import { ORIGIN } from "./helpers";

export type MockProvider = "discord" | "twitch" | "google";

const CREDENTIAL_KEYS: Record<MockProvider, [string, string]> = {
  discord: ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"],
  twitch: ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"],
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
};

// Taken once, so mocking again (a spy on the spy) still falls through to the real fetch.
const realFetch = globalThis.fetch;

const TOKEN_URLS: Record<MockProvider, string> = {
  discord: "https://discord.com/api/oauth2/token",
  twitch: "https://id.twitch.tv/oauth2/token",
  google: "https://oauth2.googleapis.com/token",
};

const USER_URLS: Record<MockProvider, string> = {
  discord: "https://discord.com/api/users/@me",
  twitch: "https://api.twitch.tv/helix/users",
  google: "https://openidconnect.googleapis.com/v1/userinfo",
};

/** Enables the provider (fake client id and secret); undo with `resetProviders`. */
export function configureProvider(provider: MockProvider) {
  const [id, secret] = CREDENTIAL_KEYS[provider];
  (env as any)[id] = `${provider}-client`;
  (env as any)[secret] = `${provider}-secret`;
}

export function resetProviders() {
  for (const [id, secret] of Object.values(CREDENTIAL_KEYS)) {
    delete (env as any)[id];
    delete (env as any)[secret];
  }
  vi.restoreAllMocks();
}

/** Fakes the provider's token and user endpoints (the Worker's outbound fetch); `user` is the user endpoint's JSON. */
export function mockProviderUser(provider: MockProvider, user: unknown) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(TOKEN_URLS[provider])) {
      return Response.json({ access_token: `token-${crypto.randomUUID()}`, token_type: "Bearer", expires_in: 3600 });
    }
    if (url.startsWith(USER_URLS[provider])) return Response.json(user);
    return realFetch(input, init);
  });
}

/**
 * The whole OAuth round trip through the real Worker: /api/login?provider= (state in KV and cookie), then the
 * callback with that state. Returns the callback's response. `origin` defaults to the tests' http://localhost.
 */
export async function oauthRoundTrip(
  provider: MockProvider,
  options: { returnTo?: string; origin?: string; forgeCookieReturnTo?: string } = {},
) {
  const origin = options.origin ?? ORIGIN;
  const query = new URLSearchParams({ provider });
  if (options.returnTo !== undefined) query.set("returnTo", options.returnTo);
  const ip = { "CF-Connecting-IP": `oauth-${crypto.randomUUID()}` };
  const start = await exports.default.fetch(new Request(`${origin}/api/login?${query}`, { headers: ip, redirect: "manual" }));
  if (start.status !== 302) throw new Error(`sign-in start failed: ${start.status}`);
  const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
  let cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith("realmcast_oauth="))!
    .split(";")[0];
  if (options.forgeCookieReturnTo !== undefined) {
    // What a forged state cookie could carry: the callback must not trust what /api/login stored.
    const value = JSON.parse(decodeURIComponent(cookie.slice("realmcast_oauth=".length)));
    cookie = `realmcast_oauth=${encodeURIComponent(JSON.stringify({ ...value, returnTo: options.forgeCookieReturnTo }))}`;
  }
  return exports.default.fetch(
    new Request(`${origin}/api/callback/${provider}?code=code-1&state=${encodeURIComponent(state)}`, {
      headers: { Cookie: cookie, ...ip },
      redirect: "manual",
    }),
  );
}
