import type { AvatarPerson } from "~/components/shell/member-avatar";

/**
 * The person behind a room's seat, for its avatar, from the display name the room carries (`displayName` in
 * workers/contract/display-name.ts: "first last", else the username). The last word is taken as the last name, so
 * the initials are the header's (memberInitials over first and last name): "🦄 Uni Ann" → "🦄A", "Mary Jo Lee" →
 * "ML", a username alone → its first character. Never an id or an e-mail address: the room sends neither as a name.
 */
export function seatPerson(name: string, avatar: string | null): AvatarPerson {
  const trimmed = name.trim();
  const cut = trimmed.lastIndexOf(" ");
  if (cut < 0) return { firstName: trimmed, profileImageUrl: avatar };
  return { firstName: trimmed.slice(0, cut), lastName: trimmed.slice(cut + 1), profileImageUrl: avatar };
}
