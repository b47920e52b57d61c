// Made-up cards for the identifier's unit tests (here and in the browser's identifier worker): the same picture
// from the same seed on every run, so a test that names one is about the identifier, not the drawing.
import type { GrayImage, RgbaImage } from "./image";
import { CARD_H, CARD_W, homographyFromRect, type Quad } from "./warp";

/** A card lying slanted in a 640×480 frame: its corners as read (top-left, top-right, bottom-right, bottom-left). */
export const SLANTED: Quad = [
  { x: 220, y: 100 },
  { x: 400, y: 110 },
  { x: 410, y: 360 },
  { x: 205, y: 350 },
];

/** A seeded random generator (xorshift), so every run draws the same pictures. */
export function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** A canonical card: black border, light frame, and "art" of random blocks, from a seed. */
export function drawCard(seed: number): GrayImage {
  const next = random(seed);
  const data = new Float32Array(CARD_W * CARD_H).fill(10);
  const fill = (x0: number, y0: number, x1: number, y1: number, v: number) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(CARD_H, y1); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(CARD_W, x1); x++) data[y * CARD_W + x] = v;
  };
  fill(9, 9, CARD_W - 9, CARD_H - 9, 200);
  fill(17, 39, CARD_W - 17, 188, 120);
  for (let k = 0; k < 12; k++) {
    const x = 17 + next() * 190;
    const y = 39 + next() * 130;
    fill(x, y, Math.min(x + 10 + next() * 60, CARD_W - 17), Math.min(y + 10 + next() * 50, 188), next() * 255);
  }
  fill(24, 200, CARD_W - 24, CARD_H - 24, 235);
  return { width: CARD_W, height: CARD_H, data };
}

/**
 * Paints `card` onto `quad` of a gray frame (nearest pixel), over what the frame holds; `shade` maps the card's gray
 * (a light falling on it). Each frame pixel takes the card pixel the homography, solved backwards, lands it on.
 */
export function paintCard(frame: GrayImage, card: GrayImage, quad: Quad, shade = (v: number) => v): void {
  const [a, b, c, d, e, f, g, hh] = homographyFromRect(card.width, card.height, quad)!;
  const { width: w, height: h, data } = frame;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      // Solve [a - g px, b - hh px; d - g py, e - hh py] [u v] = [px - c, py - f].
      const m00 = a - g * px;
      const m01 = b - hh * px;
      const m10 = d - g * py;
      const m11 = e - hh * py;
      const det = m00 * m11 - m01 * m10;
      const u = ((px - c) * m11 - m01 * (py - f)) / det;
      const v = (m00 * (py - f) - m10 * (px - c)) / det;
      if (u >= 0 && v >= 0 && u < card.width && v < card.height)
        data[y * w + x] = shade(card.data[Math.floor(v) * card.width + Math.floor(u)]);
    }
  }
}

/** A w×h table of one gray. */
export function table(w: number, h: number, gray: number): GrayImage {
  return { width: w, height: h, data: new Float32Array(w * h).fill(gray) };
}

/** A gray picture as the RGBA frame a canvas gives. */
export function rgbaOf(gray: GrayImage): RgbaImage {
  const data = new Uint8ClampedArray(gray.width * gray.height * 4);
  for (let i = 0; i < gray.data.length; i++) {
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = gray.data[i];
    data[i * 4 + 3] = 255;
  }
  return { width: gray.width, height: gray.height, data };
}

/**
 * A 640×480 frame of `card` turned 20° round (300, 250), 260 px high, its lower half under another (plain) card: no
 * outline, half the art (the keypoint fit's case). Click it at (300, 220). `height` and `coveredFrom` (the row where
 * the other card begins) make the fit weaker or stronger.
 */
export function halfCoveredFrame(card: GrayImage, { height = 260, coveredFrom = 251 } = {}): RgbaImage {
  const t = (20 * Math.PI) / 180;
  const [w, h] = [(height * CARD_W) / CARD_H, height];
  const quad = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => ({ x: 300 + x * Math.cos(t) - y * Math.sin(t), y: 250 + x * Math.sin(t) + y * Math.cos(t) })) as Quad;
  const gray = table(640, 480, 90);
  paintCard(gray, card, quad);
  for (let y = coveredFrom; y < 480; y++) for (let x = 151; x < 470; x++) gray.data[y * 640 + x] = 200;
  return rgbaOf(gray);
}
