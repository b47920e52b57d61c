import { powerLevelLabel, type PowerLevel } from "./game-session-options";

/**
 * Commander Brackets (issue 27): the power scale of Commander and its variants, in place of the four power levels
 * other formats keep. The spec's `powerLevel` stays in every shape and maps to and from the bracket, so a client
 * that only knows power levels keeps working (docs/decisions/2026-11-26-commander-brackets.md). Pure and without
 * zod, so the browser, the Worker and the SQL builders all read the one mapping.
 */

export const BRACKETS = [
  { id: 1, name: "Exhibition" },
  { id: 2, name: "Core" },
  { id: 3, name: "Upgraded" },
  { id: 4, name: "Optimized" },
  { id: 5, name: "cEDH" },
] as const;
export type Bracket = (typeof BRACKETS)[number]["id"];
export const BRACKET_IDS = BRACKETS.map((b) => b.id) as [Bracket, ...Bracket[]];
export const MIN_BRACKET = 1;
export const MAX_BRACKET = 5;

/**
 * The formats that play Commander, across rooms, matchmaking and tournaments. Of today's format ids only
 * "commander" is one: "casual" is a catch-all for any kitchen-table game, and the rest are 60-card or limited
 * formats. A Commander variant added later (Brawl, Oathbreaker, ...) goes in here and gets brackets everywhere.
 */
export const COMMANDER_FORMATS: readonly string[] = ["commander"];

export function isCommanderFormat(format: string | null | undefined): boolean {
  return format != null && COMMANDER_FORMATS.includes(format);
}

export function isBracket(value: unknown): value is Bracket {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_BRACKET && value <= MAX_BRACKET;
}

/**
 * A power level as a bracket: each level names the bracket most of its decks play at. "casual" is Core (2), not
 * Exhibition (1): a casual table plays precon-strength decks, and Exhibition is a theme table asked for by name.
 */
export const BRACKET_OF_POWER_LEVEL: Record<PowerLevel, Bracket> = { casual: 2, focused: 3, optimized: 4, competitive: 5 };

/** A bracket as a power level: Exhibition and Core are both casual, the rest one to one. */
export const POWER_LEVEL_OF_BRACKET: Record<Bracket, PowerLevel> = {
  1: "casual",
  2: "casual",
  3: "focused",
  4: "optimized",
  5: "competitive",
};

export function bracketOfPowerLevel(level: string | null | undefined): Bracket | null {
  return level && level in BRACKET_OF_POWER_LEVEL ? BRACKET_OF_POWER_LEVEL[level as PowerLevel] : null;
}

/** "Bracket 3 · Upgraded" */
export function bracketLabel(bracket: number): string {
  const known = BRACKETS.find((b) => b.id === bracket);
  return known ? `Bracket ${known.id} · ${known.name}` : `Bracket ${bracket}`;
}

/** A room's, event's or pod's power as every page shows it: the bracket where there is one, else the power level. */
export function powerLabel(power: { powerLevel?: string | null; bracket?: number | null }): string {
  if (power.bracket != null) return bracketLabel(power.bracket);
  return powerLevelLabel(power.powerLevel);
}

export type PowerInput = { format: string; powerLevel?: string | null; bracket?: number | null };
export type ResolvedPower = { powerLevel: PowerLevel | null; bracket: Bracket | null };
export type PowerProblem = { field: "bracket"; message: string };

/**
 * What a request's `powerLevel` and `bracket` mean together. Commander: either one may be sent and fills the
 * other; both must agree (the bracket's power level is the one sent). Other formats: power level only.
 */
export function resolvePower(input: PowerInput): { ok: true; value: ResolvedPower } | { ok: false; problem: PowerProblem } {
  const level = (input.powerLevel ?? null) as PowerLevel | null;
  const bracket = input.bracket ?? null;
  if (bracket !== null && !isBracket(bracket)) {
    return { ok: false, problem: { field: "bracket", message: `A bracket is a whole number from ${MIN_BRACKET} to ${MAX_BRACKET}` } };
  }
  if (!isCommanderFormat(input.format)) {
    if (bracket !== null) return { ok: false, problem: { field: "bracket", message: "Brackets are for Commander formats only" } };
    return { ok: true, value: { powerLevel: level, bracket: null } };
  }
  if (bracket === null) return { ok: true, value: { powerLevel: level, bracket: bracketOfPowerLevel(level) } };
  const mapped = POWER_LEVEL_OF_BRACKET[bracket];
  if (level !== null && level !== mapped) {
    return {
      ok: false,
      problem: {
        field: "bracket",
        message: `Bracket ${bracket} is power level "${mapped}", not "${level}": send one of them, or both agreeing`,
      },
    };
  }
  return { ok: true, value: { powerLevel: mapped, bracket } };
}

// ---------------------------------------------------------------- matchmaking's 1-10 scale

/** The four power levels on matchmaking's 1-10 preference scale (their labels say the same). */
export const POWER_LEVEL_BANDS: Record<PowerLevel, readonly [number, number]> = {
  casual: [1, 4],
  focused: [5, 6],
  optimized: [7, 8],
  competitive: [9, 10],
};

/**
 * Matchmaking's 1-10 levels in brackets: two levels a bracket (1-2 Exhibition, 3-4 Core, 5-6 Upgraded, 7-8
 * Optimized, 9-10 cEDH). It agrees with the power-level mapping: casual's 1-4 is Exhibition and Core, focused's 5-6
 * Upgraded, and so on.
 */
export function bracketOfLevel(level: number): Bracket {
  return Math.min(MAX_BRACKET, Math.max(MIN_BRACKET, Math.ceil(level / 2))) as Bracket;
}

/** The 1-10 levels a bracket covers: [2b-1, 2b]. */
export function levelBandOfBracket(bracket: Bracket): readonly [number, number] {
  return [bracket * 2 - 1, bracket * 2];
}

/** A preference's 1-10 range as the brackets it covers. */
export function bracketRange(min: number, max: number): readonly [Bracket, Bracket] {
  return [bracketOfLevel(min), bracketOfLevel(max)];
}

/**
 * A room's power on the 1-10 scale, for comparing with a member's preference: a Commander room's bracket band
 * (so a bracket-1 room does not reach a member who asked for 3-4), else its power level's band; none when the
 * room names no power.
 */
export function roomLevelBand(room: { powerLevel?: string | null; bracket?: number | null }): readonly [number, number] | null {
  if (room.bracket != null && isBracket(room.bracket)) return levelBandOfBracket(room.bracket);
  if (room.powerLevel && room.powerLevel in POWER_LEVEL_BANDS) return POWER_LEVEL_BANDS[room.powerLevel as PowerLevel];
  return null;
}

/** Whether a room's power fits a member's 1-10 range (a room that names none fits everyone). */
export function roomFitsRange(room: { powerLevel?: string | null; bracket?: number | null }, min: number, max: number): boolean {
  const band = roomLevelBand(room);
  return band === null || (band[0] <= max && band[1] >= min);
}
