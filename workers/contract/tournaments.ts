import { z } from "zod";
import { limitText } from "../domain/rate-limit-rules";
import type { RouteDoc } from "./route-doc";
import { multiLine, singleLine } from "./text";

/** Spec 001 §3: the formats offered when creating a tournament. */
export const TOURNAMENT_FORMATS = ["commander", "standard", "modern", "draft", "pokemon-standard", "lorcana-constructed"] as const;
export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS);

/** Spec 001 §9: 4, 8, 16 or 32 seats (default 8). */
export const MAX_PARTICIPANT_OPTIONS = [4, 8, 16, 32] as const;
export const DEFAULT_MAX_PARTICIPANTS = 8;

export const TOURNAMENT_STATUSES = ["upcoming", "active", "completed"] as const;
export const tournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);
export const tournamentPairingSchema = z.enum(["swiss", "single_elimination"]);

/** Optional free text; blank or null clears it (the domain stores null). No transform, so it documents as JSON Schema. */
const optionalText = (max: number) => multiLine({ max }).nullish();
const optionalLine = (max: number) => singleLine({ max }).nullish();
const name = singleLine({ min: 1, max: 120, required: "Name is required" });

export const createTournamentSchema = z.object({
  name,
  description: optionalText(2000),
  gameFormat: tournamentFormatSchema,
  maxParticipants: z.coerce
    .number()
    .pipe(
      z.union(MAX_PARTICIPANT_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<4>, z.ZodLiteral<8>, z.ZodLiteral<16>, z.ZodLiteral<32>]),
    ),
  startDate: z.iso.datetime({ offset: true }),
  prizePool: optionalLine(200),
  rules: optionalText(4000),
  /** An existing community id; `mtg` (the spec's default) means scry-gather. */
  communityId: z.string().trim().min(1).max(64),
  pairing: tournamentPairingSchema.default("swiss"),
});
export type CreateTournamentInput = z.infer<typeof createTournamentSchema>;

export const updateTournamentSchema = z.object({
  name: name.optional(),
  description: optionalText(2000).optional(),
  rules: optionalText(4000).optional(),
  prizePool: optionalLine(200).optional(),
});
export type UpdateTournamentInput = z.infer<typeof updateTournamentSchema>;

export const listTournamentsQuerySchema = z.object({
  communityId: z.string().trim().min(1).max(64).optional(),
  status: tournamentStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ListTournamentsQuery = z.infer<typeof listTournamentsQuerySchema>;

const gameCount = z.coerce.number().int().min(0).max(3);
export const matchResultSchema = z.object({
  player1Wins: gameCount,
  player2Wins: gameCount,
  draws: gameCount.default(0),
});
export type MatchResultInput = z.infer<typeof matchResultSchema>;

// ------------------------------------------------------------- response shapes (documentation)

const organizerSchema = z.object({ id: z.string(), username: z.string().nullable(), firstName: z.string().nullable() });

export const tournamentCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  gameFormat: z.string(),
  maxParticipants: z.number(),
  startDate: z.string(),
  prizePool: z.string().nullable(),
  rules: z.string().nullable(),
  communityId: z.string(),
  status: tournamentStatusSchema,
  pairing: tournamentPairingSchema,
  currentRound: z.number(),
  participantCount: z.number(),
  organizer: organizerSchema,
});

const matchSchema = z.object({
  id: z.string(),
  table: z.number(),
  player1Id: z.string().nullable(),
  player2Id: z.string().nullable(),
  status: z.enum(["pending", "disputed", "completed"]),
  player1Wins: z.number(),
  player2Wins: z.number(),
  draws: z.number(),
  player1Reported: z.boolean(),
  player2Reported: z.boolean(),
  gameSessionId: z.string().nullable(),
});

export const tournamentDetailSchema = tournamentCardSchema.extend({
  /** Swiss: ceil(log2(players)); single elimination: rounds to a champion. */
  suggestedRounds: z.number(),
  activeParticipantCount: z.number(),
  participants: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      username: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
      seed: z.number().nullable(),
      dropped: z.boolean(),
      joinedAt: z.string(),
    }),
  ),
  rounds: z.array(z.object({ number: z.number(), status: z.enum(["active", "completed"]), matches: z.array(matchSchema) })),
});

export const standingsSchema = z.array(
  z.object({
    rank: z.number(),
    userId: z.string(),
    name: z.string(),
    matchPoints: z.number(),
    wins: z.number(),
    losses: z.number(),
    draws: z.number(),
    omw: z.number(),
    gw: z.number(),
    ogw: z.number(),
  }),
);

