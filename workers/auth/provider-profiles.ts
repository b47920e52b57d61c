import { z } from "../lib/zod";
import { cleanSingleLine } from "../contract/text";
import type { ProviderProfile } from "../domain/members/users";

/** Provider display names become members' names: cleaned like text they would type (workers/contract/text.ts). */
const NAME_MAX = 50;
const name = (value: string | null | undefined) => cleanSingleLine(value, NAME_MAX);

// The providers' user endpoints are a boundary like any other: parsed, never cast. An answer that does not
// parse fails the sign-in (the callback answers 400) instead of creating a half-filled member.

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);

const discordUser = z.object({
  id: z.string().min(1),
  username: z.string(),
  global_name: optionalText,
  email: optionalText,
  // Discord's "whether the email on this account has been verified"; absent means unknown.
  verified: z.boolean().optional(),
  avatar: optionalText,
});

const twitchUsers = z.object({
  data: z
    .array(
      z.object({
        id: z.string().min(1),
        login: z.string(),
        display_name: z.string(),
        email: optionalText,
        profile_image_url: optionalText,
      }),
    )
    .min(1),
});

const googleUser = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.boolean().optional(),
  given_name: optionalText,
  family_name: optionalText,
  picture: optionalText,
});

/** GET https://discord.com/api/users/@me (scopes identify, email). */
export function discordProfile(body: unknown): ProviderProfile {
  const me = discordUser.parse(body);
  return {
    provider: "discord",
    subject: me.id,
    email: me.email,
    emailVerified: me.email !== null && me.verified === true,
    firstName: name(me.global_name) ?? name(me.username),
    username: name(me.username),
    avatarUrl: me.avatar ? `https://cdn.discordapp.com/avatars/${me.id}/${me.avatar}.png` : null,
  };
}

/**
 * GET https://api.twitch.tv/helix/users (scope user:read:email). Helix has no verification flag: its reference
 * documents `email` as "the user's verified email address", returned only with user:read:email, so an address
 * that is present counts as verified (docs/decisions/2026-11-24-oauth-account-linking.md).
 */
export function twitchProfile(body: unknown): ProviderProfile {
  const me = twitchUsers.parse(body).data[0];
  return {
    provider: "twitch",
    subject: me.id,
    email: me.email,
    emailVerified: me.email !== null,
    firstName: name(me.display_name),
    username: name(me.login),
    avatarUrl: me.profile_image_url,
  };
}

/** GET https://openidconnect.googleapis.com/v1/userinfo (scopes openid, profile, email). */
export function googleProfile(body: unknown): ProviderProfile {
  const me = googleUser.parse(body);
  return {
    provider: "google",
    subject: me.sub,
    email: me.email,
    emailVerified: me.email !== null && me.email_verified === true,
    firstName: name(me.given_name),
    lastName: name(me.family_name),
    avatarUrl: me.picture,
  };
}
