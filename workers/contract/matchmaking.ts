import { z } from "../lib/zod";
import { singleLine } from "./text";

/**
 * Matchmaking (spec 001 §3 Matchmaking preferences / Match result / format
 * options, §9 constants). Browser-safe: the page imports the option lists and
 * types from here, the Worker validates with the same schemas.
 */

/** Quick match game choices (spec §9). */
export const MATCHMAKING_GAMES = ["Magic", "Pokemon", "Lorcana", "Yu-Gi-Oh"] as const;
export type MatchmakingGame = (typeof MATCHMAKING_GAMES)[number];

/**
 * Matchmaking format options (spec §3). Values reuse the tournament format ids
 * (pokemon-standard, lorcana-constructed, ...) so both areas speak one language.
 */
export const MATCHMAKING_FORMATS = [
  { value: "commander", label: "Commander/EDH", game: "Magic" },
  { value: "standard", label: "Standard", game: "Magic" },
  { value: "modern", label: "Modern", game: "Magic" },
  { value: "legacy", label: "Legacy", game: "Magic" },
  { value: "draft", label: "Draft", game: "Magic" },
  { value: "pokemon-standard", label: "Standard", game: "Pokemon" },
  { value: "pokemon-expanded", label: "Expanded", game: "Pokemon" },
  { value: "lorcana-constructed", label: "Constructed", game: "Lorcana" },
  { value: "yugioh-advanced", label: "Advanced", game: "Yu-Gi-Oh" },
] as const satisfies ReadonlyArray<{ value: string; label: string; game: MatchmakingGame }>;
export const MATCHMAKING_FORMAT_VALUES = MATCHMAKING_FORMATS.map((f) => f.value) as [
  (typeof MATCHMAKING_FORMATS)[number]["value"],
  ...(typeof MATCHMAKING_FORMATS)[number]["value"][],
];
export type MatchmakingFormat = (typeof MATCHMAKING_FORMAT_VALUES)[number];

/** "Commander/EDH", or "Standard (Pokemon)" where a label alone is ambiguous. */
export function formatLabel(value: string): string {
  const format = MATCHMAKING_FORMATS.find((f) => f.value === value);
  if (!format) return value;
  return format.game === "Magic" || format.value === "lorcana-constructed" || format.value === "yugioh-advanced"
    ? format.label
    : `${format.label} (${format.game})`;
}

export const PLAYSTYLES = ["any", "casual", "focused", "optimized", "competitive"] as const;
export type Playstyle = (typeof PLAYSTYLES)[number];

/** Availability windows (our choice: the spec names only the default 'any'). */
export const AVAILABILITY_OPTIONS = [
  { value: "any", label: "Any time" },
  { value: "weekday-evenings", label: "Weekday evenings" },
  { value: "weekends", label: "Weekends" },
  { value: "daytime", label: "Daytime" },
  { value: "late-night", label: "Late night" },
] as const;
export const AVAILABILITY_VALUES = AVAILABILITY_OPTIONS.map((a) => a.value) as [
  (typeof AVAILABILITY_OPTIONS)[number]["value"],
  ...(typeof AVAILABILITY_OPTIONS)[number]["value"][],
];

/** Languages (our choice: the spec names only the default 'english'). */
export const LANGUAGE_OPTIONS = [
  { value: "english", label: "English" },
  { value: "spanish", label: "Spanish" },
  { value: "french", label: "French" },
  { value: "german", label: "German" },
  { value: "portuguese", label: "Portuguese" },
  { value: "italian", label: "Italian" },
  { value: "japanese", label: "Japanese" },
  { value: "korean", label: "Korean" },
  { value: "chinese", label: "Chinese" },
] as const;
export const LANGUAGE_VALUES = LANGUAGE_OPTIONS.map((l) => l.value) as [
  (typeof LANGUAGE_OPTIONS)[number]["value"],
  ...(typeof LANGUAGE_OPTIONS)[number]["value"][],
];

