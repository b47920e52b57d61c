// Card outlines from straight lines: a card's four sides are long straight edges even where a sleeve, a glare patch,
// another card or the frame's edge hides a corner or part of a side. Edges (Sobel), a Hough transform in which each
// edge pixel votes only near its own gradient direction, the strongest lines, and the quadrilaterals that pairs of
// opposite lines make around the click, scored by how much of each side the edges support.
import type { GrayImage } from "./image";
import type { Point, Quad } from "./warp";

export type Edges = {
  width: number;
  height: number;
  /** Gradient direction (radians, 0..π: the line through the pixel is perpendicular to it). */
  angle: Float32Array;
  mag: Float32Array;
  /** Magnitude above which a pixel is an edge. */
  threshold: number;
};

/** The q-quantile of the values, zeros included (a 256-bin histogram up to their maximum: plenty for a threshold). */
function quantile(values: Float32Array, q: number): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  if (max === 0) return 0;
  const bins = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    bins[Math.max(0, Math.min(255, Math.floor((v / max) * 256)))]++;
    n++;
  }
  const target = n * q;
  let seen = 0;
  for (let b = 0; b < 256; b++) {
    seen += bins[b];
    if (seen >= target) return ((b + 1) / 256) * max;
  }
  return max;
}

/** Sobel gradients of a (small) image: direction and magnitude, and an edge threshold from their spread. */
export function edgesOf(img: GrayImage): Edges {
  const { width: w, height: h, data: d } = img;
  const mag = new Float32Array(w * h);
  const angle = new Float32Array(w * h);
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = d[i - w + 1] + 2 * d[i + 1] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - 1] - d[i + w - 1];
      const gy = d[i + w - 1] + 2 * d[i + w] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - w] - d[i - w + 1];
      gxs[i] = gx;
      gys[i] = gy;
      mag[i] = Math.sqrt(gx * gx + gy * gy) / 4;
    }
  }
  // Low enough that a dark card on a dark playmat still has edges: the line search, not the threshold, picks.
  const threshold = Math.max(4, quantile(mag, 0.6));
  // Directions only where they are used: the edge pixels.
  for (let i = 0; i < mag.length; i++) {
    if (mag[i] <= threshold) continue;
    let a = Math.atan2(gys[i], gxs[i]);
    if (a < 0) a += Math.PI;
    if (a >= Math.PI) a -= Math.PI;
    angle[i] = a;
  }
  return { width: w, height: h, angle, mag, threshold };
}

/** A line x·cos θ + y·sin θ = ρ. */
export type Line = { theta: number; rho: number; votes: number };

const THETA_BINS = 180;
const cosT = new Float32Array(THETA_BINS);
const sinT = new Float32Array(THETA_BINS);
for (let t = 0; t < THETA_BINS; t++) {
  cosT[t] = Math.cos((t * Math.PI) / THETA_BINS);
  sinT[t] = Math.sin((t * Math.PI) / THETA_BINS);
}

/** The strongest lines of the edges, at most `max`, none within 4° and 4 px of a stronger one. */
export function houghLines(edges: Edges, max = 40): Line[] {
  const { width: w, height: h, mag, angle, threshold } = edges;
  const rMax = Math.ceil(Math.hypot(w, h));
  const rBins = 2 * rMax + 1;
  const acc = new Float32Array(THETA_BINS * rBins);
  const cap = Math.max(threshold * 1.01, quantile(mag, 0.95));
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i];
      if (m <= threshold) continue;
      const weight = Math.min(1, (m - threshold) / (cap - threshold));
      const t0 = Math.round((angle[i] * THETA_BINS) / Math.PI);
      for (let dt = -3; dt <= 3; dt++) {
        let t = t0 + dt;
        let flip = 1;
        if (t < 0) {
          t += THETA_BINS;
          flip = -1;
        } else if (t >= THETA_BINS) {
          t -= THETA_BINS;
          flip = -1;
        }
        const r = Math.round(flip * (x * cosT[t] + y * sinT[t])) + rMax;
        acc[t * rBins + r] += weight;
      }
    }
  }
  // Peaks: local maxima over ±2 bins in both directions.
  const minVotes = Math.max(6, Math.min(w, h) * 0.06);
  const peaks: Line[] = [];
  for (let t = 0; t < THETA_BINS; t++) {
    for (let r = 2; r < rBins - 2; r++) {
      const v = acc[t * rBins + r];
      if (v < minVotes) continue;
      let isMax = true;
      for (let dt = -2; dt <= 2 && isMax; dt++) {
        let tt = t + dt;
        let rr = r;
        if (tt < 0 || tt >= THETA_BINS) {
          tt = (tt + THETA_BINS) % THETA_BINS;
          rr = 2 * rMax - r;
        }
        for (let dr = -2; dr <= 2; dr++) {
          if (dt === 0 && dr === 0) continue;
          const o = acc[tt * rBins + rr + dr];
          if (o > v || (o === v && (dt < 0 || (dt === 0 && dr < 0)))) {
            isMax = false;
            break;
          }
        }
      }
      if (isMax) peaks.push({ theta: (t * Math.PI) / THETA_BINS, rho: r - rMax, votes: v });
    }
  }
  peaks.sort((a, b) => b.votes - a.votes);
  const kept: Line[] = [];
  for (const p of peaks) {
    if (kept.length >= max) break;
    if (kept.some((k) => lineClose(k, p))) continue;
    kept.push(p);
  }
  return kept;
}