const membership = z.object({ tournamentId: z.string(), userId: z.string(), participantCount: z.number() });

const organizerOnly = { 401: "Signed out", 403: "Not the organizer", 404: "No such tournament" } as const;

export const tournamentsRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/tournaments",
    summary:
      "Tournament cards of a community (`mtg` means scry-gather), active first, then upcoming, then completed; by start date. Paginated with limit/offset.",
    auth: "public",
    query: listTournamentsQuerySchema,
    response: z.array(tournamentCardSchema),
    errors: { 400: "Bad query" },
  },
  {
    method: "post",
    path: "/api/tournaments",
    summary: "Creates an upcoming tournament organized by the caller.",
    auth: "member",
    body: createTournamentSchema,
    response: tournamentDetailSchema,
    status: 201,
    errors: { 400: "Invalid body or unknown community", 401: "Signed out", 429: `More than ${limitText("tournamentCreate")}` },
  },
  {
    method: "get",
    path: "/api/tournaments/:id",
    summary: "A tournament with its participants and every round's pairings and results.",
    auth: "public",
    response: tournamentDetailSchema,
    errors: { 404: "No such tournament" },
  },
  {
    method: "patch",
    path: "/api/tournaments/:id",
    summary: "Organizer edits name, description, rules or prize pool (not once completed).",
    auth: "member",
    body: updateTournamentSchema,
    response: tournamentDetailSchema,
    errors: { ...organizerOnly, 400: "Invalid body", 409: "Tournament completed" },
  },
  {
    method: "get",
    path: "/api/tournaments/:id/standings",
    summary: "Standings (MTR Appendix C): match points, then OMW%, GW%, OGW%; fractions rounded to 4 decimals.",
    auth: "public",
    response: standingsSchema,
    errors: { 404: "No such tournament" },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/join",
    summary: "Joins an upcoming tournament; the seat count is checked in the same statement that takes the seat.",
    auth: "member",
    response: membership,
    errors: {
      401: "Signed out",
      404: "No such tournament",
      409: "Full, already joined or not upcoming",
      429: `More than ${limitText("tournamentJoin")}`,
    },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/leave",
    summary: "Leaves a tournament before it starts.",
    auth: "member",
    response: membership,
    errors: { 401: "Signed out", 404: "No such tournament", 409: "Started already or not joined" },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/drop",
    summary:
      "A participant leaves a running tournament: an unreported match of the current round is conceded 0-2, and they are not paired again.",
    auth: "member",
    response: z.object({ tournamentId: z.string(), userId: z.string(), dropped: z.literal(true) }),
    errors: { 401: "Signed out", 404: "No such tournament", 409: "Not running, not a participant or dropped already" },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/start",
    summary: "Organizer starts the tournament (at least 2 participants): status active, seeds drawn, round 1 paired, players notified.",
    auth: "member",
    response: tournamentDetailSchema,
    errors: { ...organizerOnly, 409: "Not upcoming or fewer than 2 participants" },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/rounds",
    summary: "Organizer pairs the next round once every match of the current round has a result; players are notified.",
    auth: "member",
    response: tournamentDetailSchema,
    status: 201,
    errors: {
      ...organizerOnly,
      409: "Not running, results missing, or the bracket is decided",
      429: `More than ${limitText("tournamentRound")}`,
    },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/finish",
    summary: "Organizer completes the tournament once the current round has every result.",
    auth: "member",
    response: tournamentDetailSchema,
    errors: { ...organizerOnly, 409: "Not running or results missing" },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/matches/:matchId/result",
    summary:
      "Reports a match result (games 0-3 each) by a player of the match or the organizer. Two matching player reports complete it; differing ones mark it disputed until the organizer reports; the organizer's report is final. No draws in single elimination.",
    auth: "member",
    body: matchResultSchema,
    response: matchSchema,
    errors: {
      400: "Invalid result (or a draw in single elimination)",
      401: "Signed out",
      403: "Neither a player of the match nor the organizer",
      404: "No such tournament or match",
      409: "Not running, not the current round, a bye, or already final",
      429: `More than ${limitText("matchResult")}`,
    },
  },
  {
    method: "post",
    path: "/api/tournaments/:id/matches/:matchId/room",
    summary: "Opens (once) a two-player TableSync room for the match, linked to it; answers its game session id.",
    auth: "member",
    response: z.object({ gameSessionId: z.string() }),
    errors: {
      401: "Signed out",
      403: "Neither a player of the match nor the organizer",
      404: "No such tournament or match",
      409: "Not running, or a bye",
    },
  },
];
