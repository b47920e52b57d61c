/** Starting life total: 40 in commander, 20 in every other format. */
export function startingLife(format: string): number {
  return format === "commander" ? 40 : 20;
}

export const LIFE_MIN = -999;
export const LIFE_MAX = 9999;

/** Applies a change and keeps the total within displayable bounds. */
export function applyLifeChange(total: number, delta: number): number {
  return Math.min(LIFE_MAX, Math.max(LIFE_MIN, total + delta));
}
