/**
 * Over 300 lines: the fit's steps (matching, the homography's solve, RANSAC, guided re-matching, the plausible-card
 * test) share their types and are read together; each is a small exported function with its own test.
 */
// Matching a click's keypoints against a few references' and fitting each reference's matches with a homography by
// RANSAC: the inliers say whether the reference is the card under the click (and which of several near hashes it
// is), the homography where its corners lie, however much of its outline is hidden, glared or lost in a sleeve.
import { DESC_WORDS, seeded, UNIQUE_REGION, type Features } from "./features";
import { convexHull, insideConvex, polygonArea } from "./geometry";
import type { Point, Quad } from "./warp";
import { CARD_H, CARD_W } from "./warp";
import { popcount32 } from "./popcount";
import { descriptorScan, type DescriptorScan } from "./descriptor-scan";

/** Hamming distance between descriptor `i` of `a` and descriptor `j` of `b`. */
export function descriptorDistance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  let d = 0;
  const ai = i * DESC_WORDS;
  const bj = j * DESC_WORDS;
  for (let k = 0; k < DESC_WORDS; k++) d += popcount32(a[ai + k] ^ b[bj + k]);
  return d;
}

/** A match: a point of the reference's canonical card and where it lies in the frame. */
export type Correspondence = { from: Point; to: Point; quality?: number };

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
  // A second nearest past maxDistance / ratio passes every match within maxDistance: the scan keeps only the
  // reference keypoints nearer than that, in order, and the nearest two are sought among those alone.
  const cap = Math.ceil(maxDistance / ratio) + 1;
  const out: Correspondence[][] = refs.map(() => []);
  const scan = descriptorScan(refs);
  const nearest = new Int32Array(4);
  for (let i = 0; i < query.count; i++) {
    nearestTwo(scan, 0, scan.below(query.desc, i * DESC_WORDS, cap), 0, refs, cap, nearest);
    const d1 = nearest[0];
    const r1 = nearest[1];
    const j1 = nearest[2];
    if (r1 < 0 || d1 > maxDistance || d1 > ratio * nearest[3]) continue;
    out[r1].push({ from: { x: refs[r1].x[j1], y: refs[r1].y[j1] }, to: { x: query.x[i], y: query.y[i] } });
  }
  return out;
}

/**
 * The nearest reference keypoint and the second nearest elsewhere, both under `cap`, among a scan's finds `from` to
 * `to` - 1 (in the scan's order, the first of them in reference `r`): `out` gets [nearest distance, its reference or
 * -1, its index in that reference, second nearest distance] (`cap` where none). Elsewhere is another reference, or
 * the same one more than a few pixels away: one corner kept at several scales must not fail the test against itself.
 * `matchAll` asks it over every reference's finds, `matchEach` over one reference's.
 */
export function nearestTwo(
  scan: DescriptorScan,
  from: number,
  to: number,
  r: number,
  refs: Features[],
  cap: number,
  out: Int32Array,
): void {
  const { starts, index, distance } = scan;
  let d1 = cap;
  let r1 = -1;
  let j1 = -1;
  let d2 = cap;
  for (let e = from; e < to; e++) {
    const d = distance[e];
    while (index[e] >= starts[r + 1]) r++;
    if (d >= d2) continue;
    const ref = refs[r];
    const j = index[e] - starts[r];
    const same = r === r1 && Math.abs(ref.x[j] - ref.x[j1]) + Math.abs(ref.y[j] - ref.y[j1]) < 8;
    if (d < d1) {
      if (!same) d2 = d1;
      d1 = d;
      r1 = r;
      j1 = j;
    } else if (!same) d2 = d;
  }
  out[0] = d1;
  out[1] = r1;
  out[2] = j1;
  out[3] = d2;
}

