import { Crown, Globe, Music, Shield, Swords, Wand2, Zap, type LucideIcon } from "lucide-react";

const ICONS: Record<string, LucideIcon> = { wand: Wand2, zap: Zap, music: Music, swords: Swords, shield: Shield, crown: Crown };

/** The icon named by a community's iconClass (unknown names get a globe). */
export function CommunityIcon({ iconClass, className }: { iconClass: string; className?: string }) {
  const Icon = ICONS[iconClass] ?? Globe;
  return <Icon className={className} aria-hidden="true" />;
}
