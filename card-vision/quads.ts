// Card outlines from lines (lines.ts): the quadrilaterals that pairs of roughly opposite lines make around the
// click, or three lines and a card's 63:88 shape, scored by how much of each side the edges support.
import type { Edges, Line } from "./lines";
import type { Point, Quad } from "./warp";

/** Where two lines cross; null when they are (nearly) parallel. */
export function intersect(a: Line, b: Line): Point | null {
  const ca = Math.cos(a.theta);
  const sa = Math.sin(a.theta);
  const cb = Math.cos(b.theta);
  const sb = Math.sin(b.theta);
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}

/** Signed distance of a point from a line. */
export const side = (l: Line, p: Point) => p.x * Math.cos(l.theta) + p.y * Math.sin(l.theta) - l.rho;

/** Angle between two lines' directions, 0..π/2. */
export function angleBetween(a: Line, b: Line): number {
  const d = Math.abs(a.theta - b.theta) % Math.PI;
  return d > Math.PI / 2 ? Math.PI - d : d;
}

/**
 * How much of the segment a→b the edges support: the share of points along it (its ends left out, where a corner
 * may be rounded or hidden) with an edge pixel within 1.5 px across it whose gradient is across the segment.
 * Points outside the image count neither way; null when too few are inside.
 */
export function segmentSupport(edges: Edges, a: Point, b: Point): number | null {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 4) return null;
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  let normal = Math.atan2(ny, nx);
  if (normal < 0) normal += Math.PI;
  if (normal >= Math.PI) normal -= Math.PI;
  const steps = Math.min(24, Math.max(8, Math.round(len / 3)));
  const { width: w, height: h } = edges;
  const angle = edgeAngles(edges);
  // The five places across the segment a point looks (0, −1, 1, −2, 2 × 0.75 px along the normal), in that order.
  for (let k = 0; k < ACROSS.length; k++) {
    acrossX[k] = nx * ACROSS[k] * 0.75;
    acrossY[k] = ny * ACROSS[k] * 0.75;
  }
  let inside = 0;
  let hits = 0;
  for (let s = 0; s < steps; s++) {
    const t = 0.08 + (0.84 * (s + 0.5)) / steps;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    if (px < 1 || py < 1 || px > w - 2 || py > h - 2) continue;
    inside++;
    for (let k = 0; k < 5; k++) {
      const x = Math.round(px + acrossX[k]);
      const y = Math.round(py + acrossY[k]);
      if (x < 1 || y < 1 || x > w - 2 || y > h - 2) continue;
      // NaN off the edges: no hit.
      let d = Math.abs(angle[y * w + x] - normal);
      if (d > Math.PI / 2) d = Math.PI - d;
      if (d < 0.3) {
        hits++;
        break;
      }
    }
  }
  return inside >= Math.max(4, steps * 0.3) ? hits / inside : null;
}

const edgeAngleCache = new WeakMap<Edges, Float32Array>();

/**
 * The edges' directions where a pixel is an edge (its magnitude above the threshold) and NaN elsewhere: one read a
 * place for `segmentSupport` instead of the magnitude's and then the direction's (made once per `Edges`).
 */
export function edgeAngles(edges: Edges): Float32Array {
  let out = edgeAngleCache.get(edges);
  if (!out) {
    const { mag, angle, threshold } = edges;
    out = new Float32Array(mag.length);
    for (let i = 0; i < mag.length; i++) out[i] = mag[i] > threshold ? angle[i] : NaN;
    edgeAngleCache.set(edges, out);
  }
  return out;
}

/** The offsets across a segment segmentSupport looks at, and (scratch, per call) their steps in x and y. */
const ACROSS = [0, -1, 1, -2, 2];
const acrossX = new Float64Array(ACROSS.length);
const acrossY = new Float64Array(ACROSS.length);

/**
 * Two roughly opposite lines seen from `click`: each one's signed distance to it in one orientation (the second line
 * turned to the first's, so the signs compare: opposite signs put the click between them), and their mean direction.
 */
export function alignPair(a: Line, b: Line, click: Point): { sa: number; sb: number; theta: number } {
  const sa = side(a, click);
  let sb = side(b, click);
  let tb = b.theta;
  if (Math.abs(a.theta - b.theta) > Math.PI / 2) {
    sb = -sb;
    tb += a.theta > tb ? Math.PI : -Math.PI;
  }
  return { sa, sb, theta: (a.theta + tb) / 2 };
}

/**
 * The pairs with the most votes, at most `cap` in each 15° direction (text lines and a row of cards make many
 * parallel pairs, which must not crowd out the other direction). Sorts `pairs` strongest first.
 */