/**
 * Each query keypoint's nearest keypoint in each reference on its own, kept for that reference when it passes the
 * ratio test against the second nearest in the same reference (not one elsewhere, as `matchAll`): a stranger's
 * similar corner no longer takes the right card's match away, so the fit can weigh more candidates. A query keypoint
 * may match several references; each reference's fit and the rule (`fitAccepts`) then weigh them against each other.
 */
export function matchEach(query: Features, refs: Features[], options: MatchOptions = {}): Correspondence[][] {
  const ratio = options.ratio ?? 0.8;
  const maxDistance = options.maxDistance ?? 64;
  // A second nearest past maxDistance / ratio passes every match within maxDistance: no need to know it exactly,
  // so the scan keeps only the keypoints nearer than that.
  const cap = Math.ceil(maxDistance / ratio) + 1;
  const n = query.count;
  // Each query keypoint's nearest and second nearest in each reference (distance, and the nearest's index).
  const first = new Uint16Array(refs.length * n).fill(cap);
  const second = new Uint16Array(refs.length * n).fill(cap);
  const at = new Int32Array(refs.length * n).fill(-1);
  const q = query.desc;
  const nearest = new Int32Array(4);
  const scan = descriptorScan(refs);
  const { starts, index } = scan;
  for (let i = 0; i < n; i++) {
    const found = scan.below(q, i * DESC_WORDS, cap);
    // The found keypoints are in the scan's order: each reference's are one run of them.
    for (let r = 0, e = 0; r < refs.length && e < found; r++) {
      const from = e;
      while (e < found && index[e] < starts[r + 1]) e++;
      if (e === from) continue;
      nearestTwo(scan, from, e, r, refs, cap, nearest);
      first[r * n + i] = nearest[0];
      at[r * n + i] = nearest[2];
      second[r * n + i] = nearest[3];
    }
  }
  const out: Correspondence[][] = refs.map(() => []);
  for (let i = 0; i < n; i++) {
    // The nearest and second nearest over every reference: a match's quality is its ratio against the nearest
    // elsewhere too (`matchAll`'s test), so the fit samples the matches no other reference explains first.
    let best = cap;
    let next = cap;
    for (let r = 0; r < refs.length; r++) {
      const d = first[r * n + i];
      if (d < best) {
        next = best;
        best = d;
      } else if (d < next) next = d;
    }
    for (let r = 0; r < refs.length; r++) {
      const d1 = first[r * n + i];
      const j1 = at[r * n + i];
      if (j1 < 0 || d1 > maxDistance || d1 > ratio * second[r * n + i]) continue;
      const elsewhere = d1 === best ? next : best;
      const quality = d1 / Math.max(1, Math.min(second[r * n + i], elsewhere));
      out[r].push({ from: { x: refs[r].x[j1], y: refs[r].y[j1] }, to: { x: query.x[i], y: query.y[i] }, quality });
    }
  }
  return out;
}

/** Solves the n×n system a·x = b in place (partial pivoting) into `x`; null when singular. */
function solve(a: Float64Array, b: Float64Array, n: number, x = new Float64Array(n)): Float64Array | null {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (Math.abs(a[p * n + c]) < 1e-12) return null;
    if (p !== c) {
      for (let k = 0; k < n; k++) {
        const t = a[c * n + k];
        a[c * n + k] = a[p * n + k];
        a[p * n + k] = t;
      }
      const t = b[c];
      b[c] = b[p];
      b[p] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / a[c * n + c];
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= a[r * n + k] * x[k];
    x[r] = s / a[r * n + r];
  }
  return x;
}

/** The coordinates' scale in the normal equations (Hartley's normalisation, by a fixed scale): near 1, well posed. */
const HOMOGRAPHY_SCALE = 1 / 256;

/** The least-squares normal equations (AᵀA, Aᵀb) of the eight unknowns of a homography taking `from` to `to`. */
export function normalEquations(pairs: Correspondence[]): { ata: Float64Array; atb: Float64Array } {
  const ata = new Float64Array(64);
  const atb = new Float64Array(8);
  normalEquationsInto(pairs, ata, atb);
  return { ata, atb };
}

