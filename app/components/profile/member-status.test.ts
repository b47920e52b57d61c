import { describe, expect, it } from "vitest";
import { STATUS_LABELS, toMemberStatus } from "./member-status";

describe("toMemberStatus", () => {
  it("keeps the five known statuses", () => {
    for (const s of ["online", "away", "busy", "gaming", "offline"] as const) expect(toMemberStatus(s)).toBe(s);
  });
  it("shows unknown or missing as Offline", () => {
    expect(STATUS_LABELS[toMemberStatus("sleeping")]).toBe("Offline");
    expect(STATUS_LABELS[toMemberStatus(null)]).toBe("Offline");
    expect(STATUS_LABELS[toMemberStatus(undefined)]).toBe("Offline");
  });
});
