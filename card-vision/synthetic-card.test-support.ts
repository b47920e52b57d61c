// Made-up cards for the identifier's unit tests (here and in the browser's identifier worker): the same picture
// from the same seed on every run, so a test that names one is about the identifier, not the drawing.
import type { GrayImage } from "./image";
import { CARD_H, CARD_W } from "./warp";

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