/**
 * `normalEquations` into the given arrays: each equation's row has five nonzero entries (x, y, 1 and −u·x, −u·y for
 * the `u` row; the `v` row likewise), so only those products are summed, written out, the upper triangle only (a
 * product by the row's 1 left out, which is exact), and the lower triangle copied from the upper. Every entry adds
 * the same products in the same order as the full 8×8 outer products (pair by pair, the `u` row's before the `v`
 * row's), so every sum is theirs, bit for bit (the test's plain form), for a small part of the work: RANSAC solves a
 * homography per try, ~1,500 a reference (this was half of the fit's time against the pool).
 */
function normalEquationsInto(pairs: Correspondence[], a: Float64Array, b: Float64Array): void {
  const s = HOMOGRAPHY_SCALE;
  a.fill(0);
  b.fill(0);
  for (let k = 0; k < pairs.length; k++) {
    const { from, to } = pairs[k];
    const x = from.x * s;
    const y = from.y * s;
    const u = to.x * s;
    const v = to.y * s;
    // The u row: x, y, 1 at 0–2, −u·x and −u·y at 6–7 (entry (i, j) of AᵀA at i·8 + j).
    const r6 = -u * x;
    const r7 = -u * y;
    b[0] += x * u;
    a[0] += x * x;
    a[1] += x * y;
    a[2] += x;
    a[6] += x * r6;
    a[7] += x * r7;
    b[1] += y * u;
    a[9] += y * y;
    a[10] += y;
    a[14] += y * r6;
    a[15] += y * r7;
    b[2] += u;
    a[18] += 1;
    a[22] += r6;
    a[23] += r7;
    b[6] += r6 * u;
    a[54] += r6 * r6;
    a[55] += r6 * r7;
    b[7] += r7 * u;
    a[63] += r7 * r7;
    // The v row: x, y, 1 at 3–5, −v·x and −v·y at 6–7.
    const s6 = -v * x;
    const s7 = -v * y;
    b[3] += x * v;
    a[27] += x * x;
    a[28] += x * y;
    a[29] += x;
    a[30] += x * s6;
    a[31] += x * s7;
    b[4] += y * v;
    a[36] += y * y;
    a[37] += y;
    a[38] += y * s6;
    a[39] += y * s7;
    b[5] += v;
    a[45] += 1;
    a[46] += s6;
    a[47] += s7;
    b[6] += s6 * v;
    a[54] += s6 * s6;
    a[55] += s6 * s7;
    b[7] += s7 * v;
    a[63] += s7 * s7;
  }
  for (let i = 0; i < 8; i++) for (let j = i + 1; j < 8; j++) a[j * 8 + i] = a[i * 8 + j];
}

/** `homographyFrom`'s scratch: the system and its solution (it keeps neither). */
const SCRATCH = { ata: new Float64Array(64), atb: new Float64Array(8), x: new Float64Array(8) };

/** A homography (3×3 row-major, h22 = 1) taking `from` to `to`: exact for four pairs, least squares for more. */
export function homographyFrom(pairs: Correspondence[]): number[] | null {
  if (pairs.length < 4) return null;
  const { ata, atb, x } = SCRATCH;
  normalEquationsInto(pairs, ata, atb);
  const m = solve(ata, atb, 8, x);
  if (!m) return null;
  // Undo the scaling: H = S⁻¹·Hs·S with S = diag(s, s, 1).
  const s = HOMOGRAPHY_SCALE;
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
  /** The frame's height: a fitted card must also be card-sized and card-shaped in it (`plausibleCard`'s limits). */
  frameHeight?: number;
};

/** `from`: the inliers' points on the reference's canonical card (where on the card the fit's evidence lies). */
export type Fit = { inliers: number; homography: number[] | null; from?: Point[] };

