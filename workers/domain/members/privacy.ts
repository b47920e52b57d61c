/**
 * Privacy settings (spec 000 §3 privacySettings) as rules other members' reads
 * obey. The settings are stored as JSON in `user_settings`; `privacyFlag` reads
 * one flag inside the statement that lists the members, so enforcing a setting
 * never costs a round trip, and a member who never saved gets the spec's
 * default (every flag on). The rules below are pure: the owner always sees
 * everything of their own.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { UserSettings } from "../../contract/settings";
import type { MemberStatus } from "../../contract/profile-options";
import { isBlockedEitherWay } from "../blocks";

export type PrivacyKey = keyof UserSettings["privacySettings"];

/**
 * 1 unless the member switched `key` off. Absent rows and absent keys read as
 * on (the defaults); only a stored `false` turns a flag off.
 */
export function privacyFlag(memberId: string | SQLWrapper, key: PrivacyKey): SQL<boolean> {
  return sql<boolean>`((SELECT json_extract(us.privacy_settings, ${`$.${key}`}) FROM user_settings us WHERE us.user_id = ${memberId}) IS NOT 0)`.mapWith(
    (v) => Boolean(Number(v)),
  );
}

/**
 * The one rule for what of a member's profile another member sees beyond their name and picture (bio, status, social
 * links, realms, games, saved decks): the owner always; anyone else while the member's profile is visible
 * (`profileVisible`) and no block stands between the two, either way. A blocked member therefore sees the profile as
 * a private one, and cannot tell a block from a privacy setting. Decided inside each statement (1 or 0).
 */
export function profileShownTo(memberId: string | SQLWrapper, viewerId: string): SQL<boolean> {
  if (typeof memberId === "string" && memberId === viewerId) return sql<boolean>`1`.mapWith((v) => Boolean(Number(v)));
  return sql<boolean>`(${privacyFlag(memberId, "profileVisible")} AND NOT ${isBlockedEitherWay(memberId, viewerId)})`.mapWith((v) =>
    Boolean(Number(v)),
  );
}

export type ProfilePrivacy = { profileVisible: boolean; showOnlineStatus: boolean };

/** What a profile shows of the fields privacy settings govern. */
export type GovernedProfileFields = { bio: string | null; status: MemberStatus };

/**
 * `profileVisible: false` withholds bio, status and social links from other
 * members; `showOnlineStatus: false` shows the status as offline. Hidden
 * values read as "none" (no bio, offline), so others cannot tell a hidden
 * value from an empty one.
 */
export function visibleProfileFields<P extends GovernedProfileFields>(profile: P, privacy: ProfilePrivacy, isOwner: boolean): P {
  if (isOwner) return profile;
  return {
    ...profile,
    bio: privacy.profileVisible ? profile.bio : null,
    status: privacy.profileVisible && privacy.showOnlineStatus ? profile.status : "offline",
  };
}
