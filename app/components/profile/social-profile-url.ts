import type { SOCIAL_LINK_PLATFORMS } from "../../../workers/contract/profile-options";

type Platform = (typeof SOCIAL_LINK_PLATFORMS)[number];

/**
 * How each platform's public profile URL is built from a handle, and which
 * hosts a pasted profile URL may point at. A handle outside `handle` is not
 * linked (it is shown as text): a link is only ever built from characters the
 * platform allows in its names, on its own https host.
 */
const PROFILE_URLS: Record<Platform, { hosts: string[]; build: (raw: string) => string | null }> = {
  // Discord has no public profile page by name; a numeric user id has one.
  discord: { hosts: ["discord.com"], build: (h) => (/^\d{17,20}$/.test(h) ? `https://discord.com/users/${h}` : null) },
  twitch: {
    hosts: ["twitch.tv", "www.twitch.tv"],
    build: (h) => ifMatches(h, /^[A-Za-z0-9_]{1,25}$/, (n) => `https://www.twitch.tv/${n}`),
  },
  twitter: {
    hosts: ["x.com", "twitter.com", "www.twitter.com"],
    build: (h) => ifMatches(h, /^[A-Za-z0-9_]{1,15}$/, (n) => `https://x.com/${n}`),
  },
  youtube: {
    hosts: ["youtube.com", "www.youtube.com", "m.youtube.com"],
    build: (h) =>
      /^UC[A-Za-z0-9_-]{22}$/.test(h)
        ? `https://www.youtube.com/channel/${h}`
        : ifMatches(h, /^[A-Za-z0-9._-]{3,30}$/, (n) => `https://www.youtube.com/@${n}`),
  },
  steam: {
    hosts: ["steamcommunity.com"],
    build: (h) =>
      /^\d{17}$/.test(h)
        ? `https://steamcommunity.com/profiles/${h}`
        : ifMatches(h, /^[A-Za-z0-9_-]{2,32}$/, (n) => `https://steamcommunity.com/id/${n}`),
  },
  instagram: {
    hosts: ["instagram.com", "www.instagram.com"],
    build: (h) => ifMatches(h, /^[A-Za-z0-9._]{1,30}$/, (n) => `https://www.instagram.com/${n}/`),
  },
};

const ifMatches = (handle: string, pattern: RegExp, build: (name: string) => string) => (pattern.test(handle) ? build(handle) : null);

/**
 * The profile page of `handle` on `platform`, or null when there is none to
 * link to (unknown platform, a name the platform would not allow, a URL on
 * another host or with any scheme but https).
 */
export function socialProfileUrl(platform: string, handle: string): string | null {
  if (!Object.hasOwn(PROFILE_URLS, platform)) return null;
  const rule = PROFILE_URLS[platform as Platform];
  const value = handle.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    // A pasted URL: only an https page on the platform's own host.
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    return url.protocol === "https:" && !url.username && !url.password && rule.hosts.includes(url.hostname.toLowerCase()) ? url.href : null;
  }
  return rule.build(value.replace(/^@/, ""));
}