/** RANSAC's tries on graded matches (`matchEach`: a reference's loose matches, best first). */
const GRADED_ITERATIONS = 1500;

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
  const graded = pairs.every((p) => p.quality !== undefined);
  // Graded matches (`matchEach`) are many, few of them true: more tries, each cheap (a projection per match).
  const iterations = options.iterations ?? (graded ? GRADED_ITERATIONS : 400);
  const tol2 = (options.tolerance ?? 6) ** 2;
  const next = seeded(options.seed ?? 1);
  const fits = (h: number[], { from, to }: Correspondence) => {
    const p = project(h, from);
    return (p.x - to.x) ** 2 + (p.y - to.y) ** 2 <= tol2;
  };
  // Counted without a list in RANSAC's tries (`countInliers`, over the pairs' coordinates in flat arrays); listed
  // for the refits and the answer.
  const coords = flatPairs(pairs);
  const inliersOf = (h: number[], atLeast = 0) => countInliers(h, coords, tol2, atLeast);
  const inliersUnder = (h: number[]) => pairs.filter((pair) => fits(h, pair));
  let best = 0;
  let bestH: number[] | null = null;
  // With each match's quality (its ratio, `matchEach`), the samples are drawn from the best matches first and from
  // more of them as the tries go on (PROSAC's progressive sampling): a card's few true matches among many loose
  // ones are sampled together far sooner than by uniform draws.
  const order = graded ? pairs.map((_, i) => i).sort((a, b) => pairs[a].quality! - pairs[b].quality!) : null;
  // The sample's four distinct indices, drawn until four differ (a repeat is drawn again, as a set would).
  const picked = new Int32Array(4);
  const sample: Correspondence[] = [pairs[0], pairs[0], pairs[0], pairs[0]];
  for (let it = 0; it < iterations; it++) {
    const pool = order ? Math.min(n, Math.max(8, Math.ceil((2 * n * (it + 1)) / iterations))) : n;
    for (let m = 0; m < 4;) {
      const i = order ? order[Math.floor(next() * pool)] : Math.floor(next() * n);
      if ((m > 0 && picked[0] === i) || (m > 1 && picked[1] === i) || (m > 2 && picked[2] === i)) continue;
      picked[m] = i;
      sample[m++] = pairs[i];
    }
    const a = sample[0].from;
    const b = sample[1].from;
    const c = sample[2].from;
    const d = sample[3].from;
    if (collinear(a, b, c) || collinear(a, b, d) || collinear(a, c, d) || collinear(b, c, d)) continue;
    const h = homographyFrom(sample);
    if (!h || !accept(h)) continue;
    // Only a count above the best matters here: the count may stop once it cannot get there.
    const k = inliersOf(h, best + 1);
    if (k > best) {
      best = k;
      bestH = h;
      if (best > 0.8 * n) break;
    }
  }
  if (!bestH) return { inliers: 0, homography: null };
  // Refit on the inliers (twice: the refit may gather a few more).
  for (let round = 0; round < 2; round++) {
    const h = homographyFrom(inliersUnder(bestH));
    if (!h || !accept(h)) break;
    const k = inliersOf(h);
    if (k < best) break;
    best = k;
    bestH = h;
  }
  return { inliers: best, homography: bestH, from: inliersUnder(bestH).map((p) => p.from) };
}

/** The pairs' coordinates in one flat array: from.x, from.y, to.x, to.y of each pair in turn (`countInliers`). */
export function flatPairs(pairs: Correspondence[]): Float64Array {
  const out = new Float64Array(pairs.length * 4);
  for (let i = 0; i < pairs.length; i++) {
    const { from, to } = pairs[i];
    out[i * 4] = from.x;
    out[i * 4 + 1] = from.y;
    out[i * 4 + 2] = to.x;
    out[i * 4 + 3] = to.y;
  }
  return out;
}

/**
 * How many of the pairs (`flatPairs`) homography `h` takes within √`tol2` of their match: `project`'s arithmetic in
 * the same order, written out (no point made a pair; RANSAC counts ~1,500 a reference). With `atLeast`, the count
 * stops as soon as the pairs left cannot bring it there and returns what it has, below `atLeast`.
 */
