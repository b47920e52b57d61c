import { describe, expect, it } from "vitest";
import { housekeepingCutoffs, LONGEST_RATE_LIMIT_WINDOW_MS, READ_NOTIFICATION_RETENTION_MS } from "./housekeeping-rules";
import { RATE_LIMITS } from "../rate-limit-rules";

describe("housekeeping cutoffs", () => {
  it("never deletes a rate-limit row whose window is still open under any rule", () => {
    for (const [name, rule] of Object.entries(RATE_LIMITS))
      expect(LONGEST_RATE_LIMIT_WINDOW_MS, name).toBeGreaterThanOrEqual(rule.windowMs);
  });

  it("keeps read notifications 90 days and unread ones a year, and calls a room abandoned after a day", () => {
    const now = Date.UTC(2026, 10, 23);
    const cut = housekeepingCutoffs(now);
    expect(now - cut.readNotificationBefore).toBe(READ_NOTIFICATION_RETENTION_MS);
    expect(READ_NOTIFICATION_RETENTION_MS).toBe(90 * 86_400_000);
    expect(now - cut.unreadNotificationBefore).toBe(365 * 86_400_000);
    expect(now - cut.roomIdleBefore).toBe(86_400_000);
    expect(cut.rateLimitWindowBefore).toBe(now - LONGEST_RATE_LIMIT_WINDOW_MS);
  });
});
