import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZoneSchema } from "./time-zone";

describe("timeZoneSchema", () => {
  it("accepts IANA names and stores their canonical spelling", () => {
    expect(timeZoneSchema.parse("Europe/Berlin")).toBe("Europe/Berlin");
    expect(timeZoneSchema.parse("America/Port-au-Prince")).toBe("America/Port-au-Prince");
    // Links resolve to the runtime's canonical name, which reads back as itself.
    const buenosAires = timeZoneSchema.parse("America/Argentina/Buenos_Aires");
    expect(buenosAires).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(timeZoneSchema.parse(buenosAires)).toBe(buenosAires);
    expect(timeZoneSchema.parse(" utc ")).toBe("UTC");
  });

  it("refuses offsets, unknown names and junk", () => {
    for (const bad of ["+01:00", "GMT+25", "Mars/Olympus_Mons", "", "Europe/", "../etc", "Europe/Berlin\u0000"]) {
      expect(timeZoneSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const zone = canonicalTimeZone(s);
        expect(zone === null || typeof zone === "string").toBe(true);
      }),
    );
  });
});
