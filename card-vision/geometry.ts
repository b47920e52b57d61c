// Small plane geometry for the card's outline: convex hull, point in polygon, minimum-area rectangle.
import type { Point, Quad } from "./warp";

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull (monotone chain), counter-clockwise in a y-up plane (clockwise on screen), no collinear points. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Area of a simple polygon (absolute). */
export function polygonArea(poly: Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

/** Whether p lies inside a convex polygon (either winding). */
export function insideConvex(poly: Point[], p: Point): boolean {
  if (poly.length < 3) return false;
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const c = cross(poly[i], poly[(i + 1) % poly.length], p);
    if (c === 0) continue;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

export type Rect = { corners: Quad; width: number; height: number; area: number };

/** The smallest-area rectangle around a convex hull: one of its sides lies along a hull edge. */
export function minAreaRect(hull: Point[]): Rect | null {
  if (hull.length < 3) return null;
  let best: Rect | null = null;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = (p.x - a.x) * ux + (p.y - a.y) * uy;
      const v = -(p.x - a.x) * uy + (p.y - a.y) * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) {
      const at = (u: number, v: number): Point => ({ x: a.x + u * ux - v * uy, y: a.y + u * uy + v * ux });
      best = {
        corners: [at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)],
        width: maxU - minU,
        height: maxV - minV,
        area,
      };
    }
  }
  return best;
}

/**
 * The four corners of a card from its hull: for each corner of the hull's minimum-area rectangle, the hull point
 * farthest out towards it from the centre. A card seen at a slant is a trapezoid, not a rectangle: its real
 * corners are the hull's extremes in those four directions.
 */
export function hullCorners(hull: Point[], rect: Rect): Quad {
  const cx = rect.corners.reduce((s, p) => s + p.x, 0) / 4;
  const cy = rect.corners.reduce((s, p) => s + p.y, 0) / 4;
  return rect.corners.map((corner) => {
    const dx = corner.x - cx;
    const dy = corner.y - cy;
    let best = hull[0];
    let bestScore = -Infinity;
    for (const p of hull) {
      const score = (p.x - cx) * dx + (p.y - cy) * dy;
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    return best;
  }) as Quad;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The quad's corners reordered as a portrait card read upright (top-left, top-right, bottom-right, bottom-left,
 * clockwise on screen): the short sides are top and bottom, and of the two ways to stand it up, the one whose top
 * is higher on screen (an upside-down card is caught by hashing both turns).
 */
export function orderPortrait(quad: Quad): Quad {
  // Clockwise on screen (y down) means a positive shoelace sum.
  let s = 0;
  for (let i = 0; i < 4; i++) s += quad[i].x * quad[(i + 1) % 4].y - quad[(i + 1) % 4].x * quad[i].y;
  const q = s < 0 ? ([quad[0], quad[3], quad[2], quad[1]] as Quad) : quad;
  const side01 = dist(q[0], q[1]) + dist(q[2], q[3]);
  const side12 = dist(q[1], q[2]) + dist(q[3], q[0]);
  // Start at a corner whose next side is short.
  let start = side01 <= side12 ? 0 : 1;
  const topY = (k: number) => (q[k % 4].y + q[(k + 1) % 4].y) / 2;
  if (topY(start + 2) < topY(start)) start += 2;
  return [q[start % 4], q[(start + 1) % 4], q[(start + 2) % 4], q[(start + 3) % 4]];
}
