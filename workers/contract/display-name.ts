/** What a member is named from: never their e-mail address. */
export type NamedMember = { firstName?: string | null; lastName?: string | null; username?: string | null };

/**
 * The one rule for how a member is named anywhere (pages, notifications, rooms, standings): first and last
 * name, else username, else `fallback`. Browser-safe: pages and the server share it.
 */
export function displayName(member: NamedMember | null | undefined, fallback = "Member"): string {
  const full = [member?.firstName?.trim(), member?.lastName?.trim()].filter(Boolean).join(" ");
  return full || member?.username?.trim() || fallback;
}
