import { SpriteIcon } from "~/components/ui/sprite-icon";
import type { SpriteIconName } from "~/components/ui/sprite-icons.source";

const ICONS: Record<string, SpriteIconName> = {
  wand: "wand",
  zap: "zap",
  music: "music",
  swords: "swords",
  shield: "shield",
  crown: "crown",
};

/** The icon named by a community's iconClass (unknown names get a globe). */
export function CommunityIcon({ iconClass, className }: { iconClass: string; className?: string }) {
  return <SpriteIcon name={ICONS[iconClass] ?? "globe"} className={className} />;
}
