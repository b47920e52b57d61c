import { describe, expect, it } from "vitest";
import { formatNotificationAge } from "./notification-age";

const now = Date.parse("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("formatNotificationAge", () => {
  it("shows minutes under an hour", () => {
    expect(formatNotificationAge(ago(20_000), now)).toBe("Just now");
    expect(formatNotificationAge(ago(5 * 60_000), now)).toBe("5m ago");
    expect(formatNotificationAge(ago(59 * 60_000 + 59_000), now)).toBe("59m ago");
  });

  it("shows hours under a day", () => {
    expect(formatNotificationAge(ago(60 * 60_000), now)).toBe("1h ago");
    expect(formatNotificationAge(ago(23 * 3_600_000 + 3_599_000), now)).toBe("23h ago");
  });

  it("shows the date from 24 hours on", () => {
    expect(formatNotificationAge(ago(24 * 3_600_000), now, "en-US")).toBe("Nov 21, 2026");
    expect(formatNotificationAge("2026-01-05T10:00:00Z", now, "en-US")).toBe("Jan 5, 2026");
  });

  it("treats a timestamp in the future as just now", () => {
    expect(formatNotificationAge(new Date(now + 60_000).toISOString(), now)).toBe("Just now");
  });
});
