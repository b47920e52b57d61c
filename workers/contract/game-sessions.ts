import { z } from "../lib/zod";
import { cardDto } from "./cards";
import { cursorParam } from "./cursor";
import { multiLine, singleLine } from "./text";
import { MAX_BRACKET, MIN_BRACKET, resolvePower } from "./brackets";
import { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVEL_IDS, ROOM_FORMAT_IDS } from "./game-session-options";

export { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVELS, ROOM_FORMATS, SEAT_REFUSALS } from "./game-session-options";
export const roomFormatSchema = z.enum(ROOM_FORMAT_IDS, { error: "Format required" });
export type RoomFormat = z.infer<typeof roomFormatSchema>;
export const powerLevelSchema = z.enum(POWER_LEVEL_IDS);
/** A Commander bracket (workers/contract/brackets.ts): 1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized, 5 cEDH. */
export const bracketSchema = z
  .int({ error: `Choose a bracket from ${MIN_BRACKET} to ${MAX_BRACKET}` })
  .min(MIN_BRACKET, `Choose a bracket from ${MIN_BRACKET} to ${MAX_BRACKET}`)
  .max(MAX_BRACKET, `Choose a bracket from ${MIN_BRACKET} to ${MAX_BRACKET}`);
/** A bracket in a query string or form field. */
export const bracketParam = z.coerce.number().pipe(bracketSchema);

/** The API reference's words on the two power fields, shared by every route that carries them. */
export const POWER_FIELDS_DOC =
  "Commander rooms (and Commander variants) measure power in Commander Brackets: `bracket` 1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized, 5 cEDH. The spec's `powerLevel` stays and maps to and from it: powerLevel casual → bracket 2, focused → 3, optimized → 4, competitive → 5; bracket 1 or 2 → casual, 3 → focused, 4 → optimized, 5 → competitive. Send either (the other is filled in) or both agreeing; both disagreeing is a 400 with an issue on `bracket`. Other formats keep `powerLevel` only, and their `bracket` is null (sending one is a 400).";

export const sessionStatusSchema = z.enum(["waiting", "active", "completed"]);

/** At most this many members invited to one room (each gets a notification, so the list stays short). */
export const MAX_INVITED_MEMBERS = 7;

const memberIdSchema = z.string().min(1).max(100);

export const createGameSessionBody = z
  .object({
    eventId: z.string().min(1).max(100).nullish(),
    maxPlayers: z.literal(MAX_PLAYER_OPTIONS),
    communityId: z.string().min(1, "Community required").max(100),
    gameData: z.object({
      name: singleLine({ min: 1, max: 100, required: "Room name required" }),
      format: roomFormatSchema,
      powerLevel: powerLevelSchema.nullish(),
      /** Commander only; maps to and from `powerLevel` (POWER_FIELDS_DOC). */
      bracket: bracketSchema.nullish(),
      description: multiLine({ max: 500 }).nullish(),
    }),
    /** A private room is listed only to its host and the members with a place in it (default: public). */
    isPrivate: z.boolean().optional(),
    /** Members (by Realmcast id) invited to the room: a room with invites seats only its host and them. */
    invitedMemberIds: z
      .array(memberIdSchema)
      .max(MAX_INVITED_MEMBERS, `Invite at most ${MAX_INVITED_MEMBERS} members`)
      .refine((ids) => new Set(ids).size === ids.length, "Invite each member once")
      .optional()
      .describe(`Members invited to the room (at most ${MAX_INVITED_MEMBERS}); only they and the host take seats, and each is notified.`),
    /**
     * With an API token: which invited member hosts the room (the first invited when left out). A bot seats another
     * member only with their consent (workers/domain/access/bot-consents.ts).
     */
    hostMemberId: memberIdSchema
      .optional()
      .describe(
        "With an API token and invitees: the invited member who hosts (default: the first invited), seated at once. The token's member takes no seat. The host must have allowed the bot (the token's member) to seat them, else 403 and they are asked.",
      ),
  })
  .superRefine((body, ctx) => {
    const power = resolvePower(body.gameData);
    if (!power.ok) ctx.addIssue({ code: "custom", path: ["gameData", power.problem.field], message: power.problem.message });
    if (body.hostMemberId !== undefined && !body.invitedMemberIds?.includes(body.hostMemberId)) {
      ctx.addIssue({ code: "custom", path: ["hostMemberId"], message: "The host must be one of invitedMemberIds" });
    }
  });
