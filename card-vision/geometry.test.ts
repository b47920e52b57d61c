import { describe, expect, it } from "vitest";
import { convexHull, hullCorners, insideConvex, minAreaRect, orderPortrait, polygonArea } from "./geometry";
import type { Quad } from "./warp";

/** The corners of a w×h rectangle centred on (cx, cy), turned by `angle` radians. */
function turned(cx: number, cy: number, w: number, h: number, angle: number): Quad {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => ({ x: cx + x * c - y * s, y: cy + x * s + y * c })) as Quad;
}

describe("convexHull", () => {
  it("drops inner and collinear points", () => {
    const hull = convexHull([
      { x: 0, y: 0 },
      { x: 5, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 5, y: 5 },
    ]);
    expect(hull).toHaveLength(4);
    expect(polygonArea(hull)).toBe(100);
  });
});

describe("insideConvex", () => {
  it("tells inside from outside whatever the winding", () => {
    const square = turned(0, 0, 10, 10, 0);
    expect(insideConvex(square, { x: 1, y: 1 })).toBe(true);
    expect(insideConvex([...square].reverse(), { x: 1, y: 1 })).toBe(true);
    expect(insideConvex(square, { x: 6, y: 0 })).toBe(false);
  });
});

describe("minAreaRect", () => {
  it("finds a turned card's rectangle", () => {
    const quad = turned(50, 50, 63, 88, 0.3);
    const rect = minAreaRect(convexHull(quad))!;
    expect(rect.area).toBeCloseTo(63 * 88, 3);
    expect(Math.min(rect.width, rect.height)).toBeCloseTo(63, 3);
    expect(Math.max(rect.width, rect.height)).toBeCloseTo(88, 3);
  });

  it("gives the real corners of a slanted card (a trapezoid)", () => {
    const quad: Quad = [
      { x: 10, y: 0 },
      { x: 60, y: 0 },
      { x: 70, y: 90 },
      { x: 0, y: 90 },
    ];
    const hull = convexHull(quad);
    const corners = hullCorners(hull, minAreaRect(hull)!);
    for (const p of quad) expect(corners).toContainEqual(p);
  });
});

describe("orderPortrait", () => {
  it("starts at the top-left of an upright card, clockwise", () => {
    const quad = turned(100, 100, 63, 88, 0.1);
    const shuffled: Quad = [quad[2], quad[1], quad[0], quad[3]];
    expect(orderPortrait(shuffled)).toEqual(quad);
  });

  it("stands a card lying on its side (tapped) portrait", () => {
    const quad = orderPortrait(turned(100, 100, 63, 88, Math.PI / 2));
    const top = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y);
    const side = Math.hypot(quad[2].x - quad[1].x, quad[2].y - quad[1].y);
    expect(top).toBeCloseTo(63, 3);
    expect(side).toBeCloseTo(88, 3);
  });
});
