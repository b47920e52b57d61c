// Finding the card around a click: edges of the region around the click, their connected pieces, and the pieces
// whose convex hull has a card's shape (63:88, filling its minimum-area rectangle) and holds the click.
import { convexHull, hullCorners, insideConvex, minAreaRect, orderPortrait, polygonArea } from "./geometry";
import { resizeArea, type GrayImage } from "./image";
import type { Point, Quad } from "./warp";

/** A card's short side over its long side (63 mm × 88 mm). */
export const CARD_ASPECT = 63 / 88;

export type Located = { quad: Quad; source: "outline" | "fallback" };

export type LocateOptions = {
  /** Side of the square searched around the click, as a fraction of the frame's smaller side. */
  regionFraction?: number;
  /** Side (pixels) the region is averaged down to before looking for edges. */
  workSize?: number;
  /** How many outline candidates to return at most (largest first). */
  maxCandidates?: number;
};

/** Sobel gradient magnitude (borders left at 0). */
export function gradientMagnitude(img: GrayImage): Float32Array {
  const { width: w, height: h, data: d } = img;
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = d[i - w + 1] + 2 * d[i + 1] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - 1] - d[i + w - 1];
      const gy = d[i + w - 1] + 2 * d[i + w] + d[i + w + 1] - d[i - w - 1] - 2 * d[i - w] - d[i - w + 1];
      out[i] = Math.hypot(gx, gy) / 4;
    }
  }
  return out;
}

/** Edge threshold: strong against the picture's own gradients, never so low that a table's texture counts. */
function edgeThreshold(mag: Float32Array): number {
  const sample: number[] = [];
  for (let i = 0; i < mag.length; i += 23) sample.push(mag[i]);
  sample.sort((a, b) => a - b);
  const p75 = sample[Math.floor(sample.length * 0.75)] ?? 0;
  return Math.max(8, p75 * 1.5);
}

/**
 * Connected pieces (8-neighbours) of the edge mask, each reduced to its leftmost and rightmost pixel per row (all
 * a convex hull needs), with its pixel count.
 */
function edgePieces(mask: Uint8Array, w: number, h: number, minPixels: number): { points: Point[]; pixels: number }[] {
  const label = new Int32Array(w * h);
  const pieces: { points: Point[]; pixels: number }[] = [];
  const stack = new Int32Array(w * h);
  const rowMin = new Int32Array(h);
  const rowMax = new Int32Array(h);
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    rowMin.fill(w);
    rowMax.fill(-1);
    let top = 0;
    let pixels = 0;
    stack[top++] = start;
    label[start] = next;
    let yMin = h;
    let yMax = -1;
    while (top > 0) {
      const i = stack[--top];
      const x = i % w;
      const y = (i - x) / w;
      pixels++;
      if (x < rowMin[y]) rowMin[y] = x;
      if (x > rowMax[y]) rowMax[y] = x;
      if (y < yMin) yMin = y;
      if (y > yMax) yMax = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (mask[j] && !label[j]) {
            label[j] = next;
            stack[top++] = j;
          }
        }
      }
    }
    if (pixels < minPixels) continue;
    const points: Point[] = [];
    for (let y = yMin; y <= yMax; y++) {
      if (rowMax[y] < 0) continue;
      // Pixel corners, so the hull wraps the pixels rather than their centres.
      points.push({ x: rowMin[y], y }, { x: rowMin[y], y: y + 1 }, { x: rowMax[y] + 1, y }, { x: rowMax[y] + 1, y: y + 1 });
    }
    pieces.push({ points, pixels });
  }
  return pieces;
}

export type Square = { x: number; y: number; side: number };

/** The square of the frame of `side` centred on a point (moved inside the frame). */
export function squareAround(frame: { width: number; height: number }, centre: Point, side: number): Square {
  const s = Math.max(16, Math.min(Math.round(side), frame.width, frame.height));
  return {
    x: Math.round(Math.min(Math.max(0, centre.x - s / 2), frame.width - s)),
    y: Math.round(Math.min(Math.max(0, centre.y - s / 2), frame.height - s)),
    side: s,
  };
}

/** Card-shaped outlines holding the click in a square of the frame, averaged down to workSize: largest first. */
function outlinesIn(frame: GrayImage, click: Point, square: Square, workSize: number): { quad: Quad; area: number }[] {
  const scale = square.side / workSize;
  const small = resizeArea(frame, workSize, workSize, square.x, square.y, square.side, square.side);
  const mag = gradientMagnitude(small);
  const threshold = edgeThreshold(mag);
  const mask = new Uint8Array(mag.length);
  for (let i = 0; i < mag.length; i++) mask[i] = mag[i] > threshold ? 1 : 0;
  const clickSmall = { x: (click.x - square.x) / scale, y: (click.y - square.y) / scale };
  const found: { quad: Quad; area: number }[] = [];
  for (const piece of edgePieces(mask, workSize, workSize, 20)) {
    const hull = convexHull(piece.points);
    if (hull.length < 4 || !insideConvex(hull, clickSmall)) continue;
    const rect = minAreaRect(hull);
    if (!rect) continue;
    const shortSide = Math.min(rect.width, rect.height);
    const longSide = Math.max(rect.width, rect.height);
    const aspect = shortSide / longSide;
    const fill = polygonArea(hull) / rect.area;
    if (longSide < 16 || aspect < CARD_ASPECT * 0.82 || aspect > CARD_ASPECT * 1.18 || fill < 0.85) continue;
    const corners = hullCorners(hull, rect).map((p) => ({
      x: square.x + p.x * scale,
      y: square.y + p.y * scale,
    })) as Quad;
    found.push({ quad: orderPortrait(corners), area: rect.area * scale * scale });
  }
  return found.sort((a, b) => b.area - a.area);
}

function extent(quad: Quad): number {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/**
 * Where the card under a click may be, in frame pixels: outlines found around it (best first), or, when none
 * has a card's shape, an upright card-shaped box centred on the click a third of the frame high. A first look at
 * the frame's height around the click finds the card; a second, closer look around what it found places the
 * outline at a finer scale (a small card spans few pixels of the first look).
 */
export function locateCard(frame: GrayImage, click: Point, options: LocateOptions = {}): Located[] {
  const { regionFraction = 1, workSize = 240, maxCandidates = 3 } = options;
  const coarse = outlinesIn(frame, click, squareAround(frame, click, Math.min(frame.width, frame.height) * regionFraction), workSize);
  const located: Located[] = [];
  for (const { quad, area } of coarse.slice(0, maxCandidates)) {
    const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
    const fine = outlinesIn(frame, click, squareAround(frame, centre, extent(quad) * 1.2), workSize).find(
      (f) => f.area > area * 0.7 && f.area < area * 1.3,
    );
    located.push({ quad: fine?.quad ?? quad, source: "outline" });
  }
  if (located.length > 0) return located;
  return [{ quad: fallbackQuad(frame, click), source: "fallback" }];
}

/** An upright 63:88 box around the click, a third of the frame high (a card held up to a webcam). */
export function fallbackQuad(frame: { width: number; height: number }, click: Point): Quad {
  const h = frame.height / 3;
  const w = h * CARD_ASPECT;
  const x0 = click.x - w / 2;
  const y0 = click.y - h / 2;
  return [
    { x: x0, y: y0 },
    { x: x0 + w, y: y0 },
    { x: x0 + w, y: y0 + h },
    { x: x0, y: y0 + h },
  ];
}
