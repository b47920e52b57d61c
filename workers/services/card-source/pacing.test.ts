import { describe, expect, it } from "vitest";
import { endpointKind, pacingDelay, started } from "./pacing";

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
