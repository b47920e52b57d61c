/**
 * Over 300 lines: the detector, the orientation and the descriptor share the BRIEF pattern and the image loops;
 * split, each would import the others' constants.
 */
// Keypoints with binary descriptors (ORB's recipe, written small): FAST-9 corners ranked by a Harris response,
// oriented by the patch's intensity centroid, described by 256 steered BRIEF comparisons on a box-smoothed image.
// A reference's features are made once from its clean canonical card (at several scales, so a card seen small or
// large finds its match); a click's are made from the frame around it. Plain typed arrays, no DOM, no Node APIs.
import { resizeArea, type GrayImage } from "./image";

// Change FEATURE_VERSION (features-version.ts) with the detector, the descriptor's pattern, the scales or the region.
export { FEATURE_VERSION } from "./features-version";

/** Keypoints and their descriptors: `x`, `y` in the image's pixels, `desc` DESC_WORDS 32-bit words each. */
export type Features = { count: number; x: Float32Array; y: Float32Array; desc: Uint32Array };

export const DESC_BITS = 256;
export const DESC_WORDS = DESC_BITS / 32;
/** The BRIEF patch's radius: the comparisons lie within it at any rotation. */
const PATCH = 15;
/** How far from the image's edge a keypoint must lie (the patch, plus the box filter's half width). */
const BORDER = PATCH + 3;

/** The 16 pixels of FAST's circle of radius 3, clockwise from the top. */
export const CIRCLE: [number, number][] = [
  [0, -3],
  [1, -3],
  [2, -2],
  [3, -1],
  [3, 0],
  [3, 1],
  [2, 2],
  [1, 3],
  [0, 3],
  [-1, 3],
  [-2, 2],
  [-3, 1],
  [-3, 0],
  [-3, -1],
  [-2, -2],
  [-1, -3],
];

/** A small seeded generator (mulberry32): the BRIEF pattern and RANSAC's samples are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** BRIEF's 256 point pairs, Gaussian about the centre (σ = patch/2), inside the patch's circle; fixed by a seed. */
const PAIRS: Int8Array = (() => {
  const next = seeded(0x0b1ef);
  const gauss = () => {
    for (;;) {
      const u = next() * 2 - 1;
      const v = next() * 2 - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
    }
  };
  const out = new Int8Array(DESC_BITS * 4);
  for (let i = 0; i < DESC_BITS * 2; i++) {
    for (;;) {
      const x = Math.round(gauss() * (PATCH / 2));
      const y = Math.round(gauss() * (PATCH / 2));
      if (x * x + y * y <= (PATCH - 1) * (PATCH - 1)) {
        out[i * 2] = x;
        out[i * 2 + 1] = y;
        break;
      }
    }
  }
  return out;
})();

export type DetectOptions = {
  /** How many keypoints to keep, strongest first (spread over the image: at most a share of them per cell). */
  max?: number;
  /** FAST's brightness step (0–255): a corner's arc differs from its centre by more. */
  threshold?: number;
};

/** Harris corner response from Sobel gradients over a 7×7 window (ORB ranks FAST's corners by it). */
function harris(img: GrayImage, cx: number, cy: number): number {
  const { width: w, data: d } = img;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = cy - 3; y <= cy + 3; y++) {
    for (let x = cx - 3; x <= cx + 3; x++) {
      const i = y * w + x;
      const gx = d[i - w + 1] + 2 * d[i + 1] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - 1] - d[i + w - 1];
      const gy = d[i + w - 1] + 2 * d[i + w] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - w] - d[i - w + 1];
      xx += gx * gx;
      yy += gy * gy;
      xy += gx * gy;
    }
  }
  return xx * yy - xy * xy - 0.04 * (xx + yy) * (xx + yy);
}

/**
 * FAST-9's corners of `img` (a contiguous arc of 9 of the 16 circle pixels all brighter than the centre by more than
 * `t`, or all darker), in scan order, with FAST's own score (how far the circle lies past the step) at each.
 */
