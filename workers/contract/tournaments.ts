import { z } from "../lib/zod";
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

/** Matches are best of three: a player wins at most two games; drawn games do not count toward the two. */
export const GAMES_TO_WIN_MATCH = 2;
export const MAX_DRAWN_GAMES = 3;
// workers/domain/tournament-rules/match-score.ts also refuses two wins each.
const winCount = z.coerce.number().int().min(0).max(GAMES_TO_WIN_MATCH);
const drawCount = z.coerce.number().int().min(0).max(MAX_DRAWN_GAMES);
export const matchResultSchema = z.object({
  player1Wins: winCount,
  player2Wins: winCount,
  draws: drawCount.default(0),
});
export type MatchResultInput = z.infer<typeof matchResultSchema>;

// ------------------------------------------------------------- path parameters

export const tournamentParams = z.object({ id: z.string() });
export const matchParams = z.object({ id: z.string(), matchId: z.string() });

// ------------------------------------------------------------- response shapes

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
export const tournamentListSchema = z.array(tournamentCardSchema);

export const matchSchema = z.object({
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

export const membershipSchema = z.object({ tournamentId: z.string(), userId: z.string(), participantCount: z.number() });
export const dropSchema = z.object({ tournamentId: z.string(), userId: z.string(), dropped: z.literal(true) });
export const matchRoomSchema = z.object({ gameSessionId: z.string() });
