import { Discord, Google, Twitch, generateCodeVerifier, generateState } from "arctic";
import type { ProviderProfile } from "../domain/members/users";
import { discordProfile, googleProfile, twitchProfile } from "./provider-profiles";

export const PROVIDER_IDS = ["discord", "twitch", "google"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  discord: "Discord",
  twitch: "Twitch",
  google: "Google",
};

/** A provider is enabled when both its client id and secret are configured. */
export function enabledProviders(env: Env): ProviderId[] {
  return PROVIDER_IDS.filter((id) => credentials(env, id) !== null);
}

function credentials(env: Env, id: ProviderId): { clientId: string; clientSecret: string } | null {
  const pairs: Record<ProviderId, [string | undefined, string | undefined]> = {
    discord: [env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET],
    twitch: [env.TWITCH_CLIENT_ID, env.TWITCH_CLIENT_SECRET],
    google: [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
  };
  const [clientId, clientSecret] = pairs[id];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export type AuthorizationStart = { url: URL; state: string; codeVerifier: string | null };

export function startAuthorization(env: Env, id: ProviderId, redirectUri: string): AuthorizationStart {
  const creds = credentials(env, id);
  if (!creds) throw new Error(`Provider ${id} is not configured`);
  const state = generateState();
  switch (id) {
    case "discord": {
      const codeVerifier = generateCodeVerifier();
      const client = new Discord(creds.clientId, creds.clientSecret, redirectUri);
      return { url: client.createAuthorizationURL(state, codeVerifier, ["identify", "email"]), state, codeVerifier };
    }
    case "google": {
      const codeVerifier = generateCodeVerifier();
      const client = new Google(creds.clientId, creds.clientSecret, redirectUri);
      return {
        url: client.createAuthorizationURL(state, codeVerifier, ["openid", "profile", "email"]),
        state,
        codeVerifier,
      };
    }
    case "twitch": {
      // Twitch's authorization-code flow does not take PKCE.
      const client = new Twitch(creds.clientId, creds.clientSecret, redirectUri);
      return { url: client.createAuthorizationURL(state, ["user:read:email"]), state, codeVerifier: null };
    }
  }
}

/** Exchanges the code and reads the member's identity from the provider. */
export async function completeAuthorization(
  env: Env,
  id: ProviderId,
  redirectUri: string,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  const creds = credentials(env, id);
  if (!creds) throw new Error(`Provider ${id} is not configured`);
  switch (id) {
    case "discord": {
      const tokens = await new Discord(creds.clientId, creds.clientSecret, redirectUri).validateAuthorizationCode(code, codeVerifier);
      const res = await fetch("https://discord.com/api/users/@me", {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
      });
      if (!res.ok) throw new Error(`Discord profile request failed: ${res.status}`);
      return discordProfile(await res.json());
    }
    case "twitch": {
      const tokens = await new Twitch(creds.clientId, creds.clientSecret, redirectUri).validateAuthorizationCode(code);
      const res = await fetch("https://api.twitch.tv/helix/users", {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, "Client-Id": creds.clientId },
      });
      if (!res.ok) throw new Error(`Twitch profile request failed: ${res.status}`);
      return twitchProfile(await res.json());
    }
    case "google": {
      const tokens = await new Google(creds.clientId, creds.clientSecret, redirectUri).validateAuthorizationCode(code, codeVerifier ?? "");
      const res = await fetch("https://openidconnect.googleapis.com/v1/userinfo", {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
      });
      if (!res.ok) throw new Error(`Google profile request failed: ${res.status}`);
      return googleProfile(await res.json());
    }
  }
}