export function countInliers(h: number[], coords: Float64Array, tol2: number, atLeast = 0): number {
  const h0 = h[0];
  const h1 = h[1];
  const h2 = h[2];
  const h3 = h[3];
  const h4 = h[4];
  const h5 = h[5];
  const h6 = h[6];
  const h7 = h[7];
  const h8 = h[8];
  const n = coords.length >> 2;
  let k = 0;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    if (k + (n - i) < atLeast) return k;
    const x = coords[o];
    const y = coords[o + 1];
    const w = h6 * x + h7 * y + h8;
    const px = (h0 * x + h1 * y + h2) / w;
    const py = (h3 * x + h4 * y + h5) / w;
    if ((px - coords[o + 2]) ** 2 + (py - coords[o + 3]) ** 2 <= tol2) k++;
  }
  return k;
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
 * the click. With `frameHeight` (`CardLimits`), also a card's size and corners: its long sides 10–100% of the frame's
 * height and every corner 35–145° (a card tilted up to 45° out of the table's plane and turned any way keeps its
 * corners within ~55–125°; the right card's looser fits on the photographs reach 39–140°, a stranger's chance fit
 * of 4–8 matches often 15–175° or a card several frames high).
 */
export function plausibleCard(q: Quad, click: Point, minSide: number, limits?: CardLimits): boolean {
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
  if (limits) {
    const height = (left + right) / 2;
    if (height < CARD_SIZE[0] * limits.frameHeight || height > CARD_SIZE[1] * limits.frameHeight) return false;
    const shape = quadShape(q);
    if (shape.minAngle < CARD_ANGLES[0] || shape.maxAngle > CARD_ANGLES[1]) return false;
  }
  return insideConvex(q, click);
}

/** The frame a fitted card must fit in (`plausibleCard`): its height in pixels. */
export type CardLimits = { frameHeight: number };
/** A fitted card's long sides, in frame heights (the cards are 10–60% high; a close one up to a whole frame). */
export const CARD_SIZE = [0.1, 1] as const;
/** A fitted card's corners, in degrees (`plausibleCard`). */
export const CARD_ANGLES = [35, 145] as const;

/** `firstInliers`: the RANSAC fit's own inliers, before guided matching (`guidedRefit`) added any. */
export type Verified = {
  id: string;
  inliers: number;
  matches: number;
  quad: Quad | null;
  firstInliers?: number;
  /** The inliers' hull over the reference's keypoint region (UNIQUE_REGION), 0–1: how much of the card agrees. */
  spread?: number;
  /** `clickScaleRatio`: the fit's magnification at the click over that at its inliers. */
  clickScale?: number;
};

/** The share of the reference's keypoint region (UNIQUE_REGION) the hull of `from` covers. */
export function spreadOf(from: Point[] | undefined): number {
  if (!from || from.length < 3) return 0;
  const region = UNIQUE_REGION.w * CARD_W * UNIQUE_REGION.h * CARD_H;
  return polygonArea(convexHull(from)) / region;
}

/** The inverse of a homography (3×3 row-major), or null when singular. */
function invert(h: number[]): number[] | null {
  const [a, b, c, d, e, f, g, i, k] = h;
  const A = e * k - f * i;
  const B = -(d * k - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) return null;
  const m = [A, -(b * k - c * i), b * f - c * e, B, a * k - c * g, -(a * f - c * d), C, -(a * i - b * g), a * e - b * d];
  return m.map((v) => v / det);
}

/** How much a homography magnifies the card around point `p` of the card (the square root of its Jacobian's determinant). */
function scaleAt(h: number[], p: Point): number {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  const u = (h[0] * p.x + h[1] * p.y + h[2]) / w;
  const v = (h[3] * p.x + h[4] * p.y + h[5]) / w;
  const ux = (h[0] - u * h[6]) / w;
  const uy = (h[1] - u * h[7]) / w;
  const vx = (h[3] - v * h[6]) / w;
  const vy = (h[4] - v * h[7]) / w;
  return Math.sqrt(Math.abs(ux * vy - uy * vx));
}

