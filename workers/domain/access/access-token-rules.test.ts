import { describe, expect, it } from "vitest";
import { housekeepingCutoffs } from "../operations/housekeeping-rules";
import {
  EXPIRED_TOKEN_KEEP_MS,
  bearerCredential,
  displayPrefix,
  expiresAtFor,
  hashToken,
  isExpired,
  knownScopes,
  looksLikeToken,
  newTokenSecret,
  shouldTouchLastUsed,
} from "./access-token-rules";

describe("access token rules", () => {
  it("makes tokens with the prefix and 256 random bits, each different", () => {
    const a = newTokenSecret();
    const b = newTokenSecret();
    expect(a).toMatch(/^rc_pat_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(looksLikeToken(a)).toBe(true);
    expect(looksLikeToken("rc_pat_short")).toBe(false);
    expect(looksLikeToken(`${a}x`)).toBe(false);
    expect(displayPrefix(a)).toBe(a.slice(0, 13));
  });

  it("hashes with SHA-256, hex", async () => {
    expect(await hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("reads a Bearer credential and calls anything else malformed", () => {
    expect(bearerCredential(null)).toBeNull();
    expect(bearerCredential(undefined)).toBeNull();
    expect(bearerCredential("Bearer rc_pat_x")).toBe("rc_pat_x");
    expect(bearerCredential("bearer  rc_pat_x ")).toBe("rc_pat_x");
    expect(bearerCredential("Basic dXNlcjpwYXNz")).toBe("malformed");
    expect(bearerCredential("Bearer")).toBe("malformed");
    expect(bearerCredential("Bearer a b")).toBe("malformed");
  });

  it("expires after the chosen days, or never", () => {
    const now = 1_000_000;
    expect(expiresAtFor(null, now)).toBeNull();
    expect(expiresAtFor(30, now)).toBe(now + 30 * 86_400_000);
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(now + 1, now)).toBe(false);
    expect(isExpired(now, now)).toBe(true);
    // Housekeeping deletes a token 30 days after it expired.
    expect(now - housekeepingCutoffs(now).expiredTokenBefore).toBe(EXPIRED_TOKEN_KEEP_MS);
    expect(EXPIRED_TOKEN_KEEP_MS).toBe(30 * 86_400_000);
  });

  it("grants only scopes it knows, and writes last use at most once a minute", () => {
    expect(knownScopes(["rooms:read", "admin", "events:write"])).toEqual(["rooms:read", "events:write"]);
    expect(knownScopes("rooms:read")).toEqual([]);
    expect(shouldTouchLastUsed(null, 5)).toBe(true);
    expect(shouldTouchLastUsed(0, 59_999)).toBe(false);
    expect(shouldTouchLastUsed(0, 60_000)).toBe(true);
  });
});
