import { describe, expect, it } from "vitest";
import { formatInZone, relativeTime, dayInZone } from "./date-time";

const at = Date.UTC(2026, 11, 1, 17, 0); // 2026-12-01T17:00Z

describe("formatInZone", () => {
  it("shows one instant on each zone's wall clock, with the zone", () => {
    expect(formatInZone(at, "Europe/Berlin")).toEqual({ day: "Tue, Dec 1, 2026", time: "18:00", timeZone: "Europe/Berlin" });
    expect(formatInZone(at, "UTC")).toEqual({ day: "Tue, Dec 1, 2026", time: "17:00", timeZone: "UTC" });
    expect(formatInZone(at, "America/Los_Angeles")).toMatchObject({ day: "Tue, Dec 1, 2026", time: "09:00" });
    // Across midnight: the day changes with the zone.
    expect(formatInZone(at, "Pacific/Auckland")).toMatchObject({ day: "Wed, Dec 2, 2026", time: "06:00" });
  });

  it("uses a 24-hour clock at midnight", () => {
    expect(formatInZone(Date.UTC(2026, 0, 1, 0, 5), "UTC").time).toBe("00:05");
  });
});

describe("relativeTime", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0);
  const H = 3_600_000;

  it("says how far ahead or behind, in the largest whole unit", () => {
    expect(relativeTime(now + 2 * 24 * H, now)).toBe("in 2 days");
    expect(relativeTime(now - 3 * H, now)).toBe("3 hours ago");
    expect(relativeTime(now + 90 * 60_000, now)).toBe("in 1 hour");
    expect(relativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(relativeTime(now + 24 * H, now)).toBe("tomorrow");
    expect(relativeTime(now + 20_000, now)).toBe("now");
  });

  it("leaves far dates to the date itself", () => {
    expect(relativeTime(now + 31 * 24 * H, now)).toBeNull();
    expect(relativeTime(now - 40 * 24 * H, now)).toBeNull();
    expect(relativeTime(Number.NaN, now)).toBeNull();
  });
});

describe("dayInZone", () => {
  it("names the date an instant falls on in a zone: 01:00 in Berlin on the 2nd is the 1st in New York", () => {
    const at = Date.UTC(2031, 2, 2, 0, 0); // 01:00 on 2 March in Berlin (UTC+1)
    expect(dayInZone(at, "Europe/Berlin")).toBe("2031-03-02");
    expect(dayInZone(at, "America/New_York")).toBe("2031-03-01");
    expect(dayInZone(at, "Pacific/Kiritimati")).toBe("2031-03-02");
    expect(dayInZone(Date.UTC(2031, 11, 31, 23, 30), "Pacific/Kiritimati")).toBe("2032-01-01");
  });
});
