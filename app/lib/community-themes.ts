/**
 * Client-side community themes (spec 000 §3 Community theme; issue 15 realm identity). Each realm has
 * a light and a dark palette, applied as CSS variables (`--rc-dark-*`, `--rc-light-*`) that
 * app/tailwind.css maps onto the tokens Tailwind reads; its heading type; and the hero art drawn by
 * app/components/community/community-art.tsx. `terminology` renames common terms.
 *
 * Contrast (checked by community-themes.test.ts): text and secondary text ≥ 4.5:1 on background,
 * surface and hero tint; primary ≥ 4.5:1 there too (it colours links, icons and focus rings);
 * primaryForeground ≥ 4.5:1 on primary; secondary and accent (dots, badges, graphics) ≥ 3:1;
 * white ≥ 4.5:1 on both brand gradient stops.
 *
 * Over 300 lines on purpose: it is data, six realms of palettes and terms, kept in one table so the
 * contrast test and the CSS generator read them all from one place.
 */
export type CommunityPalette = {
  background: string;
  surface: string;
  /** The hero's tint, fading into the background. */
  heroTint: string;
  text: string;
  textSecondary: string;
  primary: string;
  primaryForeground: string;
  secondary: string;
  accent: string;
  /** The brand gradient (white text sits on it). */
  brandFrom: string;
  brandTo: string;
};

/** Heading type: always a sans (or mono) stack, so headings never fall back to a system serif. */
export type CommunityType = {
  heading: string;
  weight: number;
  tracking: string;
  transform: "none" | "uppercase";
  variant: "normal" | "small-caps";
  style: "normal" | "italic";
};

export type CommunityTheme = {
  id: string;
  name: string;
  displayName: string;
  description: string;
  palettes: { dark: CommunityPalette; light: CommunityPalette };
  type: CommunityType;
  /** Where the hero's light comes from (CSS radial-gradient position). */
  heroAt: string;
  iconClass: string;
  terminology: {
    events: string;
    quickMatch: string;
    tableSync: string;
    schedule: string;
    host: string;
    coHost: string;
    participants: string;
    community: string;
    messages: string;
    notifications: string;
  };
};

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const ROUNDED = "ui-rounded, 'SF Pro Rounded', Nunito, 'Varela Round', 'Arial Rounded MT Bold', " + SANS;
const HUMANIST = "'Avenir Next', Avenir, 'Segoe UI', 'Trebuchet MS', " + SANS;
const CONDENSED = "Bahnschrift, 'Roboto Condensed', 'Arial Narrow', 'Helvetica Neue', " + SANS;
const HEAVY = "'Franklin Gothic Medium', 'Arial Black', 'Helvetica Neue', " + SANS;
const MONO = "ui-monospace, SFMono-Regular, 'JetBrains Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace";

function type(heading: string, weight: number, extra: Partial<Omit<CommunityType, "heading" | "weight">> = {}): CommunityType {
  return { heading, weight, tracking: "-0.01em", transform: "none", variant: "normal", style: "normal", ...extra };
}

const defaultTerms: CommunityTheme["terminology"] = {
  events: "Events",
  quickMatch: "Quick Match",
  tableSync: "TableSync",
  schedule: "Schedule Event",
  host: "Host",
  coHost: "Co-Host",
  participants: "Participants",
  community: "Community",
  messages: "Messages",
  notifications: "Notifications",
};

const LIGHT_BASE = { surface: "#ffffff", primaryForeground: "#ffffff" };

export const DEFAULT_THEME: CommunityTheme = {
  id: "default",
  name: "All Realms",
  displayName: "All Realms",
  description: "Every community on Realmcast",
  palettes: {
    dark: {
      background: "#0b1020",
      surface: "#151b2e",
      heroTint: "#27235f",
      text: "#f8fafc",
      textSecondary: "#cbd5e1",
      primary: "#a78bfa",
      primaryForeground: "#1e1b4b",
      secondary: "#60a5fa",
      accent: "#f472b6",
      brandFrom: "#7c3aed",
      brandTo: "#2563eb",
    },
    light: {
      ...LIGHT_BASE,
      background: "#f8fafc",
      heroTint: "#e0e7ff",
      text: "#0f172a",
      textSecondary: "#475569",
      primary: "#6d28d9",
      secondary: "#1d4ed8",
      accent: "#be185d",
      brandFrom: "#7c3aed",
      brandTo: "#2563eb",
    },
  },
  type: type(SANS, 800),
  heroAt: "20% 20%",
  iconClass: "globe",
  terminology: defaultTerms,
};

