import { Gamepad2, Instagram, Link2, MessageSquare, Twitch, Twitter, Youtube, type LucideIcon } from "lucide-react";
import { SOCIAL_LINK_PLATFORMS } from "../../../workers/contract/profile-options";

type PlatformInfo = { label: string; placeholder: string; icon: LucideIcon };

/** Spec 000 §2 social link platforms, with their placeholders. */
export const SOCIAL_LINK_INFO: Record<(typeof SOCIAL_LINK_PLATFORMS)[number], PlatformInfo> = {
  discord: { label: "Discord", placeholder: "Username#1234", icon: MessageSquare },
  twitch: { label: "Twitch", placeholder: "Twitch username", icon: Twitch },
  twitter: { label: "Twitter/X", placeholder: "@handle", icon: Twitter },
  youtube: { label: "YouTube", placeholder: "Channel Name", icon: Youtube },
  steam: { label: "Steam", placeholder: "Steam ID", icon: Gamepad2 },
  instagram: { label: "Instagram", placeholder: "@username", icon: Instagram },
};

/** Known platforms get their icon and label; anything else a generic link icon. */
export function socialLinkInfo(platform: string): PlatformInfo {
  const known = SOCIAL_LINK_PLATFORMS.find((p) => p === platform);
  return known ? SOCIAL_LINK_INFO[known] : { label: platform, placeholder: "", icon: Link2 };
}
