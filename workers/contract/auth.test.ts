import { describe, expect, it } from "vitest";
import { HOSTILE_RETURN_TO } from "../../test/return-to-cases";
import { safeReturnTo } from "./auth";

const SITE = "https://realmcast.example";

describe("safeReturnTo", () => {
  it.each(HOSTILE_RETURN_TO.map((value) => [JSON.stringify(value), value]))("refuses %s", (_label, value) => {
    expect(safeReturnTo(value, SITE)).toBe("/");
  });

  it("falls back to / when there is nothing to return to", () => {
    for (const value of [undefined, null, ""]) expect(safeReturnTo(value, SITE)).toBe("/");
  });

  it("keeps same-site paths with their query and fragment", () => {
    expect(safeReturnTo("/calendar", SITE)).toBe("/calendar");
    expect(safeReturnTo("/calendar?month=2026-12&realm=decksong#day", SITE)).toBe("/calendar?month=2026-12&realm=decksong#day");
    expect(safeReturnTo("/community-forum?post=abc", `${SITE}/api/login?returnTo=x`)).toBe("/community-forum?post=abc");
    expect(safeReturnTo("/apiary", SITE)).toBe("/apiary");
  });

  it("keeps encoded characters encoded: they stay a path on this site", () => {
    // A browser given these as a Location requests them from this origin; they never name another host.
    for (const value of ["/%5Cevil.example", "/%2F%2Fevil.example", "/%09/evil.example"]) {
      const kept = safeReturnTo(value, SITE);
      expect(new URL(kept, SITE).origin).toBe(SITE);
      expect(kept.startsWith("//")).toBe(false);
    }
  });
});
