import { z } from "../lib/zod";
import { multiLine, singleLine } from "./text";

import { BIO_MAX, MEMBER_STATUSES, NAME_MAX, SOCIAL_LINK_PLATFORMS, SOCIAL_LINKS_MAX } from "./profile-options";

export { BIO_MAX, MEMBER_STATUSES, NAME_MAX, SOCIAL_LINK_PLATFORMS, SOCIAL_LINKS_MAX };
export type { MemberStatus } from "./profile-options";
export const memberStatus = z.enum(MEMBER_STATUSES);

const personName = singleLine({ min: 1, max: NAME_MAX, required: "Required", tooLong: `At most ${NAME_MAX} characters` });

/**
 * PATCH /api/user/profile. Strict: any other key (email, id, profileImageUrl...)
 * is a 400, so nothing but these five fields can ever be written.
 */
export const profileUpdateBody = z.strictObject({
  firstName: personName.optional(),
  lastName: personName.optional(),
  bio: multiLine({ max: BIO_MAX, tooLong: `At most ${BIO_MAX} characters` }).optional(),
  status: memberStatus.optional(),
  /** A community id, or "" for no preference. Existence is checked against the database. */
  primaryCommunity: z.string().trim().max(64).optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const socialLinkBody = z.strictObject({
  platform: z.enum(SOCIAL_LINK_PLATFORMS),
  username: singleLine({ min: 1, max: 100, required: "Required", tooLong: "At most 100 characters" }),
});
export type SocialLinkBody = z.infer<typeof socialLinkBody>;

/** Spec 000 §3 User profile, plus the counted stats. */
export const userProfileResponse = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Only on the member's own profile; the key is absent on anyone else's. */
  email: z.string().optional(),
  /** null when empty, or when the member hides their profile from others. */
  bio: z.string().nullable(),
  /** "offline" to others when the member hides their profile or their online status. */
  status: memberStatus,
  /**
   * On the member's own profile: they hide bio, status and social links from other members (privacySettings.profileVisible
   * off). On another's: those are hidden from the caller (the member's setting, or a block between the two either way).
   */
  isPrivate: z.boolean(),
  /** Another member's profile only: the caller blocked this member (absent on the caller's own). */
  blockedByYou: z.boolean().optional(),
  primaryCommunity: z.string(),
  profileImageUrl: z.string().nullable(),
  friendCount: z.number().int(),
  eventsJoined: z.number().int(),
  eventsHosted: z.number().int(),
  createdAt: z.string(),
});

export const socialLinkResponse = z.object({ id: z.string(), platform: z.string(), username: z.string() });
export const socialLinkList = z.array(socialLinkResponse);

export const memberParams = z.object({ id: z.string() });
export const socialLinkParams = z.object({ id: z.string() });
