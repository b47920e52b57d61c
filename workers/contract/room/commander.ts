/**
 * Commander table tools (issue 14): commander damage per opposing commander,
 * poison and a few named counters, and the two designations one player holds
 * at a time (monarch, initiative). Pure; the room applies and stores them.
 */

/** 21 combat damage from one commander loses the game (CR 903.10a). */
export const COMMANDER_DAMAGE_LETHAL = 21;
/** Ten poison counters lose the game (CR 104.3d). */
export const POISON_LETHAL = 10;
/** Counters and damage stay displayable. */
export const TOOL_MAX = 999;

export const NUMBER_COUNTERS = ["poison", "energy", "experience"] as const;
export const DESIGNATIONS = ["monarch", "initiative"] as const;
export const COUNTER_NAMES = [...NUMBER_COUNTERS, ...DESIGNATIONS] as const;
export type NumberCounter = (typeof NUMBER_COUNTERS)[number];
export type Designation = (typeof DESIGNATIONS)[number];
export type CounterName = (typeof COUNTER_NAMES)[number];

export type PlayerTools = {
  /** Damage taken from each opponent's commander, by that opponent's id. */
  commanderDamage: Record<string, number>;
  counters: Record<NumberCounter, number>;
};
export type Designations = Record<Designation, string | null>;

export const emptyTools = (): PlayerTools => ({ commanderDamage: {}, counters: { poison: 0, energy: 0, experience: 0 } });
export const noDesignations = (): Designations => ({ monarch: null, initiative: null });

export const isDesignation = (name: CounterName): name is Designation => (DESIGNATIONS as readonly string[]).includes(name);

const clamp = (n: number) => Math.min(TOOL_MAX, Math.max(0, n));

/** Reads stored tools leniently: anything missing or malformed counts as zero. */
export function toolsFrom(raw: unknown): PlayerTools {
  const tools = emptyTools();
  if (!raw || typeof raw !== "object") return tools;
  const { commanderDamage, counters } = raw as Partial<Record<keyof PlayerTools, unknown>>;
  if (commanderDamage && typeof commanderDamage === "object") {
    for (const [from, n] of Object.entries(commanderDamage)) if (typeof n === "number" && n > 0) tools.commanderDamage[from] = clamp(n);
  }
  if (counters && typeof counters === "object") {
    for (const name of NUMBER_COUNTERS) {
      const n = (counters as Record<string, unknown>)[name];
      if (typeof n === "number") tools.counters[name] = clamp(n);
    }
  }
  return tools;
}

/**
 * Records commander damage from `from`'s commander. The total never goes
 * below 0; the life total moves by what the damage total actually moved (an
 * undo gives the life back), as commander damage is damage to the player.
 */
export function applyCommanderDamage(
  tools: PlayerTools,
  from: string,
  delta: number,
): { tools: PlayerTools; total: number; lifeDelta: number } {
  const before = tools.commanderDamage[from] ?? 0;
  const total = clamp(before + delta);
  const commanderDamage = { ...tools.commanderDamage };
  if (total === 0) delete commanderDamage[from];
  else commanderDamage[from] = total;
  return { tools: { ...tools, commanderDamage }, total, lifeDelta: before - total };
}

export function applyCounter(tools: PlayerTools, name: NumberCounter, delta: number): { tools: PlayerTools; value: number } {
  const value = clamp(tools.counters[name] + delta);
  return { tools: { ...tools, counters: { ...tools.counters, [name]: value } }, value };
}

/** A positive delta takes the designation (from whoever held it); a negative one gives it up if held. */
export function applyDesignation(current: Designations, name: Designation, playerId: string, delta: number): Designations {
  if (delta > 0) return { ...current, [name]: playerId };
  return current[name] === playerId ? { ...current, [name]: null } : current;
}

/** Why a player has lost by these tools (empty when they have not): the page shows it on their seat. */
export function lethalBy(tools: PlayerTools): { commanderFrom: string[]; poison: boolean } {
  return {
    commanderFrom: Object.entries(tools.commanderDamage)
      .filter(([, n]) => n >= COMMANDER_DAMAGE_LETHAL)
      .map(([from]) => from),
    poison: tools.counters.poison >= POISON_LETHAL,
  };
}

/** A player's designations lapse when they leave the game. */
export function withoutPlayer(current: Designations, playerId: string): Designations {
  return {
    monarch: current.monarch === playerId ? null : current.monarch,
    initiative: current.initiative === playerId ? null : current.initiative,
  };
}

/** What decides whether a player has lost: their life and their tools. */
export type Standing = { life: number; tools: PlayerTools };

/** Lost by the table's numbers: life 0 or below, 21 commander damage from one commander, or ten poison. */
export function hasLost({ life, tools }: Standing): boolean {
  const lethal = lethalBy(tools);
  return life <= 0 || lethal.poison || lethal.commanderFrom.length > 0;
}

/**
 * Whether a player is out of the game after a change to their life or tools (issue 37): a change that takes them
 * from standing to lost puts them out; once out they stay out until the host brings them back (a mistaken change is
 * the host's to undo). A player the host brought back while their numbers still say lost stays in until a change
 * takes them to lost again from standing, so bringing back is never undone by the next small change.
 */
export function outAfterChange(wasOut: boolean, before: Standing, after: Standing): boolean {
  return wasOut || (!hasLost(before) && hasLost(after));
}
