import {
  Bell,
  Bot,
  CalendarDays,
  ChevronDown,
  Crown,
  Globe,
  HelpCircle,
  Menu,
  MessageCircle,
  Music,
  Play,
  Share2,
  Shield,
  Sparkles,
  Swords,
  Video,
  Wand2,
  Zap,
} from "lucide-react";
import { createElement } from "react";
import { svgSprite } from "~/lib/svg-sprite";

/**
 * The icons of the header and the landing page, drawn from one cached SVG sprite (app/assets/shell-icons.svg)
 * instead of a script per icon: every first visit ships them, so their path data stays out of the
 * JavaScript. Lucide's own drawings; `npm run generate` writes the sprite, a test keeps it current. Pages
 * elsewhere use lucide-react directly. Only the generator and the test import this module.
 */
export const SPRITE_SOURCES = {
  bell: Bell,
  bot: Bot,
  "calendar-days": CalendarDays,
  "chevron-down": ChevronDown,
  crown: Crown,
  globe: Globe,
  "help-circle": HelpCircle,
  menu: Menu,
  "message-circle": MessageCircle,
  music: Music,
  play: Play,
  "share-2": Share2,
  shield: Shield,
  sparkles: Sparkles,
  swords: Swords,
  video: Video,
  wand: Wand2,
  zap: Zap,
};

export type SpriteIconName = keyof typeof SPRITE_SOURCES;

/** Each icon's drawing (the children of Lucide's <svg>) as a <symbol>; presentation comes from the <svg> that uses it. */
export function shellIconsSprite(): string {
  return svgSprite({
    source: "lucide-react",
    viewBox: "0 0 24 24",
    drawings: Object.entries(SPRITE_SOURCES).map(([name, icon]) => [name, createElement(icon)]),
  });
}
