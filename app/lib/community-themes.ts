/**
 * Client-side community themes (spec 000 §3 Community theme). The palette is
 * applied as CSS variables on <html>; `terminology` renames common terms.
 * Every palette keeps text on `background`/`surface` and `primaryForeground`
 * on `primary` above WCAG AA contrast.
 */
export type CommunityTheme = {
  id: string;
  name: string;
  displayName: string;
  description: string;
  colors: {
    primary: string;
    primaryForeground: string;
    secondary: string;
    accent: string;
    background: string;
    surface: string;
    text: string;
    textSecondary: string;
  };
  fonts: { heading: string; body: string; accent: string };
  iconClass: string;
  gradients: { primary: string; hero: string; card: string };
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

const SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const SERIF = "ui-serif, Georgia, Cambria, 'Times New Roman', serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, monospace";

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

function palette(primary: string, primaryForeground: string, secondary: string, accent: string, background: string, surface: string) {
  return { primary, primaryForeground, secondary, accent, background, surface, text: "#f8fafc", textSecondary: "#cbd5e1" };
}

export const DEFAULT_THEME: CommunityTheme = {
  id: "default",
  name: "All Realms",
  displayName: "All Realms",
  description: "Every community on Realmcast",
  colors: palette("#7c3aed", "#ffffff", "#2563eb", "#db2777", "#0b1020", "#151b2e"),
  fonts: { heading: SANS, body: SANS, accent: SANS },
  iconClass: "globe",
  gradients: {
    primary: "linear-gradient(135deg, #7c3aed 0%, #2563eb 100%)",
    hero: "radial-gradient(circle at 20% 20%, #312e81 0%, #0b1020 60%)",
    card: "linear-gradient(160deg, #1b2238 0%, #131a2c 100%)",
  },
  terminology: defaultTerms,
};

export const COMMUNITY_THEMES: Record<string, CommunityTheme> = {
  "scry-gather": {
    id: "scry-gather",
    name: "scry-gather",
    displayName: "Scry & Gather",
    description: "Magic: The Gathering",
    colors: palette("#7c3aed", "#ffffff", "#f59e0b", "#22d3ee", "#0f0a1e", "#1a1333"),
    fonts: { heading: SERIF, body: SANS, accent: SERIF },
    iconClass: "wand",
    gradients: {
      primary: "linear-gradient(135deg, #6d28d9 0%, #b45309 100%)",
      hero: "radial-gradient(circle at 30% 10%, #4c1d95 0%, #0f0a1e 65%)",
      card: "linear-gradient(160deg, #22183f 0%, #161029 100%)",
    },
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
    colors: palette("#facc15", "#1c1917", "#ef4444", "#38bdf8", "#0c1222", "#172036"),
    fonts: { heading: SANS, body: SANS, accent: SANS },
    iconClass: "zap",
    gradients: {
      primary: "linear-gradient(135deg, #facc15 0%, #ef4444 100%)",
      hero: "radial-gradient(circle at 70% 0%, #1e3a8a 0%, #0c1222 60%)",
      card: "linear-gradient(160deg, #1b2742 0%, #141c30 100%)",
    },
    terminology: { ...defaultTerms, events: "League Events", quickMatch: "Quick Battle", host: "Gym Leader", participants: "Trainers" },
  },
  decksong: {
    id: "decksong",
    name: "decksong",
    displayName: "Decksong",
    description: "Disney Lorcana",
    colors: palette("#38bdf8", "#082f49", "#c084fc", "#fbbf24", "#0a1224", "#131d36"),
    fonts: { heading: SERIF, body: SANS, accent: SERIF },
    iconClass: "music",
    gradients: {
      primary: "linear-gradient(135deg, #0ea5e9 0%, #a855f7 100%)",
      hero: "radial-gradient(circle at 50% 0%, #1e40af 0%, #0a1224 60%)",
      card: "linear-gradient(160deg, #16223f 0%, #101a31 100%)",
    },
    terminology: { ...defaultTerms, events: "Tales", quickMatch: "Quick Duet", host: "Storyteller", participants: "Illumineers" },
  },
  duelcraft: {
    id: "duelcraft",
    name: "duelcraft",
    displayName: "Duelcraft",
    description: "Yu-Gi-Oh!",
    colors: palette("#f87171", "#1f0a0a", "#fbbf24", "#a78bfa", "#120a0c", "#1f1216"),
    fonts: { heading: SANS, body: SANS, accent: MONO },
    iconClass: "swords",
    gradients: {
      primary: "linear-gradient(135deg, #dc2626 0%, #7c2d12 100%)",
      hero: "radial-gradient(circle at 20% 0%, #7f1d1d 0%, #120a0c 60%)",
      card: "linear-gradient(160deg, #2a151b 0%, #1a0f12 100%)",
    },
    terminology: { ...defaultTerms, events: "Duels", quickMatch: "Quick Duel", host: "Duelist", participants: "Duelists" },
  },
  bladeforge: {
    id: "bladeforge",
    name: "bladeforge",
    displayName: "Bladeforge",
    description: "Bladeforge",
    colors: palette("#fb923c", "#1c0a02", "#94a3b8", "#facc15", "#110d0a", "#1f1813"),
    fonts: { heading: SERIF, body: SANS, accent: SANS },
    iconClass: "shield",
    gradients: {
      primary: "linear-gradient(135deg, #ea580c 0%, #78350f 100%)",
      hero: "radial-gradient(circle at 80% 10%, #7c2d12 0%, #110d0a 60%)",
      card: "linear-gradient(160deg, #2a1f17 0%, #1a140f 100%)",
    },
    terminology: { ...defaultTerms, events: "Clashes", quickMatch: "Quick Clash", host: "Commander", participants: "Warriors" },
  },
  deckmaster: {
    id: "deckmaster",
    name: "deckmaster",
    displayName: "Deckmaster",
    description: "Deckmaster",
    colors: palette("#34d399", "#022c22", "#60a5fa", "#f472b6", "#07130f", "#10211b"),
    fonts: { heading: SANS, body: SANS, accent: MONO },
    iconClass: "crown",
    gradients: {
      primary: "linear-gradient(135deg, #059669 0%, #2563eb 100%)",
      hero: "radial-gradient(circle at 40% 0%, #065f46 0%, #07130f 60%)",
      card: "linear-gradient(160deg, #15291f 0%, #0f1d17 100%)",
    },
    terminology: { ...defaultTerms, events: "Sessions", quickMatch: "Quick Match", host: "Strategist", participants: "Strategists" },
  },
};

export function themeFor(communityId: string | null | undefined): CommunityTheme {
  return (communityId && COMMUNITY_THEMES[communityId]) || DEFAULT_THEME;
}

/** CSS custom properties of a theme, applied on <html> (and by the pre-paint script). */
export function themeVariables(theme: CommunityTheme): Record<string, string> {
  return {
    "--rc-primary": theme.colors.primary,
    "--rc-primary-foreground": theme.colors.primaryForeground,
    "--rc-secondary": theme.colors.secondary,
    "--rc-accent": theme.colors.accent,
    "--rc-background": theme.colors.background,
    "--rc-surface": theme.colors.surface,
    "--rc-text": theme.colors.text,
    "--rc-text-secondary": theme.colors.textSecondary,
    "--rc-font-heading": theme.fonts.heading,
    "--rc-font-body": theme.fonts.body,
    "--rc-font-accent": theme.fonts.accent,
    "--rc-gradient-primary": theme.gradients.primary,
    "--rc-gradient-hero": theme.gradients.hero,
    "--rc-gradient-card": theme.gradients.card,
  };
}

export const SELECTED_COMMUNITY_KEY = "selectedCommunityId";
export const DEFAULT_COMMUNITY_ID = "mtg";
