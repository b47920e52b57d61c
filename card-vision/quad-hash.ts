// Hashing a card straight from where it lies in the frame: the art box of the quad sampled through the quad's
// homography into the 32×32 block the hash reads, from the pyramid level whose scale is nearest that block (so a
// large card is not aliased and a small one is not blurred twice). Cheap enough (~0.1 ms) to try dozens of
// outlines and corner nudges per click, which is what makes the identification robust to a misplaced corner.
import { halve, type GrayImage } from "./image";
import { HASH_SIDE, type CardHashes } from "./match";
import { ART_REGION, DCT_SIZE, hashBlock } from "./phash";
import { CARD_H, CARD_W, homographyFromRect, type Point, type Quad } from "./warp";

/** A gray frame and its halvings, level 0 the frame itself. */
export type Pyramid = GrayImage[];

export function pyramidOf(frame: GrayImage, levels = 5): Pyramid {
  const out = [frame];
  while (out.length < levels && out[out.length - 1].width >= 64 && out[out.length - 1].height >= 64) {
    out.push(halve(out[out.length - 1]));
  }
  return out;
}

/** Samples across the art box: one per pixel of the hash's block, from the pyramid level where that is ~1–2 px. */
const GRID = DCT_SIZE;
const u0 = ART_REGION.x * CARD_W;
const v0 = ART_REGION.y * CARD_H;
const uw = ART_REGION.w * CARD_W;
const vh = ART_REGION.h * CARD_H;
/** Where the samples lie on the canonical card: the centres of the art box's GRID×GRID cells. */
const GRID_U = Float64Array.from({ length: GRID }, (_, i) => u0 + ((i + 0.5) / GRID) * uw);
const GRID_V = Float64Array.from({ length: GRID }, (_, j) => v0 + ((j + 0.5) / GRID) * vh);
/** Scratch for one hash at a time: the block of samples, and the homography's products with each column's u. */
const blockScratch = new Float32Array(GRID * GRID);
const h0u = new Float64Array(GRID);
const h3u = new Float64Array(GRID);
const h6u = new Float64Array(GRID);

function apply(h: number[], u: number, v: number): Point {
  const z = h[6] * u + h[7] * v + h[8];
  return { x: (h[0] * u + h[1] * v + h[2]) / z, y: (h[3] * u + h[4] * v + h[5]) / z };
}

/** The quad's corners turned by `turns` quarter turns: the card read with another corner as its top-left. */
export function turned(quad: Quad, turns: number): Quad {
  const k = ((turns % 4) + 4) % 4;
  return [quad[k], quad[(k + 1) % 4], quad[(k + 2) % 4], quad[(k + 3) % 4]];
}

/**
 * The hashes of the card whose corners (top-left, top-right, bottom-right, bottom-left as read) are `quad`, in
 * level-0 pixels (pixel edges at integers); null for a degenerate quad.
 */
export function hashQuad(pyramid: Pyramid, quad: Quad): CardHashes | null {
  const h = homographyFromRect(CARD_W, CARD_H, quad);
  if (!h) return null;
  // The art box's size in the frame picks the level: a sample step of about one pixel there.
  const a = apply(h, u0, v0);
  const b = apply(h, u0 + uw, v0);
  const c = apply(h, u0, v0 + vh);
  const span = Math.max(Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - a.x, c.y - a.y));
  const level = Math.max(0, Math.min(pyramid.length - 1, Math.floor(Math.log2(Math.max(1, span / GRID)))));
  const image = pyramid[level];
  const scale = 1 / (1 << level);
  // Each sample from the level that averages 1–2 of the frame's pixels a step into one (the level below's 2×2
  // means): smooth enough not to alias, and a quarter of the samples of taking 2×2 of them a level finer.
  // (image.ts `sample` written out, and each product the homography needs taken once a row or column: the same
  // arithmetic in the same order, so the same samples.)
  const block = blockScratch;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  for (let i = 0; i < GRID; i++) {
    const u = GRID_U[i];
    h0u[i] = h0 * u;
    h3u[i] = h3 * u;
    h6u[i] = h6 * u;
  }
  const { width: w, height: hh, data } = image;
  const xMax = w - 1;
  const yMax = hh - 1;
  for (let j = 0; j < GRID; j++) {
    const v = GRID_V[j];
    const h1v = h1 * v;
    const h4v = h4 * v;
    const h7v = h7 * v;
    for (let i = 0; i < GRID; i++) {
      const z = h6u[i] + h7v + h8;
      let x = ((h0u[i] + h1v + h2) / z) * scale - 0.5;
      let y = ((h3u[i] + h4v + h5) / z) * scale - 0.5;
      if (x < 0) x = 0;
      else if (x > xMax) x = xMax;
      if (y < 0) y = 0;
      else if (y > yMax) y = yMax;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = x0 + 1 < w ? x0 + 1 : x0;
      const y1 = y0 + 1 < hh ? y0 + 1 : y0;
      const fx = x - x0;
      const fy = y - y0;
      const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
      const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
      block[j * GRID + i] = top * (1 - fy) + bottom * fy;
    }
  }
  return { art: hashBlock(block, HASH_SIDE) };
}
