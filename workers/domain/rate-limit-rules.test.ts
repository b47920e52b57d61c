import { describe, expect, it } from "vitest";
import { limitText, RATE_LIMITS, rateLimitMessage, windowText, type RateLimitName } from "./rate-limit-rules";

describe("rate limit rules", () => {
  it("every limit allows at least one hit in a window of at least a minute", () => {
    for (const [name, rule] of Object.entries(RATE_LIMITS)) {
      expect(Number.isInteger(rule.limit) && rule.limit >= 1, name).toBe(true);
      expect(rule.windowMs, name).toBeGreaterThanOrEqual(60_000);
    }
  });

  it("words windows and limits for people", () => {
    expect(windowText(60_000)).toBe("a minute");
    expect(windowText(10 * 60_000)).toBe("10 minutes");
    expect(windowText(3_600_000)).toBe("an hour");
    expect(windowText(2 * 3_600_000)).toBe("2 hours");
    expect(limitText("forumPost")).toBe(`${RATE_LIMITS.forumPost.limit} forum posts an hour`);
  });

  it("says what the limit is and when to try again", () => {
    const name: RateLimitName = "forumReply";
    expect(rateLimitMessage(name, 12 * 60_000 - 500)).toBe(
      `You can post at most ${RATE_LIMITS.forumReply.limit} forum replies an hour. Please try again in 12 minutes.`,
    );
    expect(rateLimitMessage(name, 59_000)).toMatch(/try again in 59 seconds\.$/);
    expect(rateLimitMessage(name, 61_000)).toMatch(/try again in 2 minutes\.$/);
    expect(rateLimitMessage(name, 1)).toMatch(/try again in 1 second\.$/);
    expect(rateLimitMessage("contactMember")).toBe("You can send at most 5 messages an hour. Please try again later.");
    expect(rateLimitMessage("contactSender")).toBe(
      "You can send at most 3 messages from one e-mail address an hour. Please try again later.",
    );
  });
});
