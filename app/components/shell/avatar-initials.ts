export type AvatarPerson = {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  profileImageUrl?: string | null;
};

/**
 * Spec 000 §2: initials of first and last name; else (instead of the spec's
 * first letter of the e-mail, which members never receive of each other) the
 * first letter of the first name or username; else U.
 */
export function avatarInitials(person: AvatarPerson | null | undefined): string {
  const first = person?.firstName?.trim();
  const last = person?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const name = first || person?.username?.trim();
  if (name) return name[0].toUpperCase();
  return "U";
}
