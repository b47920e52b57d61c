import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "../lib/zod";
import { decodeCursor, encodeCursor, pageOf, timeIdKey } from "./cursor";

describe("page cursors", () => {
  it("round-trip any [time, id] key and stay opaque and URL-safe", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.string({ minLength: 1, maxLength: 64 }), (at, id) => {
        const cursor = encodeCursor([at, id]);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeCursor(cursor, timeIdKey)).toEqual([at, id]);
      }),
    );
  });

  it("reject anything they did not make for this shape", () => {
    for (const bad of [
      "",
      "nope",
      "12",
      "_abc",
      "1_x;drop",
      "%%%",
      btoa("[1,-5]"),
      encodeCursor([1.5, "x"]),
      encodeCursor([1, "a".repeat(65)]),
    ]) {
      expect(decodeCursor(bad, timeIdKey), bad).toBeNull();
    }
    const otherShape = z.tuple([z.literal(1), z.number()]);
    expect(decodeCursor(encodeCursor([1, "x"]), otherShape)).toBeNull();
  });

  it("pages limit + 1 rows", () => {
    const rows = [3, 2, 1].map((n) => ({ createdAt: n, id: `a${n}` }));
    const key = (r: { createdAt: number; id: string }) => [r.createdAt, r.id];
    expect(pageOf(rows, 2, key)).toEqual({ page: rows.slice(0, 2), nextCursor: encodeCursor([2, "a2"]) });
    expect(pageOf(rows, 3, key)).toEqual({ page: rows, nextCursor: null });
  });
});
