// Hashing a card straight from where it lies in the frame: the art box of the quad sampled through the quad's
// homography into the 32×32 block the hash reads, from the pyramid level whose scale is nearest that block (so a
// large card is not aliased and a small one is not blurred twice). Cheap enough (~0.1 ms) to try dozens of
// outlines and corner nudges per click, which is what makes the identification robust to a misplaced corner.
import { halve, sample, type GrayImage } from "./image";
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
  const u0 = ART_REGION.x * CARD_W;
  const v0 = ART_REGION.y * CARD_H;
  const uw = ART_REGION.w * CARD_W;
  const vh = ART_REGION.h * CARD_H;
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
  const block = new Float32Array(GRID * GRID);
  for (let j = 0; j < GRID; j++) {
    const v = v0 + ((j + 0.5) / GRID) * vh;
    for (let i = 0; i < GRID; i++) {
      const u = u0 + ((i + 0.5) / GRID) * uw;
      const z = h[6] * u + h[7] * v + h[8];
      const x = ((h[0] * u + h[1] * v + h[2]) / z) * scale - 0.5;
      const y = ((h[3] * u + h[4] * v + h[5]) / z) * scale - 0.5;
      block[j * GRID + i] = sample(image, x, y);
    }
  }
  return { art: hashBlock(block, HASH_SIDE) };
}
