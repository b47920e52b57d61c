// The identifier's second look (identify.ts): the best outlines nudged towards the references they came nearest,
// and the last check that shakes the chosen outline before the card is named.
import { insideConvex } from "./geometry";
import { distance, type Candidates, type CardHashes } from "./match";
import { hashQuad, type Pyramid } from "./quad-hash";
import type { Point, Quad } from "./warp";

function centre(q: Quad): Point {
  return { x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 };
}

function area(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return Math.abs(s) / 2;
}

/**
 * Coordinate descent on the quad's corners and scale, towards the hash nearest one of `targets` (the references
 * the first look ranked near): steps of 3%, 1.5% and 0.75% of the card's size.
 */
export function refine(pyramid: Pyramid, start: Quad, click: Point, nearest: (h: CardHashes) => number): { quad: Quad; d: number } {
  // The nudges stay near where the outline was found (6% of the card's size at most for any corner): free to
  // take up a sleeve's border or a misplaced corner, not to slide onto another card's picture.
  let size0 = 0;
  const score = (q: Quad): number => {
    if (!insideConvex(q, click)) return Infinity;
    for (let k = 0; k < 4; k++) if (Math.hypot(q[k].x - start[k].x, q[k].y - start[k].y) > size0 * 0.06) return Infinity;
    const h = hashQuad(pyramid, q);
    return h ? nearest(h) : Infinity;
  };
  let quad = start;
  size0 = Math.sqrt(
    Math.abs((start[2].x - start[0].x) * (start[3].y - start[1].y) - (start[3].x - start[1].x) * (start[2].y - start[0].y)) / 2,
  );
  let d = score(quad);
  const size = Math.sqrt(
    Math.abs((quad[2].x - quad[0].x) * (quad[3].y - quad[1].y) - (quad[3].x - quad[1].x) * (quad[2].y - quad[0].y)) / 2,
  );
  for (const step of [0.02, 0.01]) {
    const delta = size * step;
    for (let pass = 0; pass < 2; pass++) {
      let improved = false;
      const moves: Quad[] = [];
      const c = centre(quad);
      for (const s of [1 - step * 1.5, 1 + step * 1.5])
        moves.push(quad.map((p) => ({ x: c.x + (p.x - c.x) * s, y: c.y + (p.y - c.y) * s })) as Quad);
      for (let k = 0; k < 4; k++) {
        for (const [dx, dy] of [
          [delta, 0],
          [-delta, 0],
          [0, delta],
          [0, -delta],
        ]) {
          const q = quad.map((p) => ({ ...p })) as Quad;
          q[k] = { x: q[k].x + dx, y: q[k].y + dy };
          moves.push(q);
        }
      }
      for (const q of moves) {
        const dq = score(q);
        if (dq < d) {
          d = dq;
          quad = q;
          improved = true;
        }
      }
      if (!improved) break;
    }
  }
  return { quad, d };
}

/** Each corner moved 1.5% of the card's size in a fixed pattern of directions: eight shakes. */
const SHAKES = Array.from({ length: 8 }, (_, i) => Array.from({ length: 4 }, (_, k) => ((i * 4 + k) * 2.399963) % (2 * Math.PI)));

export function shaken(pyramid: Pyramid, quad: Quad, id: string, candidates: Candidates): number {
  const target = candidates.hashesOf?.(id);
  const size = Math.sqrt(area(quad));
  const distances: number[] = [];
  for (const angles of SHAKES) {
    const q = quad.map((p, k) => ({ x: p.x + Math.cos(angles[k]) * size * 0.015, y: p.y + Math.sin(angles[k]) * size * 0.015 })) as Quad;
    const h = hashQuad(pyramid, q);
    if (!h) continue;
    if (target) distances.push(distance(h, target));
    else {
      const r = candidates.rank(h, 1)[0];
      distances.push(r && r.id === id ? r.distance : Infinity);
    }
  }
  distances.sort((a, b) => a - b);
  return distances.length ? distances[distances.length >> 1] : Infinity;
}
