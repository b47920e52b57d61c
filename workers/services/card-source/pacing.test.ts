import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAST_GAP_MS, FairPacer, MAX_WAITING_PER_REQUESTER, SLOW_GAP_MS, endpointKind, pacingDelay, started } from "./pacing";

describe("Scryfall pacing", () => {
  it("sorts endpoints by Scryfall's limits", () => {
    expect(endpointKind("/cards/named")).toBe("slow");
    expect(endpointKind("/cards/collection")).toBe("slow");
    expect(endpointKind("/cards/search?q=x")).toBe("slow");
    expect(endpointKind("/cards/autocomplete")).toBe("fast");
    expect(endpointKind("/cards/0b2c")).toBe("fast");
  });

  it("lets the first request go at once", () => {
    expect(pacingDelay({ lastAny: 0, lastSlow: 0 }, "slow", 1_000_000)).toBe(0);
  });

  it("keeps slow endpoints 500 ms apart and any two requests 100 ms apart", () => {
    const afterSlow = started({ lastAny: 0, lastSlow: 0 }, "slow", 10_000);
    expect(pacingDelay(afterSlow, "slow", 10_000)).toBe(500);
    expect(pacingDelay(afterSlow, "slow", 10_300)).toBe(200);
    expect(pacingDelay(afterSlow, "fast", 10_000)).toBe(100);
    expect(pacingDelay(afterSlow, "fast", 10_100)).toBe(0);
    const thenFast = started(afterSlow, "fast", 10_100);
    expect(thenFast).toEqual({ lastAny: 10_100, lastSlow: 10_000 });
    expect(pacingDelay(thenFast, "slow", 10_150)).toBe(350);
  });
});

/** Starts `count` lookups of `who` and records when each started in `log`. */
function burst(pacer: FairPacer, log: { who: string; at: number }[], who: string, count: number, kind: "slow" | "fast") {
  return Array.from({ length: count }, () => pacer.turn(who, kind).then((ok) => ok && log.push({ who, at: Date.now() })));
}

/** Runs the pacer on vitest's fake clock: every start time is exact, and no test waits for real time. */
async function settle<T>(work: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return work;
}

describe("the fair pacer (issue 35)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("serves a member who asks once right after one request of another member's burst", async () => {
    const pacer = new FairPacer();
    const log: { who: string; at: number }[] = [];
    const start = Date.now();
    const flood = burst(pacer, log, "flooder", 1 + MAX_WAITING_PER_REQUESTER, "fast");
    const other = burst(pacer, log, "other", 1, "fast");
    await settle(Promise.all([...flood, ...other]));
    // FIFO would have put "other" last (8 gaps after the first start); in turn, one request of the flood goes
    // before it (the flooder was in line first), then it: two gaps, where an idle service would have taken one.
    expect(log.map((l) => l.who).indexOf("other")).toBe(2);
    expect(log.find((l) => l.who === "other")!.at - start).toBe(2 * FAST_GAP_MS);
    // The service's own pacing holds throughout: no two starts closer than its gap.
    for (let i = 1; i < log.length; i++) expect(log[i].at - log[i - 1].at).toBeGreaterThanOrEqual(FAST_GAP_MS);
    expect(log).toHaveLength(MAX_WAITING_PER_REQUESTER + 2);
  });

  it("alternates between members while both have lookups waiting, keeping slow endpoints 500 ms apart", async () => {
    const pacer = new FairPacer();
    const log: { who: string; at: number }[] = [];
    await settle(Promise.all([...burst(pacer, log, "a", 4, "slow"), ...burst(pacer, log, "b", 4, "slow")]));
    // The first of a's goes at once (b was not asking yet), then the two alternate.
    expect(log.map((l) => l.who).join("")).toBe("aabababb");
    for (let i = 1; i < log.length; i++) expect(log[i].at - log[i - 1].at).toBeGreaterThanOrEqual(SLOW_GAP_MS);
  });

  it("refuses a member who already has the most lookups waiting, at once, and only them", async () => {
    const pacer = new FairPacer();
    const log: { who: string; at: number }[] = [];
    // One goes at once; then MAX wait. One more of the same member is refused without waiting; another member is not.
    const first = burst(pacer, log, "flooder", 1 + MAX_WAITING_PER_REQUESTER, "fast");
    expect(pacer.waiting()).toBe(MAX_WAITING_PER_REQUESTER);
    expect(await pacer.turn("flooder", "fast")).toBe(false);
    const other = pacer.turn("other", "fast");
    await settle(Promise.all([...first, other]));
    expect(await other).toBe(true);
    expect(log).toHaveLength(1 + MAX_WAITING_PER_REQUESTER);
    expect(pacer.waiting()).toBe(0);
  });
});
