// Perspective warp of a card's outline (any convex quadrilateral in the frame) to an upright canonical card.
import type { GrayImage } from "./image";

export type Point = { x: number; y: number };
/** Corners in order: top-left, top-right, bottom-right, bottom-left (of the card as read). */
export type Quad = [Point, Point, Point, Point];

/** The canonical card: half of Scryfall's "normal" image (488×680), the 63:88 shape of a card. */
export const CARD_W = 244;
export const CARD_H = 340;

/** Solves A·x = b (n×n, row-major) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let r = col + 1; r < n; r++) {
      const f = a[r][col] / a[col][col];
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let c = r + 1; c < n; c++) s -= a[r][c] * x[c];
    x[r] = s / a[r][r];
  }
  return x;
}

/**
 * The homography (3×3, row-major, h22 = 1) taking the rectangle 0..w × 0..h onto the quad: maps a canonical card
 * pixel to where it lies in the frame. Null for a degenerate quad (three corners on a line).
 */
export function homographyFromRect(w: number, h: number, quad: Quad): number[] | null {
  const src: Point[] = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = src[i];
    const { x: u, y: v } = quad[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const m = solve(a, b);
  return m ? [...m, 1] : null;
}

/** Where the homography `h` (homographyFromRect) takes the point (u, v); null behind the camera (w ≤ 0). */
export function applyHomography(h: number[], u: number, v: number): Point | null {
  const z = h[6] * u + h[7] * v + h[8];
  if (!(z > 1e-9)) return null;
  return { x: (h[0] * u + h[1] * v + h[2]) / z, y: (h[3] * u + h[4] * v + h[5]) / z };
}

/**
 * The quad's contents warped to an upright outW×outH image, bilinear sampling (pixels outside the source read as
 * the nearest edge). Null for a degenerate quad.
 */
export function warpQuad(image: GrayImage, quad: Quad, outW = CARD_W, outH = CARD_H): GrayImage | null {
  const hm = homographyFromRect(outW, outH, quad);
  if (!hm) return null;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = hm;
  const out = new Float32Array(outW * outH);
  const { width: iw, height: ih, data } = image;
  for (let y = 0; y < outH; y++) {
    const cy = y + 0.5;
    for (let x = 0; x < outW; x++) {
      const cx = x + 0.5;
      const wz = h6 * cx + h7 * cy + h8;
      let sx = (h0 * cx + h1 * cy + h2) / wz - 0.5;
      let sy = (h3 * cx + h4 * cy + h5) / wz - 0.5;
      if (sx < 0) sx = 0;
      else if (sx > iw - 1) sx = iw - 1;
      if (sy < 0) sy = 0;
      else if (sy > ih - 1) sy = ih - 1;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(iw - 1, x0 + 1);
      const y1 = Math.min(ih - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = data[y0 * iw + x0] * (1 - fx) + data[y0 * iw + x1] * fx;
      const bottom = data[y1 * iw + x0] * (1 - fx) + data[y1 * iw + x1] * fx;
      out[y * outW + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { width: outW, height: outH, data: out };
}
