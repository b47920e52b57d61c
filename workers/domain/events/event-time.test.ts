import { describe, expect, it } from "vitest";
import { dayInZone, pastStartIssue, START_DAY_PASSED, START_TIME_PASSED, startsAtFromWallTime } from "./event-time";

const iso = (ms: number) => new Date(ms).toISOString();

describe("startsAtFromWallTime", () => {
  it("reads date and time as UTC in the UTC zone", () => {
    expect(iso(startsAtFromWallTime("2026-11-22", "19:05", "UTC"))).toBe("2026-11-22T19:05:00.000Z");
  });

  it("reads wall time in the event's zone, standard and summer time", () => {
    // The issue's example: 18:00 Europe/Berlin on 2026-12-01 (CET, UTC+1) is 17:00Z.
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

describe("pastStartIssue", () => {
  const now = Date.parse("2026-11-27T16:40:00Z");

  it("lets a start in the future through, to the minute", () => {
    expect(pastStartIssue({ date: "2026-11-27", time: "16:41", timeZone: "UTC" }, now)).toBeNull();
    expect(pastStartIssue({ date: "2030-01-01", time: "00:00", timeZone: "UTC" }, now)).toBeNull();
  });

  it("names the date when its day is over, the time when the day is today", () => {
    expect(pastStartIssue({ date: "2020-01-01", time: "12:00", timeZone: "UTC" }, now)).toEqual({
      path: ["date"],
      message: START_DAY_PASSED,
    });
    expect(pastStartIssue({ date: "2026-11-27", time: "16:40", timeZone: "UTC" }, now)).toEqual({
      path: ["time"],
      message: START_TIME_PASSED,
    });
  });

  it("reads the day in the event's own zone", () => {
    // 16:40Z is 06:40 on the 28th in Kiritimati (UTC+14) and 08:40 on the 27th in Los Angeles.
    expect(dayInZone(now, "Pacific/Kiritimati")).toBe("2026-11-28");
    expect(pastStartIssue({ date: "2026-11-28", time: "06:00", timeZone: "Pacific/Kiritimati" }, now)?.path).toEqual(["time"]);
    expect(pastStartIssue({ date: "2026-11-27", time: "23:00", timeZone: "Pacific/Kiritimati" }, now)?.path).toEqual(["date"]);
    expect(pastStartIssue({ date: "2026-11-27", time: "09:00", timeZone: "America/Los_Angeles" }, now)).toBeNull();
  });
});
