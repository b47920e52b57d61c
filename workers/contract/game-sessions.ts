import { z } from "../lib/zod";
import { cardDto } from "./cards";
import { cursorParam } from "./cursor";
import { multiLine, singleLine } from "./text";
import { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVEL_IDS, ROOM_FORMAT_IDS } from "./game-session-options";

export { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVELS, ROOM_FORMATS } from "./game-session-options";
export const roomFormatSchema = z.enum(ROOM_FORMAT_IDS, { error: "Format required" });
export type RoomFormat = z.infer<typeof roomFormatSchema>;
export const powerLevelSchema = z.enum(POWER_LEVEL_IDS);

export const sessionStatusSchema = z.enum(["waiting", "active", "completed"]);

export const createGameSessionBody = z.object({
  eventId: z.string().min(1).max(100).nullish(),
  maxPlayers: z.literal(MAX_PLAYER_OPTIONS),
  communityId: z.string().min(1, "Community required").max(100),
  gameData: z.object({
    name: singleLine({ min: 1, max: 100, required: "Room name required" }),
    format: roomFormatSchema,
    powerLevel: powerLevelSchema.nullish(),
    description: multiLine({ max: 500 }).nullish(),
  }),
});
export type CreateGameSessionBody = z.infer<typeof createGameSessionBody>;

/** Blank query values (a GET form's empty "Any" choice) mean "no filter". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const listGameSessionsQuery = z.object({
  status: optional(sessionStatusSchema),
  communityId: optional(z.string().min(1).max(100)).describe("Only this realm's rooms"),
  format: optional(roomFormatSchema),
  powerLevel: optional(powerLevelSchema),
  q: optional(z.string().trim().max(100)).describe("Room name or host display name contains this (case-insensitive)"),
  preferCommunityId: optional(z.string().min(1).max(100)).describe("This realm's rooms come first (the lobby's selected realm)"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: optional(cursorParam).describe("The X-Next-Cursor of the previous page"),
});
export type ListGameSessionsQuery = z.infer<typeof listGameSessionsQuery>;

/** The lobby's filter form (a GET form, so the URL carries it) and its page cursor. */
export const lobbyFilterFields = ["q", "format", "powerLevel", "cursor"] as const;
export const lobbyFilters = listGameSessionsQuery.pick({ q: true, format: true, powerLevel: true, cursor: true });
export type LobbyFilters = z.infer<typeof lobbyFilters>;

export const sessionIdParam = z.object({ id: z.string().min(1).max(100) });

export const gameSessionResponse = z.object({
  id: z.string(),
  status: sessionStatusSchema,
  hostId: z.string(),
  /** The spec's `host.email` is never sent: no member's address reaches anyone else. */
  host: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    /** How every page names the host (workers/contract/display-name.ts): the room's header and the lobby agree. */
    name: z.string(),
  }),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  spectators: z.number().int(),
  communityId: z.string().nullable(),
  eventId: z.string().nullable(),
  /** Set when the room belongs to a tournament pairing: only that match's players take seats. */
  tournamentMatchId: z.string().nullable(),
  /** Listed only to its host and the members with a place in it; its link still lets anyone in. */
  isPrivate: z.boolean(),
  gameData: z.object({
    name: z.string(),
    format: z.string(),
    powerLevel: z.string().nullable(),
    description: z.string().nullable(),
    currentTurn: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** In the lobby's list: the host removed the viewer from this room, so it offers them no Join (room-rules' removedByHost). */
  viewerRemoved: z.boolean().optional(),
});
export type GameSessionView = z.infer<typeof gameSessionResponse>;

/** PATCH /api/game-sessions/{id}: the host makes the room private (or public again). */
export const roomPrivacyBody = z.object({ isPrivate: z.boolean() });
export const roomPrivacyResponse = z.object({ id: z.string(), isPrivate: z.boolean() });

export const membershipResponse = z.object({
  session: gameSessionResponse,
  role: z.enum(["player", "spectator"]),
  seat: z.number().int().nullable(),
});
export type MembershipView = z.infer<typeof membershipResponse>;

// ------------------------------------------------------------------ page forms (Remix actions)

/**
 * The lobby's Create Room form: flat fields named after the API body's paths
 * ("gameData.name"), turned into that body and checked by the same schema, so
 * a refused field comes back under the name of the input that sent it.
 */
export const createRoomForm = z.preprocess((raw) => {
  const field = (name: string) => {
    const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" ? value : undefined;
  };
  return {
    communityId: field("communityId") ?? "",
    maxPlayers: Number(field("maxPlayers") || DEFAULT_MAX_PLAYERS),
    gameData: {
      name: field("gameData.name") ?? "",
      format: field("gameData.format") || undefined,
      powerLevel: field("gameData.powerLevel") || null,
      description: field("gameData.description") || null,
    },
  };
}, createGameSessionBody);

/** The lobby's forms: create a room, or join or watch one of the listed rooms. */
export const lobbyIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("join"), sessionId: sessionIdParam.shape.id }),
  z.object({ intent: z.literal("spectate"), sessionId: sessionIdParam.shape.id }),
  /** "Find me a seat": the best open room for the member, narrowed by the lobby's filters when set. */
  z.object({ intent: z.literal("find-seat"), format: optional(roomFormatSchema), powerLevel: optional(powerLevelSchema) }),
]);

/**
 * The Create Room form's starting values in the lobby's URL (`?tab=create&new.format=...`), as "Find me a seat"
 * sends a member who found no seat; a value that does not pass is left out.
 */
export const createRoomDefaults = z.object({
  format: roomFormatSchema.optional().catch(undefined),
  powerLevel: powerLevelSchema.optional().catch(undefined),
  maxPlayers: z.coerce.number().pipe(z.literal(MAX_PLAYER_OPTIONS)).optional().catch(undefined),
});
export type CreateRoomDefaults = z.infer<typeof createRoomDefaults>;

export const roomModeSchema = z.enum(["play", "spectate"]);

/** The room page's forms: take a place (a shared link), leave, start the game; the host removes someone or makes the room private. */
export const roomIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enter"), mode: roomModeSchema.default("play") }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("remove"), userId: z.string().trim().min(1, "A member id is required").max(100) }),
  z.object({ intent: z.literal("privacy"), isPrivate: z.enum(["true", "false"]).transform((v) => v === "true") }),
]);

/** `GET /api/game-sessions/{id}/cards`: every card in the decks on the room's seats (issue 26). */
export const tableCardsResponse = z.object({ cards: z.array(cardDto) });
export type TableCardsResponse = z.infer<typeof tableCardsResponse>;