export function fastCorners(img: GrayImage, t: number): { found: number[]; score: Float32Array } {
  const { width: w, height: h, data: d } = img;
  const offsets = Int32Array.from(CIRCLE, ([dx, dy]) => dy * w + dx);
  const o0 = offsets[0];
  const o4 = offsets[4];
  const o8 = offsets[8];
  const o12 = offsets[12];
  const rest = Int32Array.from(NOT_CARDINAL, (k) => offsets[k]);
  const arcs = arcTable();
  const score = new Float32Array(w * h);
  const found: number[] = [];
  for (let y = BORDER; y < h - BORDER; y++) {
    for (let i = y * w + BORDER, end = y * w + w - BORDER; i < end; i++) {
      const p = d[i];
      const hi = p + t;
      const lo = p - t;
      // Any arc of 9 of 16 contains pixel 0 or pixel 8.
      const a = d[i + o0];
      const b = d[i + o8];
      if (a <= hi && a >= lo && b <= hi && b >= lo) continue;
      // And two neighbouring ones of pixels 0, 4, 8 and 12 (`cardinalPair`): many pixels that pass the test above
      // fail this one, before the rest of the circle is read.
      const c = d[i + o4];
      const e = d[i + o12];
      let bright = (a > hi ? 1 : 0) | (c > hi ? 0x10 : 0) | (b > hi ? 0x100 : 0) | (e > hi ? 0x1000 : 0);
      let dark = (a < lo ? 1 : 0) | (c < lo ? 0x10 : 0) | (b < lo ? 0x100 : 0) | (e < lo ? 0x1000 : 0);
      if (!cardinalPair(bright) && !cardinalPair(dark)) continue;
      for (let k = 0; k < rest.length; k++) {
        const v = d[i + rest[k]];
        if (v > hi) bright |= 1 << NOT_CARDINAL[k];
        else if (v < lo) dark |= 1 << NOT_CARDINAL[k];
      }
      if (arcs[bright] === 0 && arcs[dark] === 0) continue;
      let sum = 0;
      for (let k = 0; k < 16; k++) {
        const v = d[i + offsets[k]] - p;
        sum += v > t ? v - t : v < -t ? -v - t : 0;
      }
      score[i] = sum;
      found.push(i);
    }
  }
  return { found, score };
}

/** FAST-9 corners of `img` (`fastCorners`), local maxima of FAST's score, ranked by a Harris response. */
export function detectCorners(img: GrayImage, options: DetectOptions = {}): { x: Int32Array; y: Int32Array; count: number } {
  const max = options.max ?? 500;
  const { width: w, height: h } = img;
  // FAST's own score picks the local maxima; the costlier Harris response ranks only those.
  const { found, score } = fastCorners(img, options.threshold ?? 20);
  // Local maxima only (3×3), then the strongest, spread over a 4×4 grid so one busy patch does not take them all.
  const kept = found.filter((i) => {
    const s = score[i];
    return (
      s >= score[i - 1] &&
      s > score[i + 1] &&
      s >= score[i - w] &&
      s > score[i + w] &&
      s >= score[i - w - 1] &&
      s > score[i + w + 1] &&
      s >= score[i - w + 1] &&
      s > score[i + w - 1]
    );
  });
  // Strongest response first (a stable sort: ties keep their scan order), through their places in `kept`.
  const response = new Float64Array(kept.length);
  for (let k = 0; k < kept.length; k++) response[k] = harris(img, kept[k] % w, Math.floor(kept[k] / w));
  const byResponse = Array.from(kept.keys()).sort((a, b) => response[b] - response[a]);
  const ranked = byResponse.map((k) => kept[k]);
  const cells = 4;
  const perCell = Math.ceil((max / (cells * cells)) * 2);
  const inCell = new Int32Array(cells * cells);
  const xs = new Int32Array(max);
  const ys = new Int32Array(max);
  let count = 0;
  for (const i of ranked) {
    if (count >= max) break;
    const x = i % w;
    const y = (i - x) / w;
    const c = Math.min(cells - 1, Math.floor((y / h) * cells)) * cells + Math.min(cells - 1, Math.floor((x / w) * cells));
    if (inCell[c] >= perCell) continue;
    inCell[c]++;
    xs[count] = x;
    ys[count] = y;
    count++;
  }
  return { x: xs.subarray(0, count), y: ys.subarray(0, count), count };
}