export function strongestPerDirection<P extends { a: Line; b: Line; theta: number }>(pairs: P[], cap: number): P[] {
  pairs.sort((x, y) => y.a.votes + y.b.votes - (x.a.votes + x.b.votes));
  const perDirection = new Map<number, number>();
  return pairs.filter((p) => {
    const bucket = Math.floor((((p.theta % Math.PI) + Math.PI) % Math.PI) / (Math.PI / 12));
    const n = perDirection.get(bucket) ?? 0;
    perDirection.set(bucket, n + 1);
    return n < cap;
  });
}

/** The angle between two directions (radians), folded to 0..π/2. */
export function directionGap(t1: number, t2: number): number {
  const d = Math.abs(t1 - t2) % Math.PI;
  return d > Math.PI / 2 ? Math.PI - d : d;
}

/** Where two pairs of lines cross, in order round the quad (p.a·q.a, q.a·p.b, p.b·q.b, q.b·p.a); null if any are parallel. */
export function cornersOf(p: { a: Line; b: Line }, q: { a: Line; b: Line }): Quad | null {
  const c0 = intersect(p.a, q.a);
  const c1 = intersect(q.a, p.b);
  const c2 = intersect(p.b, q.b);
  const c3 = intersect(q.b, p.a);
  return c0 && c1 && c2 && c3 ? [c0, c1, c2, c3] : null;
}

/** The four sides' edge support as one score, the weakest side counting half (it may be hidden or cut off). */
export function supportScore(supports: number[]): { score: number; weakest: number } {
  const sorted = [...supports].sort((x, y) => x - y);
  return { score: (sorted[0] * 0.5 + sorted[1] + sorted[2] + sorted[3]) / 3.5, weakest: sorted[0] };
}

export type QuadCandidate = { quad: Quad; score: number };

/** How many pairs of each 15° direction the three-sided search takes (the crossing of pairs takes 10). */
const THREE_SIDED_PAIRS = 20;

/**
 * Card-shaped quadrilaterals around `click` from the lines: two pairs of roughly opposite lines (within 40° of
 * parallel, the click between them; a card seen at up to 45° out of its plane converges that much), the pairs
 * crossing at 50–90°, the corners' shape a card's (its sides' ratio 0.4–1, i.e. 63:88 foreshortened either way),
 * `minSide`..`maxSide` across. Scored by the sides' edge support, the weakest side counting half (a side may be
 * hidden or cut by the frame's edge). Best first, near-duplicates dropped.
 */