export const POWER_LEVEL_MIN = 1;
export const POWER_LEVEL_MAX = 10;
export const MAX_DISTANCE_LIMIT = 500;
export const MAX_MATCH_RESULTS = 20;

const powerLevel = z.number().int().min(POWER_LEVEL_MIN).max(POWER_LEVEL_MAX);
const unique = <T>(values: T[]) => [...new Set(values)];

/** The preferences payload of GET/PUT /api/matchmaking/preferences and POST find-players. */
export const matchmakingPreferencesSchema = z
  .object({
    selectedGames: z.array(z.enum(MATCHMAKING_GAMES)).min(1, "Choose at least one game").max(8).transform(unique),
    selectedFormats: z.array(z.enum(MATCHMAKING_FORMAT_VALUES)).max(20).transform(unique),
    powerLevelMin: powerLevel,
    powerLevelMax: powerLevel,
    playstyle: z.enum(PLAYSTYLES),
    location: singleLine({ max: 100 }),
    onlineOnly: z.boolean(),
    availability: z.enum(AVAILABILITY_VALUES),
    language: z.enum(LANGUAGE_VALUES),
    maxDistance: z.number().int().min(0).max(MAX_DISTANCE_LIMIT),
    /**
     * Tell me when a member opens a room for my formats and power range because "Find me a seat" found none
     * (issue 25). Not in the spec's payload, so it is optional here and off unless a member turns it on.
     */
    notifyOpenRooms: z.boolean().default(false),
  })
  .superRefine((prefs, ctx) => {
    if (prefs.powerLevelMin > prefs.powerLevelMax) {
      ctx.addIssue({ code: "custom", path: ["powerLevelMin"], message: "powerLevelMin must not exceed powerLevelMax" });
    }
    prefs.selectedFormats.forEach((value, index) => {
      const game = MATCHMAKING_FORMATS.find((f) => f.value === value)?.game;
      if (game && !prefs.selectedGames.includes(game)) {
        ctx.addIssue({
          code: "custom",
          path: ["selectedFormats", index],
          message: `${value} is a ${game} format, and ${game} is not selected`,
        });
      }
    });
  });
export type MatchmakingPreferences = z.infer<typeof matchmakingPreferencesSchema>;

/** Spec §9 defaults, returned when a member has saved nothing yet. */
export const DEFAULT_PREFERENCES: MatchmakingPreferences = {
  selectedGames: ["Magic"],
  selectedFormats: ["commander"],
  powerLevelMin: 5,
  powerLevelMax: 8,
  playstyle: "any",
  location: "",
  onlineOnly: false,
  availability: "any",
  language: "english",
  maxDistance: 50,
  notifyOpenRooms: false,
};

/** "power range 1 to 10 on reset" (spec §9): the Reset button's values. */
export const RESET_PREFERENCES: MatchmakingPreferences = { ...DEFAULT_PREFERENCES, powerLevelMin: 1, powerLevelMax: 10 };

export const preferencesResponseSchema = z.object({
  ...matchmakingPreferencesSchema.shape,
  /** False while the member runs on the spec defaults (nothing stored). */
  saved: z.boolean(),
});

/** Spec §3 Match result. */
export const matchResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  games: z.array(z.string()),
  formats: z.array(z.string()),
  /** The candidate's power range, e.g. "5-8". */
  powerLevel: z.string(),
  playstyle: z.string(),
  location: z.string(),
  availability: z.string(),
  matchScore: z.number().int().min(0).max(100),
  commonInterests: z.array(z.string()),
  /** ISO date-time of the candidate's last activity; null when they hide their online status. */
  lastOnline: z.string().nullable(),
  /** Always false for a member who hides their online status. */
  isOnline: z.boolean(),
});
export type MatchResult = z.infer<typeof matchResultSchema>;
export const matchList = z.array(matchResultSchema);
