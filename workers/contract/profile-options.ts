// Profile option lists and limits without zod, so browser components can import them cheaply.

/** Spec 000 §4: a member's status; anything unknown is shown as Offline. */
export const MEMBER_STATUSES = ["online", "away", "busy", "gaming", "offline"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Spec 000 §2: the platforms a social link may name (others show a generic icon). */
export const SOCIAL_LINK_PLATFORMS = ["discord", "twitch", "twitter", "youtube", "steam", "instagram"] as const;
export const BIO_MAX = 500;
export const NAME_MAX = 50;
export const SOCIAL_LINKS_MAX = 20;