export const COMMUNITY_THEMES: Record<string, CommunityTheme> = {
  "scry-gather": {
    id: "scry-gather",
    name: "scry-gather",
    displayName: "Scry & Gather",
    description: "Magic: The Gathering",
    // Arcane violet and spell-gold; engraved small capitals.
    palettes: {
      dark: {
        background: "#0f0a1e",
        surface: "#1a1333",
        heroTint: "#4c1d95",
        text: "#f8f5ff",
        textSecondary: "#d4cbe8",
        primary: "#c4b5fd",
        primaryForeground: "#1e1037",
        secondary: "#fbbf24",
        accent: "#22d3ee",
        brandFrom: "#6d28d9",
        brandTo: "#b45309",
      },
      light: {
        ...LIGHT_BASE,
        background: "#faf7ff",
        heroTint: "#ede9fe",
        text: "#1e1037",
        textSecondary: "#55496e",
        primary: "#6d28d9",
        secondary: "#b45309",
        accent: "#0e7490",
        brandFrom: "#6d28d9",
        brandTo: "#b45309",
      },
    },
    type: type(HUMANIST, 700, { tracking: "0.04em", variant: "small-caps" }),
    heroAt: "30% 10%",
    iconClass: "wand",
    terminology: {
      events: "Gatherings",
      quickMatch: "Spell Circle",
      tableSync: "TableSync",
      schedule: "Schedule Gathering",
      host: "Planeswalker",
      coHost: "Ally Mage",
      participants: "Spellcasters",
      community: "Multiverse",
      messages: "Spell Messages",
      notifications: "Planar Updates",
    },
  },
  "pokestream-hub": {
    id: "pokestream-hub",
    name: "pokestream-hub",
    displayName: "PokeStream Hub",
    description: "Pokemon TCG",
    // Electric yellow (deep gold on light backgrounds, where bright yellow is unreadable), red and sky; rounded heavy type.
    palettes: {
      dark: {
        background: "#0c1222",
        surface: "#172036",
        heroTint: "#1e3a8a",
        text: "#f8fafc",
        textSecondary: "#cbd5e1",
        primary: "#facc15",
        primaryForeground: "#1c1917",
        secondary: "#f87171",
        accent: "#38bdf8",
        brandFrom: "#dc2626",
        brandTo: "#1d4ed8",
      },
      light: {
        ...LIGHT_BASE,
        background: "#fffbeb",
        heroTint: "#fef3c7",
        text: "#1c1917",
        textSecondary: "#57534e",
        primary: "#854d0e",
        secondary: "#dc2626",
        accent: "#0369a1",
        brandFrom: "#dc2626",
        brandTo: "#1d4ed8",
      },
    },
    type: type(ROUNDED, 900, { tracking: "-0.02em" }),
    heroAt: "70% 0%",
    iconClass: "zap",
    terminology: { ...defaultTerms, events: "League Events", quickMatch: "Quick Battle", host: "Gym Leader", participants: "Trainers" },
  },
  decksong: {
    id: "decksong",
    name: "decksong",
    displayName: "Decksong",
    description: "Disney Lorcana",
    // Ink blue, amethyst and lantern gold; flowing italic headings.
    palettes: {
      dark: {
        background: "#0a1224",
        surface: "#131d36",
        heroTint: "#1e40af",
        text: "#f5f8ff",
        textSecondary: "#cbd5e1",
        primary: "#7dd3fc",
        primaryForeground: "#082f49",
        secondary: "#d8b4fe",
        accent: "#fbbf24",
        brandFrom: "#0369a1",
        brandTo: "#7e22ce",
      },
      light: {
        ...LIGHT_BASE,
        background: "#f5f8ff",
        heroTint: "#e0f2fe",
        text: "#0b1a33",
        textSecondary: "#475569",
        primary: "#0369a1",
        secondary: "#7e22ce",
        accent: "#b45309",
        brandFrom: "#0369a1",
        brandTo: "#7e22ce",
      },
    },
    type: type(HUMANIST, 700, { style: "italic", tracking: "0" }),
    heroAt: "50% 0%",
    iconClass: "music",
    terminology: { ...defaultTerms, events: "Tales", quickMatch: "Quick Duet", host: "Storyteller", participants: "Illumineers" },
  },
  duelcraft: {
    id: "duelcraft",
    name: "duelcraft",
    displayName: "Duelcraft",
    description: "Yu-Gi-Oh!",
    // Crimson, duel-disk gold and shadow violet; condensed capitals.
    palettes: {
      dark: {
        background: "#120a0c",
        surface: "#1f1216",
        heroTint: "#5c1616",
        text: "#fff5f5",
        textSecondary: "#e0cfd2",
        primary: "#f87171",
        primaryForeground: "#1f0a0a",
        secondary: "#fbbf24",
        accent: "#a78bfa",
        brandFrom: "#b91c1c",
        brandTo: "#7c2d12",
      },
      light: {
        ...LIGHT_BASE,
        background: "#fff7f7",
        heroTint: "#fee2e2",
        text: "#1f0a0a",
        textSecondary: "#5b4448",
        primary: "#b91c1c",
        secondary: "#a16207",
        accent: "#6d28d9",
        brandFrom: "#b91c1c",
        brandTo: "#7c2d12",
      },
    },
    type: type(CONDENSED, 800, { tracking: "0.03em", transform: "uppercase" }),
    heroAt: "20% 0%",
    iconClass: "swords",
    terminology: { ...defaultTerms, events: "Duels", quickMatch: "Quick Duel", host: "Duelist", participants: "Duelists" },
  },
  bladeforge: {
    id: "bladeforge",
    name: "bladeforge",
    displayName: "Bladeforge",
    description: "Bladeforge",
    // Forge orange, steel and ember gold; heavy, widely spaced capitals.
    palettes: {
      dark: {
        background: "#110d0a",
        surface: "#1f1813",
        heroTint: "#5c220e",
        text: "#fdf8f3",
        textSecondary: "#d6ccc2",
        primary: "#fb923c",
        primaryForeground: "#1c0a02",
        secondary: "#94a3b8",
        accent: "#facc15",
        brandFrom: "#c2410c",
        brandTo: "#78350f",
      },
      light: {
        ...LIGHT_BASE,
        background: "#fbf8f5",
        heroTint: "#ffedd5",
        text: "#1c1008",
        textSecondary: "#57534e",
        primary: "#c2410c",
        secondary: "#475569",
        accent: "#a16207",
        brandFrom: "#c2410c",
        brandTo: "#78350f",
      },
    },
    type: type(HEAVY, 900, { tracking: "0.06em", transform: "uppercase" }),
    heroAt: "80% 10%",
    iconClass: "shield",
    terminology: { ...defaultTerms, events: "Clashes", quickMatch: "Quick Clash", host: "Commander", participants: "Warriors" },
  },
  deckmaster: {
    id: "deckmaster",
    name: "deckmaster",
    displayName: "Deckmaster",
    description: "Deckmaster",
    // Emerald, analysis blue and a pink highlight; monospaced, tight headings.
    palettes: {
      dark: {
        background: "#07130f",
        surface: "#10211b",
        heroTint: "#044a37",
        text: "#f0fdf8",
        textSecondary: "#c5d9d1",
        primary: "#34d399",
        primaryForeground: "#022c22",
        secondary: "#60a5fa",
        accent: "#f472b6",
        brandFrom: "#047857",
        brandTo: "#1d4ed8",
      },
      light: {
        ...LIGHT_BASE,
        background: "#f5fbf8",
        heroTint: "#d1fae5",
        text: "#052e22",
        textSecondary: "#4b5563",
        primary: "#047857",
        secondary: "#1d4ed8",
        accent: "#be185d",
        brandFrom: "#047857",
        brandTo: "#1d4ed8",
      },
    },
    type: type(MONO, 700, { tracking: "-0.02em" }),
    heroAt: "40% 0%",
    iconClass: "crown",
    terminology: { ...defaultTerms, events: "Sessions", quickMatch: "Quick Match", host: "Strategist", participants: "Strategists" },
  },
};

