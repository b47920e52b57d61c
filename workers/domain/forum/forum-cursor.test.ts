import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPattern, decodePostCursor, decodeReplyCursor, encodePostCursor, encodeReplyCursor } from "./forum-cursor";

describe("forum cursors", () => {
  it("round-trip any post and reply position", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<0 | 1>(0, 1),
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        (pinned, createdAt, id) => {
          expect(decodePostCursor(encodePostCursor({ pinned, createdAt, id }))).toEqual({ pinned, createdAt, id });
          expect(decodeReplyCursor(encodeReplyCursor({ createdAt, id }))).toEqual({ createdAt, id });
        },
      ),
    );
  });

  it("are opaque URL-safe strings", () => {
    const value = encodePostCursor({ pinned: 1, createdAt: 1_700_000_000_000, id: "ä/+?" });
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("reject anything they did not make", () => {
    for (const bad of ["", "%%%", "bm90IGpzb24", btoa('[2,1,"x"]'), btoa('[1,-5,"x"]'), btoa("{}"), btoa("[1,1]")]) {
      expect(decodePostCursor(bad)).toBeNull();
    }
    expect(decodeReplyCursor(btoa('[1.5,"x"]'))).toBeNull();
    expect(decodeReplyCursor(encodePostCursor({ pinned: 0, createdAt: 1, id: "a" }))).toBeNull();
  });
});

describe("containsPattern", () => {
  it("wraps the term and escapes LIKE wildcards and the escape character", () => {
    expect(containsPattern("deck")).toBe("%deck%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
