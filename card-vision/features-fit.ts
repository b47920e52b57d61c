// Matching a click's keypoints against a few references' and fitting each reference's matches with a homography by
// RANSAC: the inliers say whether the reference is the card under the click (and which of several near hashes it
// is), the homography where its corners lie, however much of its outline is hidden, glared or lost in a sleeve.
import { DESC_WORDS, seeded, type Features } from "./features";
import { insideConvex } from "./geometry";
import type { Point, Quad } from "./warp";
import { CARD_H, CARD_W } from "./warp";

/** Bits set in a 32-bit word. */
function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Hamming distance between descriptor `i` of `a` and descriptor `j` of `b`. */
export function descriptorDistance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  let d = 0;
  const ai = i * DESC_WORDS;
  const bj = j * DESC_WORDS;
  for (let k = 0; k < DESC_WORDS; k++) d += popcount(a[ai + k] ^ b[bj + k]);
  return d;
}

/** A match: a point of the reference's canonical card and where it lies in the frame. */
export type Correspondence = { from: Point; to: Point };

export type MatchOptions = {
  /** Nearest over second-nearest at most this (Lowe's ratio test; default 0.8). */
  ratio?: number;
  /** A match farther than this many of 256 bits is dropped (default 64). */
  maxDistance?: number;
};

/**
 * Each query keypoint's nearest reference keypoint among all the references at once, kept when it passes the ratio
 * test against the nearest keypoint elsewhere (another reference, or the same reference more than a few pixels
 * away: each reference holds one corner at several scales, which must not fail the test against itself).
 */
export function matchAll(query: Features, refs: Features[], options: MatchOptions = {}): Correspondence[][] {
  const ratio = options.ratio ?? 0.8;
  const maxDistance = options.maxDistance ?? 64;
  const out: Correspondence[][] = refs.map(() => []);
  const q = query.desc;
  for (let i = 0; i < query.count; i++) {
    let d1 = 1e9;
    let r1 = -1;
    let j1 = -1;
    let d2 = 1e9;
    for (let r = 0; r < refs.length; r++) {
      const ref = refs[r];
      const rd = ref.desc;
      for (let j = 0; j < ref.count; j++) {
        // Inlined descriptorDistance: this loop is the fit's cost.
        let d = 0;
        const qi = i * DESC_WORDS;
        const rj = j * DESC_WORDS;
        for (let k = 0; k < DESC_WORDS && d < d2; k++) d += popcount(q[qi + k] ^ rd[rj + k]);
        if (d >= d2) continue;
        if (d < d1) {
          const same = r === r1 && Math.abs(ref.x[j] - ref.x[j1]) + Math.abs(ref.y[j] - ref.y[j1]) < 8;
          if (!same) d2 = d1;
          d1 = d;
          r1 = r;
          j1 = j;
        } else {
          const same = r === r1 && Math.abs(ref.x[j] - ref.x[j1]) + Math.abs(ref.y[j] - ref.y[j1]) < 8;
          if (!same) d2 = d;
        }
      }
    }
    if (r1 < 0 || d1 > maxDistance || d1 > ratio * d2) continue;
    out[r1].push({ from: { x: refs[r1].x[j1], y: refs[r1].y[j1] }, to: { x: query.x[i], y: query.y[i] } });
  }
  return out;
}

