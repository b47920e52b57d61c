/**
 * Scryfall's rate limits (https://scryfall.com/docs/api/rate-limits): /cards/search, /cards/named, /cards/random and
 * /cards/collection at most 2 requests a second, everything else at most 10. A Worker isolate spaces the starts of
 * its own requests by these gaps; after a 429, Scryfall refuses for 30 seconds, so the source does not ask at all.
 */
export const SLOW_GAP_MS = 500;
export const FAST_GAP_MS = 100;
export const COOL_DOWN_MS = 30_000;

export type EndpointKind = "slow" | "fast";
const SLOW_PATHS = ["/cards/search", "/cards/named", "/cards/random", "/cards/collection"];

export function endpointKind(path: string): EndpointKind {
  return SLOW_PATHS.some((p) => path === p || path.startsWith(`${p}?`)) ? "slow" : "fast";
}

/** When the last request of each kind started (epoch ms; 0 before the first). */
export type PacingState = { lastAny: number; lastSlow: number };

/** How long a request of `kind` must wait at `now` so that neither limit is broken. */
export function pacingDelay(state: PacingState, kind: EndpointKind, now: number): number {
  const afterAny = state.lastAny + FAST_GAP_MS;
  const afterSlow = kind === "slow" ? state.lastSlow + SLOW_GAP_MS : 0;
  return Math.max(0, afterAny - now, afterSlow - now);
}

/** The state once a request of `kind` starts at `at`. */
export function started(state: PacingState, kind: EndpointKind, at: number): PacingState {
  return { lastAny: at, lastSlow: kind === "slow" ? at : state.lastSlow };
}
