import { describe, expect, it } from "vitest";
import { decodeKeysetCursor, encodeKeysetCursor, KEYSET_CURSOR_PATTERN, pageOf } from "./keyset-cursor";

describe("keyset cursor", () => {
  it("round-trips and matches its pattern", () => {
    const row = { createdAt: 1795330614440, id: "e5988142-0548-44d8-a60e-753627f36905" };
    const cursor = encodeKeysetCursor(row);
    expect(cursor).toMatch(KEYSET_CURSOR_PATTERN);
    expect(decodeKeysetCursor(cursor)).toEqual(row);
  });

  it("rejects malformed cursors by pattern", () => {
    for (const bad of ["", "nope", "12", "_abc", "1_x;drop", "1_" + "a".repeat(65)]) expect(KEYSET_CURSOR_PATTERN.test(bad)).toBe(false);
  });

  it("pages limit + 1 rows", () => {
    const rows = [3, 2, 1].map((n) => ({ createdAt: n, id: `a${n}` }));
    expect(pageOf(rows, 2)).toEqual({ page: rows.slice(0, 2), nextCursor: "2_a2" });
    expect(pageOf(rows, 3)).toEqual({ page: rows, nextCursor: null });
  });
});
