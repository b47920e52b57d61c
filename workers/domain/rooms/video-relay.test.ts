import { describe, expect, it } from "vitest";
import { RELAY_REUSE_MIN_SECONDS, RELAY_TTL_SECONDS, stillFresh } from "./video-relay";

describe("a kept relay credential", () => {
  it("is handed out again only while it still lasts a game (2 h), so a member mints one each 30 minutes at most", () => {
    const now = 1_000_000;
    expect(stillFresh(now + RELAY_TTL_SECONDS * 1000, now)).toBe(true);
    expect(stillFresh(now + RELAY_REUSE_MIN_SECONDS * 1000, now)).toBe(true);
    expect(stillFresh(now + RELAY_REUSE_MIN_SECONDS * 1000 - 1, now)).toBe(false);
    expect((RELAY_TTL_SECONDS - RELAY_REUSE_MIN_SECONDS) / 60).toBe(30);
  });
});