/**
 * How much more (or less) the fit magnifies the card where the click lies than where its inliers lie (≥ 1). A card
 * seen in perspective changes its scale across itself by at most its sides' ratio; a neighbour's art fitted with its
 * card stretched until it reaches the click changes it far more between the art (the inliers) and the click.
 */
export function clickScaleRatio(h: number[], from: Point[] | undefined, click: Point): number {
  if (!from || from.length === 0) return Infinity;
  const inv = invert(h);
  if (!inv) return Infinity;
  const at = project(inv, click);
  const centre = { x: from.reduce((s, p) => s + p.x, 0) / from.length, y: from.reduce((s, p) => s + p.y, 0) / from.length };
  const a = scaleAt(h, at);
  const b = scaleAt(h, centre);
  return Math.max(a / b, b / a);
}

/**
 * The most `clickScaleRatio` a fit may have. On the first photo set and unseen A the right card's fits of 7+ inliers
 * lie at 1.00–1.08 but one, Izzet Charm's loose 11-inlier fit at 1.41; strangers' chance fits of 5–9 at 1.02–1.44;
 * Mahamoti Djinn's art fitted with its card stretched over Fireball below it (14 inliers, unseen A) at 1.89.
 */
export const CLICK_SCALE_MAX = 1.5;

/** A quad's shape: its opposite sides' larger ratio, its smallest and largest corner angle (degrees), its height. */
export function quadShape(q: Quad): { sides: number; minAngle: number; maxAngle: number; height: number } {
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const top = d(q[0], q[1]);
  const bottom = d(q[3], q[2]);
  const left = d(q[0], q[3]);
  const right = d(q[1], q[2]);
  const sides = Math.max(Math.max(top, bottom) / Math.min(top, bottom), Math.max(left, right) / Math.min(left, right));
  let minAngle = 180;
  let maxAngle = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[(i + 3) % 4];
    const b = q[i];
    const c = q[(i + 1) % 4];
    const u = { x: a.x - b.x, y: a.y - b.y };
    const v = { x: c.x - b.x, y: c.y - b.y };
    const angle = (Math.acos((u.x * v.x + u.y * v.y) / (Math.hypot(u.x, u.y) * Math.hypot(v.x, v.y))) * 180) / Math.PI;
    minAngle = Math.min(minAngle, angle);
    maxAngle = Math.max(maxAngle, angle);
  }
  return { sides, minAngle, maxAngle, height: (left + right) / 2 };
}

/**
 * How alike (bits of 256) a guided match's descriptors must be. 64 (the ratio-tested matches' bound) lifted strangers'
 * chance fits too (5 → 16 inliers; a card in no list named), 48 lifts the right card's (Ponder 32 → 40, Steam Vents
 * 9 → 10) and a stranger's by 0–3 (docs/decisions/2026-11-28-card-fit-rule.md).
 */
export const GUIDED_MAX_DISTANCE = 48;

/**
 * Guided matching after a first fit: each reference keypoint projected into the frame by the fit's homography is
 * matched to the nearest-described frame keypoint within `radius` pixels of where it lands (descriptor within
 * `maxDistance`, no ratio test: the place already says which corner it must be), and the homography refitted on
 * those. The right card's true corners that failed the ratio test (a sleeve's glare, repeated texture) come back; a
 * stranger's chance fit finds few keypoints described alike where its corners land.
 */
