// A made-up camera frame for the identifier's warm-up (identifier.worker.ts): a card-shaped patch of texture with a
// light border on a plain table, 640×480, so that one identification before the first click runs every step a
// real click runs (straight lines, outlines, hashes, the search, the second look) and the engine compiles them all.
// What it names does not matter; it is never shown.
import type { RgbaImage } from "../../../../card-vision";

const W = 640;
const H = 480;

export function warmUpFrame(): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  // A pseudo-random texture (the same every time): art has detail, which is what the hash reads.
  let seed = 0x2f6b1d;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 0x100000000;
  };
  const card = { x0: 230, y0: 100, x1: 430, y1: 380 };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const inCard = x >= card.x0 && x < card.x1 && y >= card.y0 && y < card.y1;
      const border = inCard && (x < card.x0 + 10 || x >= card.x1 - 10 || y < card.y0 + 10 || y >= card.y1 - 10);
      const v = !inCard ? 70 : border ? 235 : 40 + Math.round(next() * 60) + ((x >> 4) % 2) * 90 + ((y >> 5) % 2) * 50;
      data[i] = inCard ? v : 50;
      data[i + 1] = inCard ? Math.round(v * 0.8) : v + 40;
      data[i + 2] = inCard ? 255 - v : 60;
      data[i + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}
