import { Compass, Crown, Landmark, LineChart, Moon, Shield, Users, type LucideIcon } from "lucide-react";

/** The realms that have their own dashboard (spec 000 §2); any other id falls back to All Realms. */
export const DASHBOARD_REALMS = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"] as const;
export type DashboardRealm = (typeof DASHBOARD_REALMS)[number];

export function asDashboardRealm(id: string | null | undefined): DashboardRealm | null {
  return DASHBOARD_REALMS.find((realm) => realm === id) ?? null;
}

export type CommunityDashboardConfig = {
  /** Spec 000 §2 table: the theme wording, also the welcome fallback when there is no first name. */
  wording: string;
  /** Sample rank badges (hard-coded per spec: nothing real ranks members yet). */
  rankBadges: string[];
  fourthTile: { label: string; icon: LucideIcon };
  /** "events": the realm's real upcoming events; "coming-soon": the spec's placeholder. */
  calendar: "events" | "coming-soon";
  /** Sample profile figure and details (spec: hard-coded sample text). */
  sampleFigure: { value: string; label: string };
  sampleDetails: { label: string; value: string }[];
};

export const COMMUNITY_DASHBOARDS: Record<DashboardRealm, CommunityDashboardConfig> = {
  "scry-gather": {
    wording: "Planeswalker",
    rankBadges: ["Planeswalker", "Mythic Rank"],
    fourthTile: { label: "Guild Hall", icon: Landmark },
    calendar: "coming-soon",
    sampleFigure: { value: "42", label: "sessions" },
    sampleDetails: [{ label: "Favourite format", value: "Commander" }],
  },
  "pokestream-hub": {
    wording: "Trainer",
    rankBadges: ["Trainer", "Gym Leader"],
    fourthTile: { label: "Trainer Community", icon: Users },
    calendar: "events",
    sampleFigure: { value: "8 badges", label: "6 earned" },
    sampleDetails: [
      { label: "Region", value: "Kanto" },
      { label: "Favourite type", value: "Lightning" },
    ],
  },
  decksong: {
    wording: "Storyteller",
    rankBadges: ["Storyteller", "Lore Keeper"],
    fourthTile: { label: "Royal Court", icon: Crown },
    calendar: "events",
    sampleFigure: { value: "127", label: "tales" },
    sampleDetails: [{ label: "Favourite format", value: "Core Constructed" }],
  },
  duelcraft: {
    wording: "Duelist",
    rankBadges: ["Duelist", "King of Games"],
    fourthTile: { label: "Shadow Realm", icon: Moon },
    calendar: "events",
    sampleFigure: { value: "89", label: "duels" },
    sampleDetails: [{ label: "Favourite format", value: "Advanced" }],
  },
  bladeforge: {
    wording: "Commander",
    rankBadges: ["Commander", "Warlord"],
    fourthTile: { label: "Command Center", icon: Shield },
    calendar: "coming-soon",
    sampleFigure: { value: "73", label: "missions" },
    sampleDetails: [{ label: "Favourite format", value: "Classic Constructed" }],
  },
  deckmaster: {
    wording: "Strategist",
    rankBadges: ["Strategist", "Grandmaster"],
    fourthTile: { label: "Analysis Hub", icon: LineChart },
    calendar: "coming-soon",
    sampleFigure: { value: "1,347", label: "rating" },
    sampleDetails: [{ label: "Favourite format", value: "Limited" }],
  },
};

export const FALLBACK_ICON = Compass;