/** The circle's pixels 0, 4, 8 and 12, as bits of a 16-bit mask of the circle. */
const CARDINALS = 0x1111;
/** The circle's other twelve pixels, read only when the four above allow a corner. */
const NOT_CARDINAL = Int32Array.from([1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15]);

/**
 * Whether a mask of the circle's pixels (bit k for pixel k) holds two neighbouring ones of pixels 0, 4, 8 and 12: an
 * arc of 9 of the 16 holds such a pair, so a pixel whose brighter and darker masks hold none is no FAST-9 corner (the
 * full test would say so too, after reading all 16).
 */
export function cardinalPair(mask: number): boolean {
  const m = mask & CARDINALS;
  // Each of the four and the next one round (0 with 4, 4 with 8, 8 with 12, 12 with 0).
  return (m & (((m << 4) | (m >>> 12)) & 0xffff)) !== 0;
}

let arcMasks: Uint8Array | null = null;
/** `arcOf9` of every 16-bit mask (64 KB, made once): one read a pixel in place of the shifts. */
function arcTable(): Uint8Array {
  if (!arcMasks) {
    arcMasks = new Uint8Array(1 << 16);
    for (let m = 1; m < 1 << 16; m++) arcMasks[m] = arcOf9(m) ? 1 : 0;
  }
  return arcMasks;
}

export function arcOf9(mask: number): boolean {
  if (mask === 0) return false;
  // Doubled so an arc across the wrap is contiguous; nine ones in a row leave a bit after eight shifts-and-ands.
  let m = mask | (mask << 16);
  for (let k = 0; k < 8; k++) m &= m >>> 1;
  return m !== 0;
}

/**
 * A 5×5 box-smoothed copy (BRIEF compares smoothed pixels so noise does not flip its bits), made where the box lies
 * inside the image (2 pixels or more from its edge) and 0 nearer: a keypoint lies BORDER from the edge and its
 * comparisons within PATCH − 1 of it, so those are never read. Each value is summed in the same order as the plain
 * form (`smoothPlain` in the tests, which clamps at the edges), so every value read is the same, bit for bit.
 */
export function smoothInside(img: GrayImage): Float32Array {
  const { width: w, height: h, data: d } = img;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  if (w < 5 || h < 5) return out;
  for (let y = 0; y < h; y++) {
    for (let i = y * w + 2, end = y * w + w - 2; i < end; i++) tmp[i] = d[i - 2] + d[i - 1] + d[i] + d[i + 1] + d[i + 2];
  }
  const w2 = 2 * w;
  for (let y = 2; y < h - 2; y++) {
    for (let i = y * w + 2, end = y * w + w - 2; i < end; i++) out[i] = (tmp[i - w2] + tmp[i - w] + tmp[i] + tmp[i + w] + tmp[i + w2]) / 25;
  }
  return out;
}

/** The patch's orientation: the angle from its centre to its intensity centroid (radius PATCH). */
function orientation(img: GrayImage, cx: number, cy: number): number {
  const { width: w, data: d } = img;
  let m10 = 0;
  let m01 = 0;
  for (let dy = -PATCH; dy <= PATCH; dy++) {
    const span = Math.floor(Math.sqrt(PATCH * PATCH - dy * dy));
    const row = (cy + dy) * w + cx;
    for (let dx = -span; dx <= span; dx++) {
      const v = d[row + dx];
      m10 += dx * v;
      m01 += dy * v;
    }
  }
  return Math.atan2(m01, m10);
}

