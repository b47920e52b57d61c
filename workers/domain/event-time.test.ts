import { describe, expect, it } from "vitest";
import { startsAtFromWallTime } from "./event-time";

const iso = (ms: number) => new Date(ms).toISOString();

describe("startsAtFromWallTime", () => {
  it("reads date and time as UTC in the UTC zone", () => {
    expect(iso(startsAtFromWallTime("2026-11-22", "19:05", "UTC"))).toBe("2026-11-22T19:05:00.000Z");
  });

  it("reads wall time in the event's zone, standard and summer time", () => {
    // The example: 18:00 Europe/Berlin on 2026-12-01 (CET, UTC+1) is 17:00Z.
    expect(iso(startsAtFromWallTime("2026-12-01", "18:00", "Europe/Berlin"))).toBe("2026-12-01T17:00:00.000Z");
    expect(iso(startsAtFromWallTime("2026-07-01", "18:00", "Europe/Berlin"))).toBe("2026-07-01T16:00:00.000Z");
    expect(iso(startsAtFromWallTime("2026-07-01", "18:00", "America/New_York"))).toBe("2026-07-01T22:00:00.000Z");
    expect(iso(startsAtFromWallTime("2026-12-31", "23:30", "Asia/Kolkata"))).toBe("2026-12-31T18:00:00.000Z");
    expect(iso(startsAtFromWallTime("2026-01-01", "00:15", "Pacific/Auckland"))).toBe("2025-12-31T11:15:00.000Z");
  });

  it("moves a wall time skipped by spring-forward past the gap", () => {
    // Berlin jumps 02:00 → 03:00 on 2026-03-29: 02:30 does not exist, 03:30 CEST is 01:30Z.
    expect(iso(startsAtFromWallTime("2026-03-29", "02:30", "Europe/Berlin"))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("reads a repeated wall time (fall-back) as one of its two instants", () => {
    // Berlin repeats 02:00-03:00 on 2026-10-25: 02:30 is 00:30Z (CEST) or 01:30Z (CET).
    expect(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]).toContain(
      iso(startsAtFromWallTime("2026-10-25", "02:30", "Europe/Berlin")),
    );
  });
});
