// Straight lines of a picture, for the card's outline (quads.ts makes quadrilaterals of them): a card's four sides
// are long straight edges even where a sleeve, a glare patch, another card or the frame's edge hides a corner or
// part of a side. Edges (Sobel), and a Hough transform in which each edge pixel votes only near its own gradient
// direction, keeping the strongest lines.
import type { GrayImage } from "./image";

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

/**
 * Sobel gradients of a (small) image: direction and magnitude, and an edge threshold from their spread. With
 * `colours` (the same picture's colour-difference channels, image.ts `toChroma`, weighted by `colourWeight`), each
 * pixel takes the gradient of whichever channel changes most there: a border that differs from the table in hue
 * only is an edge too.
 */
export function edgesOf(img: GrayImage, colours: GrayImage[] = [], colourWeight = 1): Edges {
  const { width: w, height: h } = img;
  const mag = new Float32Array(w * h);
  const angle = new Float32Array(w * h);
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  const channels = [{ d: img.data, k: 1 }, ...colours.map((c) => ({ d: c.data, k: colourWeight }))];
  for (const { d, k } of channels) {
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        const gx = (d[i - w + 1] + 2 * d[i + 1] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - 1] - d[i + w - 1]) * k;
        const gy = (d[i + w - 1] + 2 * d[i + w] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - w] - d[i - w + 1]) * k;
        const m = Math.sqrt(gx * gx + gy * gy) / 4;
        if (m <= mag[i]) continue;
        gxs[i] = gx;
        gys[i] = gy;
        mag[i] = m;
      }
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
      if (t0 >= 3 && t0 < THETA_BINS - 3) {
        // No direction wraps round (most pixels): the same votes without the checks.
        for (let t = t0 - 3; t <= t0 + 3; t++) acc[t * rBins + Math.round(x * cosT[t] + y * sinT[t]) + rMax] += weight;
        continue;
      }
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