export type CreateGameSessionBody = z.infer<typeof createGameSessionBody>;

/** Blank query values (a GET form's empty "Any" choice) mean "no filter". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const listGameSessionsQuery = z.object({
  status: optional(sessionStatusSchema),
  communityId: optional(z.string().min(1).max(100)).describe("Only this realm's rooms"),
  format: optional(roomFormatSchema),
  powerLevel: optional(powerLevelSchema),
  bracket: optional(bracketParam).describe("Only Commander rooms of this bracket (1-5)"),
  q: optional(z.string().trim().max(100)).describe("Room name or host display name contains this (case-insensitive)"),
  preferCommunityId: optional(z.string().min(1).max(100)).describe("This realm's rooms come first (the lobby's selected realm)"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: optional(cursorParam).describe("The X-Next-Cursor of the previous page"),
});
export type ListGameSessionsQuery = z.infer<typeof listGameSessionsQuery>;

/** The lobby's filter form (a GET form, so the URL carries it) and its page cursor. */
export const lobbyFilterFields = ["q", "format", "powerLevel", "bracket", "cursor"] as const;
export const lobbyFilters = listGameSessionsQuery.pick({ q: true, format: true, powerLevel: true, bracket: true, cursor: true });
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
    /** Commander rooms' bracket (1-5), null for other formats (POWER_FIELDS_DOC). */
    bracket: z.number().int().nullable(),
    description: z.string().nullable(),
    currentTurn: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** In the lobby's list: the host removed the viewer from this room, so it offers them no Join (room-rules' removedByHost). */
  viewerRemoved: z.boolean().optional(),
});
export type GameSessionView = z.infer<typeof gameSessionResponse>;

/** The answer to creating a room: the session, its links and who was invited (issue 27, what a bot needs). */
export const createdGameSessionResponse = gameSessionResponse
  .extend({
    roomUrl: z.string().meta({ description: "The room page's absolute address." }),
    inviteUrl: z.string().nullable().meta({
      description: "For a private room with invitees: the link to send them (opening it as an invited member seats them); else null.",
    }),
    invitedMemberIds: z.array(z.string()),
  })
  .meta({ id: "CreatedGameSession" });
export type CreatedGameSessionView = z.infer<typeof createdGameSessionResponse>;

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
      // Left out (not null) when the form has no bracket field, so a body without one reads as before.
      bracket: field("gameData.bracket") ? Number(field("gameData.bracket")) : undefined,
      description: field("gameData.description") || null,
    },
  };
}, createGameSessionBody);

/** The lobby's forms: create a room, or join or watch one of the listed rooms. */
export const lobbyIntent = z.discriminatedUnion("intent", [
  /** `announce`: Create Room's "Tell members who are waiting for a room like this" (ticked after "Find me a seat" found none). */
  z.object({ intent: z.literal("create"), announce: z.literal("on").optional() }),
  z.object({ intent: z.literal("join"), sessionId: sessionIdParam.shape.id }),
  z.object({ intent: z.literal("spectate"), sessionId: sessionIdParam.shape.id }),
  /** "Find me a seat": the best open room for the member, narrowed by the lobby's filters when set. */
  z.object({
    intent: z.literal("find-seat"),
    format: optional(roomFormatSchema),
    powerLevel: optional(powerLevelSchema),
    bracket: optional(bracketParam),
  }),
]);

/**
 * The Create Room form's starting values in the lobby's URL (`?tab=create&new.format=...`), as "Find me a seat"
 * sends a member who found no seat; a value that does not pass is left out.
 */
export const createRoomDefaults = z.object({
  format: roomFormatSchema.optional().catch(undefined),
  powerLevel: powerLevelSchema.optional().catch(undefined),
  bracket: bracketParam.optional().catch(undefined),
  maxPlayers: z.coerce.number().pipe(z.literal(MAX_PLAYER_OPTIONS)).optional().catch(undefined),
  /** The realm to create it in when none is selected (the form takes it only if it names a realm). */
  communityId: z.string().trim().min(1).max(64).optional().catch(undefined),
  /**
   * Tick "Tell members who are waiting" from the start: announce the new room to the members waiting for one
   * (workers/domain/rooms/open-room-alerts.ts). The box is on every Create Room; "Find me a seat" ticks it.
   */
  announce: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((v) => v === "1"),
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