export function quadsFromLines(edges: Edges, lines: Line[], click: Point, minSide: number, maxSide: number, max = 12): QuadCandidate[] {
  type Pair = { a: Line; b: Line; theta: number; width: number };
  const pairs: Pair[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i];
      const b = lines[j];
      if (angleBetween(a, b) > (40 * Math.PI) / 180) continue;
      const { sa, sb, theta } = alignPair(a, b, click);
      if (sa * sb >= 0) continue;
      const width = Math.abs(sa) + Math.abs(sb);
      if (width < minSide * 0.7 || width > maxSide) continue;
      pairs.push({ a, b, theta, width });
    }
  }
  // The strongest pairs of each direction only: enough for the card's two, few enough to score every crossing.
  // The three-sided search below (a pair and one line, not pairs crossed) is cheap enough to take more of them:
  // a card cut by the frame's edge has two of its sides cut short, so their pair has few votes, and the text lines
  // and frame lines of the cards round it make many stronger pairs in the same direction.
  const forThreeSides = strongestPerDirection([...pairs], THREE_SIDED_PAIRS);
  const strongest = strongestPerDirection(pairs, 10);
  pairs.length = 0;
  pairs.push(...strongest);
  // A side between two crossings lies on one line from one crossing line to another: the same side recurs in
  // several quads and three-sided outlines, measured once (the same points, so the same share, bit for bit).
  const index = new Map<Line, number>();
  lines.forEach((l, i) => index.set(l, i));
  const supportMemo = new Map<number, number | null>();
  const along = (on: Line, from: Line, to: Line, a: Point, b: Point): number | null => {
    const key = (index.get(on)! * lines.length + index.get(from)!) * lines.length + index.get(to)!;
    let v = supportMemo.get(key);
    if (v === undefined) {
      v = segmentSupport(edges, a, b);
      supportMemo.set(key, v);
    }
    return v;
  };
  const found: QuadCandidate[] = [];
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const p = pairs[i];
      const q = pairs[j];
      if (directionGap(p.theta, q.theta) < (50 * Math.PI) / 180) continue;
      const ratio = Math.min(p.width, q.width) / Math.max(p.width, q.width);
      if (ratio < 0.4) continue;
      const quad = cornersOf(p, q);
      if (!quad) continue;
      const [c0, c1, c2, c3] = quad;
      if (!convexAround(quad, click)) continue;
      const sides = [dist(c0, c1), dist(c1, c2), dist(c2, c3), dist(c3, c0)];
      const short = Math.min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2);
      const long = Math.max((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2);
      if (long > maxSide * 1.3 || long < minSide || short / long < 0.4) continue;
      // Opposite sides of a card in perspective differ, but not by more than about 2:1.
      if (Math.min(sides[0], sides[2]) / Math.max(sides[0], sides[2]) < 0.5) continue;
      if (Math.min(sides[1], sides[3]) / Math.max(sides[1], sides[3]) < 0.5) continue;
      // Most of it in the frame: at most about a third of the card cut by the frame's edge.
      if (insideShare(quad, edges.width, edges.height) < 0.6) continue;
      // The sides in order round the quad (cornersOf): on q.a from p.a to p.b, on p.b from q.a to q.b, on q.b from
      // p.b to p.a, on p.a from q.b to q.a.
      const supports = [
        along(q.a, p.a, p.b, c0, c1) ?? 0.35,
        along(p.b, q.a, q.b, c1, c2) ?? 0.35,
        along(q.b, p.b, p.a, c2, c3) ?? 0.35,
        along(p.a, q.b, q.a, c3, c0) ?? 0.35,
      ];
      const { score } = supportScore(supports);
      if (score < 0.3) continue;
      found.push({ quad, score });
    }
  }
  // Three sides found, the fourth hidden or out of the frame: a pair of opposite sides and one line across them,
  // the missing side placed where a card's 63:88 shape puts it (the pair taken as the long sides or the short).
  for (const p of forThreeSides) {
    for (const l of lines) {
      if (l === p.a || l === p.b) continue;
      if (directionGap(p.theta, l.theta) < (60 * Math.PI) / 180) continue;
      const c0 = intersect(p.a, l);
      const c1 = intersect(p.b, l);
      if (!c0 || !c1) continue;
      // The side along the line is the same for both lengths: measured once, when a length gets that far.
      let s0: number | undefined;
      const across = dist(c0, c1);
      // Which way from the line the card lies: towards the click.
      const towards = side(l, click) > 0 ? 1 : -1;
      const nx = Math.cos(l.theta) * towards;
      const ny = Math.sin(l.theta) * towards;
      for (const length of [across / (63 / 88), across * (63 / 88)]) {
        if (length < minSide * 0.7 || Math.max(length, across) > maxSide * 1.3) continue;
        const c2 = { x: c1.x + nx * length, y: c1.y + ny * length };
        const c3 = { x: c0.x + nx * length, y: c0.y + ny * length };
        const quad: Quad = [c0, c1, c2, c3];
        if (!convexAround(quad, click) || insideShare(quad, edges.width, edges.height) < 0.6) continue;
        // The fourth side: unseen (out of the frame) or weak; the three found must hold up (each at least 0.4:
        // the next is measured only when the last did).
        s0 ??= along(l, p.a, p.b, c0, c1) ?? 0.35;
        if (s0 < 0.4) continue;
        const s1 = segmentSupport(edges, c1, c2) ?? 0.35;
        if (s1 < 0.4) continue;
        const s3 = segmentSupport(edges, c3, c0) ?? 0.35;
        const score = ((s0 + s1 + s3) / 3) * 0.85;
        if (Math.min(s0, s1, s3) < 0.4 || score < 0.3) continue;
        found.push({ quad, score });
      }
    }
  }
  found.sort((x, y) => y.score - x.score);
  const kept: QuadCandidate[] = [];
  for (const f of found) {
    if (kept.length >= max) break;
    const size = Math.sqrt(polygonArea4(f.quad));
    if (kept.some((k) => k.quad.every((p, idx) => dist(p, f.quad[idx]) < size * 0.04))) continue;
    kept.push(f);
  }
  return kept;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function polygonArea4(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return Math.abs(s) / 2;
}

/** Convex, non-degenerate, with the click strictly inside. */
function convexAround(q: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    const c = q[(i + 2) % 4];
    const turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    const at = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (turn === 0 || at === 0) return false;
    const s = turn > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    if (s !== sign || (at > 0 ? 1 : -1) !== sign) return false;
  }
  return true;
}

/** Share of the quad's area inside the w×h image (a 6×6 sample of the quad's bilinear patch). */
export function insideShare(q: Quad, w: number, h: number): number {
  let inside = 0;
  for (let j = 0; j < 6; j++) {
    for (let i = 0; i < 6; i++) {
      const u = (i + 0.5) / 6;
      const v = (j + 0.5) / 6;
      const x = (1 - v) * ((1 - u) * q[0].x + u * q[1].x) + v * ((1 - u) * q[3].x + u * q[2].x);
      const y = (1 - v) * ((1 - u) * q[0].y + u * q[1].y) + v * ((1 - u) * q[3].y + u * q[2].y);
      if (x >= 0 && y >= 0 && x <= w && y <= h) inside++;
    }
  }
  return inside / 36;
}
