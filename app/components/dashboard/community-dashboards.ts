import { Compass, Crown, Landmark, LineChart, Moon, Shield, Users, type LucideIcon } from "lucide-react";

/** The realms that have their own dashboard (spec 000 §2); any other id falls back to All Realms. */
export const DASHBOARD_COMMUNITIES = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"] as const;
export type DashboardCommunity = (typeof DASHBOARD_COMMUNITIES)[number];

export function asDashboardCommunity(id: string | null | undefined): DashboardCommunity | null {
  return DASHBOARD_COMMUNITIES.find((community) => community === id) ?? null;
}

export type CommunityDashboardConfig = {
  /** Spec 000 §2 table: the theme wording, also the welcome fallback when there is no first name. */
  wording: string;
  /** Sample rank badges (hard-coded per spec: nothing real ranks members yet). */
  rankBadges: string[];
  fourthTile: { label: string; icon: LucideIcon };
  /** "events": the realm's real upcoming events; "coming-soon": the spec's placeholder. */
  calendar: "events" | "coming-soon";
  /** The realm's word for a game played there: the profile card's real count of rooms played in this realm. */
  playedLabel: string;
};

export const COMMUNITY_DASHBOARDS: Record<DashboardCommunity, CommunityDashboardConfig> = {
  "scry-gather": {
    wording: "Planeswalker",
    rankBadges: ["Planeswalker", "Mythic Rank"],
    fourthTile: { label: "Guild Hall", icon: Landmark },
    calendar: "coming-soon",
    playedLabel: "Sessions played",
  },
  "pokestream-hub": {
    wording: "Trainer",
    rankBadges: ["Trainer", "Gym Leader"],
    fourthTile: { label: "Trainer Community", icon: Users },
    calendar: "events",
    playedLabel: "Battles played",
  },
  decksong: {
    wording: "Storyteller",
    rankBadges: ["Storyteller", "Lore Keeper"],
    fourthTile: { label: "Royal Court", icon: Crown },
    calendar: "events",
    playedLabel: "Tales played",
  },
  duelcraft: {
    wording: "Duelist",
    rankBadges: ["Duelist", "King of Games"],
    fourthTile: { label: "Shadow Realm", icon: Moon },
    calendar: "events",
    playedLabel: "Duels played",
  },
  bladeforge: {
    wording: "Commander",
    rankBadges: ["Commander", "Warlord"],
    fourthTile: { label: "Command Center", icon: Shield },
    calendar: "coming-soon",
    playedLabel: "Missions played",
  },
  deckmaster: {
    wording: "Strategist",
    rankBadges: ["Strategist", "Grandmaster"],
    fourthTile: { label: "Analysis Hub", icon: LineChart },
    calendar: "coming-soon",
    playedLabel: "Games played",
  },
};

export const FALLBACK_ICON = Compass;