/** Solves the n×n system a·x = b in place (partial pivoting); null when singular. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (Math.abs(a[p * n + c]) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k], a[c * n + k]];
      [b[c], b[p]] = [b[p], b[c]];
    }
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / a[c * n + c];
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= a[r * n + k] * x[k];
    x[r] = s / a[r * n + r];
  }
  return x;
}

/** A homography (3×3 row-major, h22 = 1) taking `from` to `to`: exact for four pairs, least squares for more. */
export function homographyFrom(pairs: Correspondence[]): number[] | null {
  if (pairs.length < 4) return null;
  // Coordinates scaled near 1 (Hartley's normalisation, by a fixed scale) so the normal equations stay well posed.
  const s = 1 / 256;
  const ata = new Float64Array(64);
  const atb = new Float64Array(8);
  const row = new Float64Array(8);
  const add = (v: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] += row[i] * v;
      for (let j = 0; j < 8; j++) ata[i * 8 + j] += row[i] * row[j];
    }
  };
  for (const { from, to } of pairs) {
    const x = from.x * s;
    const y = from.y * s;
    const u = to.x * s;
    const v = to.y * s;
    row.set([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    add(u);
    row.set([0, 0, 0, x, y, 1, -v * x, -v * y]);
    add(v);
  }
  const m = solve(ata, atb, 8);
  if (!m) return null;
  // Undo the scaling: H = S⁻¹·Hs·S with S = diag(s, s, 1).
  return [m[0], m[1], m[2] / s, m[3], m[4], m[5] / s, m[6] * s, m[7] * s, 1];
}

export function project(h: number[], p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

export type FitOptions = {
  /** RANSAC's tries (default 400). */
  iterations?: number;
  /** How far (frame pixels) a projected match may land from its keypoint and count as an inlier (default 6). */
  tolerance?: number;
  /** The seed of RANSAC's samples (default 1): the same frame fits the same way every run. */
  seed?: number;
};

export type Fit = { inliers: number; homography: number[] | null };

/** Three points nearly on a line (a sample that fixes no homography). */
function collinear(a: Point, b: Point, c: Point): boolean {
  return Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) < 25;
}

/**
 * The homography most matches agree with (RANSAC: homographies of four random matches, each scored by the matches
 * it carries within `tolerance`; the best refitted on its inliers) and how many agree. `accept` rejects a
 * homography before it is scored (an implausible card: mirrored, folded, the wrong shape).
 */
export function ransacHomography(pairs: Correspondence[], accept: (h: number[]) => boolean, options: FitOptions = {}): Fit {
  const n = pairs.length;
  if (n < 4) return { inliers: 0, homography: null };
  const iterations = options.iterations ?? 400;
  const tol2 = (options.tolerance ?? 6) ** 2;
  const next = seeded(options.seed ?? 1);
  const inliersOf = (h: number[]) => {
    let k = 0;
    for (const { from, to } of pairs) {
      const p = project(h, from);
      if ((p.x - to.x) ** 2 + (p.y - to.y) ** 2 <= tol2) k++;
    }
    return k;
  };
  let best = 0;
  let bestH: number[] | null = null;
  for (let it = 0; it < iterations; it++) {
    const idx = new Set<number>();
    while (idx.size < 4) idx.add(Math.floor(next() * n));
    const sample = [...idx].map((i) => pairs[i]);
    const [a, b, c, d] = sample.map((s) => s.from);
    if (collinear(a, b, c) || collinear(a, b, d) || collinear(a, c, d) || collinear(b, c, d)) continue;
    const h = homographyFrom(sample);
    if (!h || !accept(h)) continue;
    const k = inliersOf(h);
    if (k > best) {
      best = k;
      bestH = h;
      if (best > 0.8 * n) break;
    }
  }
  if (!bestH) return { inliers: 0, homography: null };
  // Refit on the inliers (twice: the refit may gather a few more).
  for (let round = 0; round < 2; round++) {
    const h0 = bestH;
    const inl = pairs.filter(({ from, to }) => {
      const p = project(h0, from);
      return (p.x - to.x) ** 2 + (p.y - to.y) ** 2 <= tol2;
    });
    const h = homographyFrom(inl);
    if (!h || !accept(h)) break;
    const k = inliersOf(h);
    if (k < best) break;
    best = k;
    bestH = h;
  }
  return { inliers: best, homography: bestH };
}

/** The canonical card's corners through a homography: where the card lies in the frame. */
export function cardQuad(h: number[]): Quad {
  return [
    project(h, { x: 0, y: 0 }),
    project(h, { x: CARD_W, y: 0 }),
    project(h, { x: CARD_W, y: CARD_H }),
    project(h, { x: 0, y: CARD_H }),
  ];
}

/**
 * Whether a homography puts a card where a card can lie: a convex quad the right way round (not mirrored), its
 * opposite sides within 2:1 of each other (perspective up to ~60° out of the table's plane), its shape between
 * 0.4 and 1.3 wide for its height (a 63:88 card foreshortened), at least `minSide` pixels on each side, and around
 * the click.
 */
export function plausibleCard(q: Quad, click: Point, minSide: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    const c = q[(i + 2) % 4];
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (!Number.isFinite(cross) || cross <= 0) return false;
    sign++;
  }
  if (sign !== 4) return false;
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const top = d(q[0], q[1]);
  const bottom = d(q[3], q[2]);
  const left = d(q[0], q[3]);
  const right = d(q[1], q[2]);
  if (Math.min(top, bottom, left, right) < minSide) return false;
  if (Math.max(top, bottom) > 2 * Math.min(top, bottom) || Math.max(left, right) > 2 * Math.min(left, right)) return false;
  const aspect = (top + bottom) / (left + right);
  if (aspect < 0.4 || aspect > 1.3) return false;
  return insideConvex(q, click);
}

export type Verified = { id: string; inliers: number; matches: number; quad: Quad | null };

/**
 * Fits each reference's matches (from `matchAll`) and returns, best first, how many inliers each plausible card
 * fit carries and its corners in the frame.
 */
export function fitEach(ids: string[], matches: Correspondence[][], click: Point, minSide: number, options: FitOptions = {}): Verified[] {
  const out = ids.map((id, r) => {
    const pairs = matches[r];
    if (pairs.length < 6) return { id, inliers: 0, matches: pairs.length, quad: null };
    const fit = ransacHomography(pairs, (h) => plausibleCard(cardQuad(h), click, minSide), options);
    return { id, inliers: fit.inliers, matches: pairs.length, quad: fit.homography ? cardQuad(fit.homography) : null };
  });
  return out.sort((a, b) => b.inliers - a.inliers);
}
