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

/** A member (or a door with no member) may have at most this many lookups waiting for their turn; more are refused. */
export const MAX_WAITING_PER_REQUESTER = 8;
/** A waiting lookup looks again at least this often (less often than the fast gap would not pace any better). */
const MAX_POLL_MS = FAST_GAP_MS;
/** A waiting lookup that has not looked for this long is gone (its request was cancelled): it loses its place. */
const ABANDONED_MS = 10 * MAX_POLL_MS;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Waiting = { kind: EndpointKind; lookedAt: number };

/**
 * The starts of one service's requests, spaced by its rates (pacingDelay) and shared fairly between the members
 * who ask (issue 35): each requester's lookups wait in a queue of their own and the queues take turns, one request
 * each, so one member's burst delays another member's lookup by at most one request of theirs (one gap of the
 * service's own pacing), never by the length of the burst. Whose turn it is is decided only once the service could
 * take a request, so a member who arrived meanwhile is already in line. A requester with MAX_WAITING_PER_REQUESTER
 * lookups waiting is refused (`turn` answers false at once) instead of queueing more.
 *
 * Each lookup waits with timers of its own and no lookup resolves another's promise: a Worker runs each request in
 * a context of its own and cancels a request's timers when it ends, so one request driving the others' turns would
 * strand them when it finished. A lookup whose request was cancelled stops looking and loses its place.
 */
export class FairPacer {
  /** Requesters with lookups waiting, in the order their turns come (a Map keeps insertion order). */
  private readonly queues = new Map<string, Waiting[]>();
  /** The last starts, including one a lookup has taken and is waiting out its own (slower) gap for. */
  private state: PacingState = { lastAny: 0, lastSlow: 0 };

  /** Waits until a request of `kind` for `requester` may start; false (at once) when they already have too many waiting. */
  async turn(requester: string, kind: EndpointKind): Promise<boolean> {
    const queue = this.queues.get(requester) ?? [];
    if (queue.length >= MAX_WAITING_PER_REQUESTER) return false;
    const me: Waiting = { kind, lookedAt: Date.now() };
    queue.push(me);
    this.queues.set(requester, queue);
    try {
      for (;;) {
        const now = Date.now();
        me.lookedAt = now;
        this.forgetAbandoned(now);
        // Taken for abandoned (its isolate was too busy to look in time): back in line, at the end of its queue.
        if (!this.queues.get(requester)?.includes(me)) this.queues.set(requester, [...(this.queues.get(requester) ?? []), me]);
        const anyGap = pacingDelay(this.state, "fast", now);
        if (anyGap === 0 && this.firstInLine() === me) {
          this.takeTurn(requester);
          // A slow endpoint's own gap may be longer: the start is reserved now, so nobody takes it meanwhile.
          const ownGap = pacingDelay(this.state, kind, now);
          this.state = started(this.state, kind, now + ownGap);
          if (ownGap > 0) await sleep(ownGap);
          return true;
        }
        await sleep(Math.min(Math.max(anyGap, 1), MAX_POLL_MS));
      }
    } finally {
      this.leave(requester, me);
    }
  }

  /** How many lookups wait now (for tests and logs). */
  waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  /** The lookup whose turn comes next: the first of the requester first in line. */
  private firstInLine(): Waiting | undefined {
    for (const queue of this.queues.values()) if (queue.length > 0) return queue[0];
    return undefined;
  }

  /** The requester first in line starts their first lookup and goes to the back of the line. */
  private takeTurn(requester: string): void {
    const queue = this.queues.get(requester);
    this.queues.delete(requester);
    queue?.shift();
    if (queue && queue.length > 0) this.queues.set(requester, queue);
  }

  /** A lookup that stopped waiting (an error, or its turn taken already) is out of its queue. */
  private leave(requester: string, me: Waiting): void {
    const queue = this.queues.get(requester);
    const at = queue?.indexOf(me) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) this.queues.delete(requester);
  }

  private forgetAbandoned(now: number): void {
    for (const [requester, queue] of this.queues) {
      const alive = queue.filter((w) => now - w.lookedAt < ABANDONED_MS);
      if (alive.length === queue.length) continue;
      if (alive.length > 0) this.queues.set(requester, alive);
      else this.queues.delete(requester);
    }
  }
}
