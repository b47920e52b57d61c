import { REMOVED_FROM_REALM_TEXT } from "./moderation-options";
/**
 * TableSync option lists (spec 001 §3, §9) without zod, so browser bundles can
 * import them; workers/contract/game-sessions.ts builds its schemas from them.
 */
export const ROOM_FORMATS = [
  { id: "commander", label: "Commander/EDH", players: "2-4" },
  { id: "standard", label: "Standard", players: "2" },
  { id: "modern", label: "Modern", players: "2" },
  { id: "legacy", label: "Legacy", players: "2" },
  { id: "draft", label: "Draft", players: "4-8" },
  { id: "sealed", label: "Sealed", players: "2-8" },
  { id: "casual", label: "Casual", players: "2-6" },
] as const;
export const ROOM_FORMAT_IDS = ["commander", "standard", "modern", "legacy", "draft", "sealed", "casual"] as const;

export const POWER_LEVELS = [
  { id: "casual", label: "Casual (1-4)" },
  { id: "focused", label: "Focused (5-6)" },
  { id: "optimized", label: "Optimized (7-8)" },
  { id: "competitive", label: "Competitive (9-10)" },
] as const;
export const POWER_LEVEL_IDS = ["casual", "focused", "optimized", "competitive"] as const;
export type PowerLevel = (typeof POWER_LEVEL_IDS)[number];

export const MAX_PLAYER_OPTIONS = [2, 3, 4, 5, 6, 8] as const;
export const DEFAULT_MAX_PLAYERS = 4;

export function formatLabel(format: string): string {
  return ROOM_FORMATS.find((f) => f.id === format)?.label ?? format;
}

/** A power level's label; a Commander room shows its bracket instead (workers/contract/brackets.ts powerLabel). */
export function powerLevelLabel(level: string | null | undefined): string {
  if (!level) return "Any";
  return POWER_LEVELS.find((p) => p.id === level)?.label ?? level;
}

/** Spec 001 §9: the room code is the last six characters of the session id, upper-cased. */
export function roomCode(sessionId: string): string {
  return sessionId.slice(-6).toUpperCase();
}

/** The room page's path: every link to a room (pages, redirects, notifications, webhooks, results) is built here. */
export function roomPath(sessionId: string): string {
  return `/tablesync/room/${encodeURIComponent(sessionId)}`;
}

/** What a member refused by a block is told, in the API, the room page and the room's socket (workers/domain/rooms/room-rules.ts). */
export const ROOM_REFUSALS = {
  blocked: "You cannot join this room",
  hostBlocked: "You blocked this room's host. Unblock them to join.",
  realmRemoved: REMOVED_FROM_REALM_TEXT,
} as const;

/** What a member refused a seat (not by a block) is told, in the API, the lobby and the room page. */
export const SEAT_REFUSALS = {
  matchPlayersOnly: "Only the players of this match can take a seat",
  invitedOnly: "Only the members invited to this room can take a seat; you may watch",
} as const;
