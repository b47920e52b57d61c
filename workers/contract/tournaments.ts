import { z } from "../lib/zod";
import { multiLine, singleLine } from "./text";

/** Spec 001 §3: the formats offered when creating a tournament. */
export const TOURNAMENT_FORMATS = ["commander", "standard", "modern", "draft", "pokemon-standard", "lorcana-constructed"] as const;
export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS);
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/**
 * Players at one game of each format: the one rule that decides whether a tournament plays in pods. Commander is
 * played four to a table; every other offered format (Lorcana's constructed events included) is one against one.
 * A tournament whose format seats more than two plays Swiss pods (docs/decisions/2026-11-27-commander-pods.md).
 */
export const PLAYERS_PER_GAME: Record<TournamentFormat, number> = {
  commander: 4,
  standard: 2,
  modern: 2,
  draft: 2,
  "pokemon-standard": 2,
  "lorcana-constructed": 2,
};
export function playsInPods(format: string): boolean {
  return (PLAYERS_PER_GAME[format as TournamentFormat] ?? 2) > 2;
}

export const TOURNAMENT_START_PASSED = "This start has passed: a tournament starts in the future";

/** The organizer may start a tournament up to this long before its start date (check-in), never earlier. */
export const CHECK_IN_WINDOW_MINUTES = 60;
/** When the organizer may start a tournament dated `startDate` (ISO). */
export function startOpensAt(startDate: string): Date {
  return new Date(new Date(startDate).getTime() - CHECK_IN_WINDOW_MINUTES * 60_000);
}

/** A pod round's time limit (cEDH events run 80-minute rounds: TopDeck.gg's and Eminence's rules); pods only. */
export const DEFAULT_ROUND_MINUTES = 80;
export const MIN_ROUND_MINUTES = 30;
export const MAX_ROUND_MINUTES = 180;

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
  /** An ISO date-time in the future: a tournament, like an event, is created before it starts. */
  startDate: z.iso
    .datetime({ offset: true, message: "Choose a start date and time" })
    // A value that is no date-time at all has its issue from the line above, not this one as well.
    .refine((value) => Number.isNaN(Date.parse(value)) || Date.parse(value) > Date.now(), TOURNAMENT_START_PASSED),
  prizePool: optionalLine(200),
  rules: optionalText(4000),
  /** An existing community id; `mtg` (the spec's default) means scry-gather. */
  communityId: z.string().trim().min(1).max(64),
  pairing: tournamentPairingSchema.default("swiss"),
  /** Minutes a Swiss pod round lasts before time is called (a game still going is a draw); ignored one against one. */
  roundMinutes: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(MIN_ROUND_MINUTES).max(MAX_ROUND_MINUTES).optional(),
  ),
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
// workers/domain/tournaments/rules/match-score.ts also refuses two wins each.
const winCount = z.coerce.number().int().min(0).max(GAMES_TO_WIN_MATCH);
const drawCount = z.coerce.number().int().min(0).max(MAX_DRAWN_GAMES);
export const matchResultSchema = z.object({
  player1Wins: winCount,
  player2Wins: winCount,
  draws: drawCount.default(0),
});
export type MatchResultInput = z.infer<typeof matchResultSchema>;

/**
 * A pod's one game: a winner (everyone else in the pod loses), or a draw shared by the players still in the game
 * when it ended (`drawIds`; left out, every player of the pod who has not dropped). Eliminated players lose.
 */
export const podResultSchema = z
  .object({
    outcome: z.enum(["win", "draw"]),
    /** A win: its winner, one of the pod's players. */
    winnerId: z.string().min(1).max(64).optional(),
    /** A draw: the players still in the game (optional). */
    drawIds: z.array(z.string().min(1).max(64)).min(1).max(5).optional(),
  })
  // One object rather than a union, so the API reference shows one body: the outcome decides which id field counts.
  .superRefine((value, ctx) => {
    if (value.outcome === "win" && !value.winnerId) ctx.addIssue({ code: "custom", path: ["winnerId"], message: "A win names its winner" });
    if (value.outcome === "draw" && value.winnerId) ctx.addIssue({ code: "custom", path: ["winnerId"], message: "A draw has no winner" });
    if (value.outcome === "win" && value.drawIds) ctx.addIssue({ code: "custom", path: ["drawIds"], message: "A win shares no draw" });
  });
export type PodResultInput = z.infer<typeof podResultSchema>;

// ------------------------------------------------------------- path parameters

export const tournamentParams = z.object({ id: z.string() });
export const matchParams = z.object({ id: z.string(), matchId: z.string() });
export const podParams = z.object({ id: z.string(), podId: z.string() });

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
  /** A pod's seats in turn order (seat 1 starts); empty for a one-against-one match. */
  seats: z.array(
    z.object({
      seat: z.number(),
      userId: z.string().nullable(),
      /** The player's own report of the game, until the pod has its result. */
      report: podResultSchema.nullable(),
      outcome: z.enum(["win", "loss", "draw"]).nullable(),
    }),
  ),
});

export const tournamentDetailSchema = tournamentCardSchema.extend({
  /** Swiss: ceil(log2(players)); Swiss pods: 2 to 5 by players (cEDH practice); single elimination: rounds to a champion. */
  suggestedRounds: z.number(),
  activeParticipantCount: z.number(),
  /** The format seats more than two at a game: Swiss pods with a top cut (PLAYERS_PER_GAME). */
  pods: z.boolean(),
  /** Pods only: minutes a Swiss round lasts; null one against one. */
  roundMinutes: z.number().nullable(),
  /** The earliest moment the organizer may start it: the start date less the check-in window. */
  startOpensAt: z.string(),
  /** Pods: Swiss rounds, then the top cut once the organizer starts it. */
  stage: z.enum(["swiss", "cut"]),
  /** Pods: the top cut that fits the active players (4: one final pod; 10: two pods and a final; 16: four and a final); else null. */
  topCut: z.object({ size: z.number(), rounds: z.number() }).nullable(),
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
  rounds: z.array(
    z.object({
      number: z.number(),
      status: z.enum(["active", "completed"]),
      stage: z.enum(["swiss", "cut"]),
      /** A timed pod round's end (ISO); null when untimed. */
      endsAt: z.string().nullable(),
      matches: z.array(matchSchema),
    }),
  ),
});

/** One against one: MTR Appendix C. */
export const matchStandingSchema = z.object({
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
});

/** Swiss pods: 5 a win, 1 a draw; then opponents' win rate, then the later average seat; the top cut ranks first. */
export const podStandingSchema = z.object({
  rank: z.number(),
  userId: z.string(),
  name: z.string(),
  points: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
  /** Opponents' average win rate (games won / played), 0-1, rounded to 4 decimals. */
  owp: z.number(),
  /** Average seat in turn order over the Swiss games (1 = first), 2 decimals; null before a game. */
  averageSeat: z.number().nullable(),
  /** How far the player went in the top cut: winner, final, semifinal; null outside it. */
  cut: z.enum(["winner", "final", "semifinal"]).nullable(),
});

/** A tournament's standings: one against one rows (with `matchPoints`), or pod rows (with `points`). */
export const standingsSchema = z.union([z.array(matchStandingSchema), z.array(podStandingSchema)]);

export const membershipSchema = z.object({ tournamentId: z.string(), userId: z.string(), participantCount: z.number() });
export const dropSchema = z.object({ tournamentId: z.string(), userId: z.string(), dropped: z.literal(true) });
export const matchRoomSchema = z.object({ gameSessionId: z.string() });
