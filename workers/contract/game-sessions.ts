import { z } from "zod";
import { limitText } from "../domain/rate-limit-rules";
import type { RouteDoc } from "./route-doc";
import { multiLine, singleLine } from "./text";

import { MAX_PLAYER_OPTIONS, POWER_LEVEL_IDS, ROOM_FORMAT_IDS } from "./game-session-options";

export { DEFAULT_MAX_PLAYERS, MAX_PLAYER_OPTIONS, POWER_LEVELS, ROOM_FORMATS } from "./game-session-options";
export const roomFormatSchema = z.enum(ROOM_FORMAT_IDS);
export type RoomFormat = z.infer<typeof roomFormatSchema>;
export const powerLevelSchema = z.enum(POWER_LEVEL_IDS);

export const sessionStatusSchema = z.enum(["waiting", "active", "completed"]);

export const createGameSessionBody = z.object({
  eventId: z.string().min(1).max(100).nullish(),
  maxPlayers: z.literal(MAX_PLAYER_OPTIONS),
  communityId: z.string().min(1).max(100),
  gameData: z.object({
    name: singleLine({ min: 1, max: 100, required: "Room name required" }),
    format: roomFormatSchema,
    powerLevel: powerLevelSchema.nullish(),
    description: multiLine({ max: 500 }).nullish(),
  }),
});
export type CreateGameSessionBody = z.infer<typeof createGameSessionBody>;

export const listGameSessionsQuery = z.object({
  status: sessionStatusSchema.optional(),
  communityId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Keyset pagination: pass the `createdAt` of the last session of the previous page. */
  before: z.iso.datetime().optional(),
});

export const sessionIdParam = z.object({ id: z.string().min(1).max(100) });

export const gameSessionResponse = z.object({
  id: z.string(),
  status: sessionStatusSchema,
  hostId: z.string(),
  /** The spec's `host.email` is never sent: no member's address reaches anyone else. */
  host: z.object({ id: z.string(), firstName: z.string().nullable() }),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  spectators: z.number().int(),
  communityId: z.string().nullable(),
  eventId: z.string().nullable(),
  /** Set when the room belongs to a tournament pairing: only that match's players take seats. */
  tournamentMatchId: z.string().nullable(),
  gameData: z.object({
    name: z.string(),
    format: z.string(),
    powerLevel: z.string().nullable(),
    description: z.string().nullable(),
    currentTurn: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type GameSessionView = z.infer<typeof gameSessionResponse>;

export const membershipResponse = z.object({
  session: gameSessionResponse,
  role: z.enum(["player", "spectator"]),
  seat: z.number().int().nullable(),
});
export type MembershipView = z.infer<typeof membershipResponse>;

const base = "/api/game-sessions";
export const gameSessionsRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: base,
    summary:
      "Game sessions, newest first, optionally filtered by status and community (the lobby asks for status=waiting); `limit` (max 100) and `before` (a createdAt) page through them.",
    auth: "public",
    query: listGameSessionsQuery,
    response: z.array(gameSessionResponse),
    errors: { 400: "Bad query" },
  },
  {
    method: "get",
    path: `${base}/:id`,
    summary: "One game session.",
    auth: "public",
    response: gameSessionResponse,
    errors: { 404: "No such session" },
  },
  {
    method: "post",
    path: base,
    summary: "Creates a waiting room; the caller is seated as host in seat 1. Description defaults to '{format} game session'.",
    auth: "member",
    body: createGameSessionBody,
    response: gameSessionResponse,
    status: 201,
    errors: { 400: "Invalid body or unknown community/event", 401: "Signed out", 429: `More than ${limitText("gameSessionCreate")}` },
  },
  {
    method: "post",
    path: `${base}/:id/join`,
    summary: "Takes a free seat (idempotent). Capacity is decided by one conditional insert, so simultaneous joins never overfill.",
    auth: "member",
    response: membershipResponse,
    errors: {
      401: "Signed out",
      404: "No such session",
      409: "Room is full, or the session has ended",
      429: `More than ${limitText("gameSessionJoin")} (joins and spectates together)`,
    },
  },
  {
    method: "post",
    path: `${base}/:id/spectate`,
    summary: "Watches the room as a spectator (a seated caller gives up their seat).",
    auth: "member",
    response: membershipResponse,
    errors: {
      401: "Signed out",
      404: "No such session",
      409: "The session has ended",
      429: `More than ${limitText("gameSessionJoin")} (joins and spectates together)`,
    },
  },
  {
    method: "post",
    path: `${base}/:id/leave`,
    summary: "Leaves the room. A leaving host hands over to the next seated player; when nobody is seated the session completes.",
    auth: "member",
    response: gameSessionResponse,
    errors: { 401: "Signed out", 404: "No such session, or not in it" },
  },
  {
    method: "post",
    path: `${base}/:id/start`,
    summary: "Host only: waiting → active, the first turn goes to seat 1.",
    auth: "member",
    response: gameSessionResponse,
    errors: { 401: "Signed out", 403: "Not the host", 404: "No such session", 409: "Not waiting" },
  },
];
