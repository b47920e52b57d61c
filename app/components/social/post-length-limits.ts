import type { SocialHubPlatform } from "../../../workers/contract/social";

/**
 * The longest post (or caption) each Social Hub platform takes, in characters.
 * Realmcast never posts for the member, so these only warn while composing.
 */
export const POST_LENGTH_LIMITS = {
  twitter: 280,
  bluesky: 300,
  discord: 2000,
  instagram: 2200,
  tiktok: 2200,
} as const satisfies Record<SocialHubPlatform, number>;

/** Characters as a reader counts them: an emoji or an accented letter is one, however it is encoded. */
export function postLength(content: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(content)) count++;
  return count;
}

export type LengthWarning = { platform: SocialHubPlatform; limit: number; length: number };

/** The chosen platforms the content is too long for, tightest limit first. */
export function postLengthWarnings(content: string, platforms: readonly SocialHubPlatform[]): LengthWarning[] {
  const length = postLength(content.trim());
  return [...new Set(platforms)]
    .map((platform) => ({ platform, limit: POST_LENGTH_LIMITS[platform], length }))
    .filter((w) => w.length > w.limit)
    .sort((a, b) => a.limit - b.limit);
}
