/**
 * The services Realmcast runs without, and what members lose while each is off: one table read by GET /api/health
 * (workers/api/health.ts) and by `npm run deploy` (scripts/deploy.mjs, which warns of each missing secret before it
 * deploys). Plain data with no imports, so Node runs it as it is (type stripping) in the deploy script.
 */

export type OptionalService = {
  /** What it is, for the operator. */
  label: string;
  /** The secrets (`wrangler secret put … --env production`) that turn it on: all of them must be set. */
  secrets: readonly string[];
  /** What members lose while it is off. */
  without: string;
  /** False for a service the product cannot use yet: reported as not configured whatever is set. */
  built: boolean;
};

export const OPTIONAL_SERVICES = {
  discord: {
    label: "Sign-in with Discord",
    secrets: ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"],
    without: "Members cannot sign in with Discord.",
    built: true,
  },
  twitch: {
    label: "Sign-in with Twitch",
    secrets: ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"],
    without: "Members cannot sign in with Twitch.",
    built: true,
  },
  google: {
    label: "Sign-in with Google",
    secrets: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    without: "Members cannot sign in with Google.",
    built: true,
  },
  turn: {
    label: "Video relay (Cloudflare Realtime TURN)",
    secrets: ["TURN_KEY_ID", "TURN_KEY_API_TOKEN"],
    without:
      "Members behind strict networks (many offices, campuses and mobile carriers) get no video in rooms: nothing relays it when a direct connection fails.",
    built: true,
  },
  email: {
    label: "E-mail",
    secrets: [],
    without: "Nothing is e-mailed: answers to contact messages are only marked answered (no e-mail service is built yet).",
    built: false,
  },
  discordInteractions: {
    label: "Discord app (slash commands, tables filled from a channel, results posted back)",
    secrets: ["DISCORD_APPLICATION_ID", "DISCORD_PUBLIC_KEY", "DISCORD_BOT_TOKEN"],
    without:
      "Discord servers cannot fill tables with /lfg, list rooms or post results back: /discord/interactions answers 404, so Discord refuses it as the app's interactions endpoint.",
    built: true,
  },
} as const satisfies Record<string, OptionalService>;

export type OptionalServiceName = keyof typeof OPTIONAL_SERVICES;

/** The sign-in providers among the optional services: with none of them configured, nobody can sign in. */
export const SIGN_IN_SERVICES = ["discord", "twitch", "google"] as const satisfies readonly OptionalServiceName[];
export const NOBODY_CAN_SIGN_IN = "Nobody can sign in: no sign-in provider (Discord, Twitch or Google) is configured.";
/** The same on a local run with the dev sign-in on: people can sign in, but only through that form. */
export const ONLY_DEV_SIGN_IN = "No sign-in provider (Discord, Twitch or Google) is configured: only this local run's dev sign-in works.";

/** Whether `name` is on, given the names of the secrets that are set. */
export function serviceConfigured(name: OptionalServiceName, isSet: (secret: string) => boolean): boolean {
  const service: OptionalService = OPTIONAL_SERVICES[name];
  return service.built && service.secrets.every(isSet);
}