export function guidedRefit(
  h: number[],
  query: Features,
  ref: Features,
  accept: (h: number[]) => boolean,
  radius = 6,
  maxDistance = GUIDED_MAX_DISTANCE,
): Fit {
  // The frame's keypoints in a coarse grid, so each projected corner looks at its few neighbours only.
  const cell = 16;
  const grid = new Map<number, number[]>();
  const key = (x: number, y: number) => Math.floor(y / cell) * 65536 + Math.floor(x / cell);
  for (let i = 0; i < query.count; i++) {
    const k = key(query.x[i], query.y[i]);
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  }
  const r2 = radius * radius;
  const pairs: Correspondence[] = [];
  const taken = new Set<number>();
  for (let j = 0; j < ref.count; j++) {
    const from = { x: ref.x[j], y: ref.y[j] };
    const p = project(h, from);
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    let best = maxDistance + 1;
    let bi = -1;
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    for (let gy = cy - 1; gy <= cy + 1; gy++)
      for (let gx = cx - 1; gx <= cx + 1; gx++) {
        for (const i of grid.get(gy * 65536 + gx) ?? []) {
          if ((query.x[i] - p.x) ** 2 + (query.y[i] - p.y) ** 2 > r2) continue;
          const d = descriptorDistance(ref.desc, j, query.desc, i);
          if (d < best) {
            best = d;
            bi = i;
          }
        }
      }
    // One frame keypoint answers one reference corner (a corner kept at several scales would count twice).
    if (bi < 0 || taken.has(bi)) continue;
    taken.add(bi);
    pairs.push({ from, to: { x: query.x[bi], y: query.y[bi] } });
  }
  const refit = homographyFrom(pairs);
  const hh = refit && accept(refit) ? refit : h;
  const tol2 = radius * radius;
  const from: Point[] = [];
  for (const pair of pairs) {
    const p = project(hh, pair.from);
    if ((p.x - pair.to.x) ** 2 + (p.y - pair.to.y) ** 2 <= tol2) from.push(pair.from);
  }
  return { inliers: from.length, homography: hh, from };
}

/**
 * Fits each reference's matches (from `matchEach` or `matchAll`) and returns, best first, how many inliers each
 * plausible card fit carries and its corners in the frame. With `guide` (the frame's and the references' keypoints),
 * a fit of at least GUIDE_FROM inliers is refined by guided matching (`guidedRefit`) and counts the larger of the two.
 */
export function fitEach(
  ids: string[],
  matches: Correspondence[][],
  click: Point,
  minSide: number,
  options: FitOptions = {},
  guide?: { query: Features; refs: Features[] },
): Verified[] {
  const out = ids.map((id, r) => {
    const pairs = matches[r];
    if (pairs.length < 6) return { id, inliers: 0, matches: pairs.length, quad: null };
    const limits = options.frameHeight ? { frameHeight: options.frameHeight } : undefined;
    const accept = (h: number[]) => plausibleCard(cardQuad(h), click, minSide, limits);
    let fit = ransacHomography(pairs, accept, options);
    const firstInliers = fit.inliers;
    if (guide && fit.homography && fit.inliers >= GUIDE_FROM) {
      const guided = guidedRefit(fit.homography, guide.query, guide.refs[r], accept);
      if (guided.inliers > fit.inliers) fit = guided;
    }
    const clickScale = fit.homography ? clickScaleRatio(fit.homography, fit.from, click) : undefined;
    // The card must be fitted where the click is, not stretched to reach it (`clickScaleRatio`; with the limits only).
    if (options.frameHeight && clickScale !== undefined && clickScale > CLICK_SCALE_MAX)
      return { id, inliers: 0, matches: pairs.length, quad: null, firstInliers, clickScale };
    return {
      id,
      inliers: fit.inliers,
      matches: pairs.length,
      quad: fit.homography ? cardQuad(fit.homography) : null,
      firstInliers,
      spread: spreadOf(fit.from),
      clickScale,
    };
  });
  return out.sort((a, b) => b.inliers - a.inliers);
}

/** The fewest inliers a first fit needs before guided matching refines it (fewer: its homography is a guess). */
export const GUIDE_FROM = 5;