/** Keypoints and steered-BRIEF descriptors of one image, in its pixels. */
export function featuresOf(img: GrayImage, options: DetectOptions = {}): Features {
  const corners = detectCorners(img, options);
  const smoothed = smoothInside(img);
  const w = img.width;
  const n = corners.count;
  const desc = new Uint32Array(n * DESC_WORDS);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const cx = corners.x[k];
    const cy = corners.y[k];
    x[k] = cx;
    y[k] = cy;
    const angle = orientation(img, cx, cy);
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const centre = cy * w + cx;
    for (let b = 0; b < DESC_BITS; b++) {
      const ax = PAIRS[b * 4];
      const ay = PAIRS[b * 4 + 1];
      const bx = PAIRS[b * 4 + 2];
      const by = PAIRS[b * 4 + 3];
      const pa = centre + Math.round(ay * c + ax * s) * w + Math.round(ax * c - ay * s);
      const pb = centre + Math.round(by * c + bx * s) * w + Math.round(bx * c - by * s);
      if (smoothed[pa] < smoothed[pb]) desc[k * DESC_WORDS + (b >>> 5)] |= 1 << (b & 31);
    }
  }
  return { count: n, x, y, desc };
}

/** Joins feature sets (several scales of one image, already in one frame of coordinates). */
export function concatFeatures(parts: Features[]): Features {
  const count = parts.reduce((s, p) => s + p.count, 0);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const desc = new Uint32Array(count * DESC_WORDS);
  let at = 0;
  for (const p of parts) {
    x.set(p.x, at);
    y.set(p.y, at);
    desc.set(p.desc, at * DESC_WORDS);
    at += p.count;
  }
  return { count, x, y, desc };
}

/** The features of `img` at each of `scales` (its size times each), in `img`'s own pixels. */
export function featuresAtScales(img: GrayImage, scales: number[], maxEach: number, threshold?: number): Features {
  const parts = scales.map((s) => {
    const w = Math.round(img.width * s);
    const h = Math.round(img.height * s);
    const level = s === 1 ? img : resizeArea(img, w, h);
    const f = featuresOf(level, { max: maxEach, threshold });
    const kx = img.width / w;
    const ky = img.height / h;
    for (let i = 0; i < f.count; i++) {
      f.x[i] = (f.x[i] + 0.5) * kx - 0.5;
      f.y[i] = (f.y[i] + 0.5) * ky - 0.5;
    }
    return f;
  });
  return concatFeatures(parts);
}

/**
 * A reference's features from its clean canonical card (CARD_W×CARD_H, as its hash is made): corners at five
 * scales (a card in a frame may be seen from a quarter of this size to this size; the click's features add one
 * more scale), in canonical card pixels. Its size in bytes is `featureBytes`.
 */
export function referenceFeatures(card: GrayImage, max = 300, region: FeatureRegion = UNIQUE_REGION): Features {
  const scales = [1, 0.71, 0.5, 0.35, 0.25];
  const share = [0.3, 0.25, 0.2, 0.15, 0.1];
  const x0 = Math.floor(region.x * card.width);
  const y0 = Math.floor(region.y * card.height);
  const w = Math.round(region.w * card.width);
  const h = Math.round(region.h * card.height);
  const part = resizeArea(card, w, h, x0, y0, w, h);
  const parts = scales.map((s, i) => featuresAtScales(part, [s], Math.round(max * share[i]), 12));
  const all = concatFeatures(parts);
  for (let i = 0; i < all.count; i++) {
    all.x[i] += x0;
    all.y[i] += y0;
  }
  return all;
}

/** A part of the canonical card, in fractions of its width and height. */
export type FeatureRegion = { x: number; y: number; w: number; h: number };
/**
 * Where a reference's keypoints are taken: the name bar and the art, which are the card's own. The frame, the type
 * line and the rules text look alike across cards (every tapped land's "enters the battlefield tapped"): keypoints
 * there matched a land in no list to another land on the real photographs.
 */
export const UNIQUE_REGION: FeatureRegion = { x: 0.03, y: 0.03, w: 0.94, h: 0.53 };

/** What a reference's features weigh stored or sent: 32 bytes of descriptor and two 16-bit coordinates each. */
export function featureBytes(f: Features): number {
  return f.count * (DESC_WORDS * 4 + 4);
}