function lineClose(a: Line, b: Line): boolean {
  let dt = Math.abs(a.theta - b.theta);
  let rb = b.rho;
  if (dt > Math.PI / 2) {
    dt = Math.PI - dt;
    rb = -rb;
  }
  return dt < (4 * Math.PI) / 180 && Math.abs(a.rho - rb) < 4;
}

function intersect(a: Line, b: Line): Point | null {
  const ca = Math.cos(a.theta);
  const sa = Math.sin(a.theta);
  const cb = Math.cos(b.theta);
  const sb = Math.sin(b.theta);
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}

/** Signed distance of a point from a line. */
const side = (l: Line, p: Point) => p.x * Math.cos(l.theta) + p.y * Math.sin(l.theta) - l.rho;

/** Angle between two lines' directions, 0..π/2. */
function angleBetween(a: Line, b: Line): number {
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
  const { width: w, height: h, mag, angle, threshold } = edges;
  let inside = 0;
  let hits = 0;
  for (let s = 0; s < steps; s++) {
    const t = 0.08 + (0.84 * (s + 0.5)) / steps;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    if (px < 1 || py < 1 || px > w - 2 || py > h - 2) continue;
    inside++;
    for (const o of [0, -1, 1, -2, 2]) {
      const x = Math.round(px + nx * o * 0.75);
      const y = Math.round(py + ny * o * 0.75);
      if (x < 1 || y < 1 || x > w - 2 || y > h - 2) continue;
      const i = y * w + x;
      if (mag[i] <= threshold) continue;
      let d = Math.abs(angle[i] - normal);
      if (d > Math.PI / 2) d = Math.PI - d;
      if (d < 0.3) {
        hits++;
        break;
      }
    }
  }
  return inside >= Math.max(4, steps * 0.3) ? hits / inside : null;
}

export type QuadCandidate = { quad: Quad; score: number };

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
      const sa = side(a, click);
      let sb = side(b, click);
      // Same orientation for both, so the signs compare.
      if (Math.abs(a.theta - b.theta) > Math.PI / 2) sb = -sb;
      if (sa * sb >= 0) continue;
      const width = Math.abs(sa) + Math.abs(sb);
      if (width < minSide * 0.7 || width > maxSide) continue;
      let tb = b.theta;
      if (Math.abs(a.theta - tb) > Math.PI / 2) tb += a.theta > tb ? Math.PI : -Math.PI;
      pairs.push({ a, b, theta: (a.theta + tb) / 2, width });
    }
  }
  // The strongest pairs of each direction only (text lines and a row of cards make many parallel pairs, which must
  // not crowd out the card's other direction): enough for the card's two, few enough to score every crossing.
  pairs.sort((x, y) => y.a.votes + y.b.votes - (x.a.votes + x.b.votes));
  const perDirection = new Map<number, number>();
  const strongest = pairs.filter((p) => {
    const bucket = Math.floor((((p.theta % Math.PI) + Math.PI) % Math.PI) / (Math.PI / 12));
    const n = perDirection.get(bucket) ?? 0;
    perDirection.set(bucket, n + 1);
    return n < 10;
  });
  pairs.length = 0;
  pairs.push(...strongest);
  const found: QuadCandidate[] = [];
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const p = pairs[i];
      const q = pairs[j];
      let d = Math.abs(p.theta - q.theta) % Math.PI;
      if (d > Math.PI / 2) d = Math.PI - d;
      if (d < (50 * Math.PI) / 180) continue;
      const ratio = Math.min(p.width, q.width) / Math.max(p.width, q.width);
      if (ratio < 0.4) continue;
      const c0 = intersect(p.a, q.a);
      const c1 = intersect(q.a, p.b);
      const c2 = intersect(p.b, q.b);
      const c3 = intersect(q.b, p.a);
      if (!c0 || !c1 || !c2 || !c3) continue;
      const quad: Quad = [c0, c1, c2, c3];
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
      const supports: number[] = [];
      for (let k = 0; k < 4; k++) supports.push(segmentSupport(edges, quad[k], quad[(k + 1) % 4]) ?? 0.35);
      supports.sort((x, y) => x - y);
      const score = (supports[0] * 0.5 + supports[1] + supports[2] + supports[3]) / 3.5;
      if (score < 0.3) continue;
      found.push({ quad, score });
    }
  }
  // Three sides found, the fourth hidden or out of the frame: a pair of opposite sides and one line across them,
  // the missing side placed where a card's 63:88 shape puts it (the pair taken as the long sides or the short).
  for (const p of pairs) {
    for (const l of lines) {
      if (l === p.a || l === p.b) continue;
      let d = Math.abs(p.theta - l.theta) % Math.PI;
      if (d > Math.PI / 2) d = Math.PI - d;
      if (d < (60 * Math.PI) / 180) continue;
      const c0 = intersect(p.a, l);
      const c1 = intersect(p.b, l);
      if (!c0 || !c1) continue;
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
        const s0 = segmentSupport(edges, c0, c1) ?? 0.35;
        const s1 = segmentSupport(edges, c1, c2) ?? 0.35;
        const s3 = segmentSupport(edges, c3, c0) ?? 0.35;
        // The fourth side: unseen (out of the frame) or weak; the three found must hold up.
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
function insideShare(q: Quad, w: number, h: number): number {
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