export function themeFor(communityId: string | null | undefined): CommunityTheme {
  return (communityId && COMMUNITY_THEMES[communityId]) || DEFAULT_THEME;
}

const TOKENS: [keyof CommunityPalette, string][] = [
  ["background", "background"],
  ["surface", "surface"],
  ["heroTint", "hero-tint"],
  ["text", "text"],
  ["textSecondary", "text-secondary"],
  ["primary", "primary"],
  ["primaryForeground", "primary-foreground"],
  ["secondary", "secondary"],
  ["accent", "accent"],
  ["brandFrom", "brand-from"],
  ["brandTo", "brand-to"],
];

/**
 * CSS custom properties of a theme: both palettes and the heading type. Set on <html> (and by the
 * pre-paint script) for the selected realm, or on a `.realm-scope` element that shows one realm.
 */
export function themeVariables(theme: CommunityTheme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const mode of ["dark", "light"] as const) {
    for (const [key, name] of TOKENS) vars[`--rc-${mode}-${name}`] = theme.palettes[mode][key];
  }
  vars["--rc-font-heading"] = theme.type.heading;
  vars["--rc-heading-weight"] = String(theme.type.weight);
  vars["--rc-heading-tracking"] = theme.type.tracking;
  vars["--rc-heading-transform"] = theme.type.transform;
  vars["--rc-heading-variant"] = theme.type.variant;
  vars["--rc-heading-style"] = theme.type.style;
  vars["--rc-hero-at"] = theme.heroAt;
  return vars;
}

export const DEFAULT_COMMUNITY_ID = "mtg";
