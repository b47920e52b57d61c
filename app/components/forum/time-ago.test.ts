import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

describe("timeAgo", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("says just now under a minute and for future times", () => {
    expect(timeAgo(ago(0), now)).toBe("just now");
    expect(timeAgo(ago(59), now)).toBe("just now");
    expect(timeAgo(ago(-3600), now)).toBe("just now");
  });

  it("uses the largest whole unit", () => {
    expect(timeAgo(ago(60), now)).toBe("1 minute ago");
    expect(timeAgo(ago(5 * 60 + 30), now)).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(timeAgo(ago(2 * 86400), now)).toBe("2 days ago");
    expect(timeAgo(ago(15 * 86400), now)).toBe("2 weeks ago");
    expect(timeAgo(ago(400 * 86400), now)).toBe("1 year ago");
  });
});
