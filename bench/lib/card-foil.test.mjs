// The bench's foil condition (bench/lib/card-scenes.mjs): the sheen scripts/fakes/card-scene.mjs lays over a card
// touches the card only, in bands of every hue that change its brightness, with a bright streak.
import { describe, expect, it } from "vitest";
import { addFoilSheen, insideConvex } from "../../scripts/fakes/card-scene.mjs";
import { seededRandom } from "../../scripts/fakes/card-art.mjs";

const W = 160;
const H = 120;
const quad = [
  { x: 50, y: 20 },
  { x: 110, y: 24 },
  { x: 106, y: 104 },
  { x: 46, y: 100 },
];

describe("the foil sheen", () => {
  it("changes the card's pixels only, in bands of several hues and brightnesses", () => {
    const frame = new Float32Array(W * H * 3).fill(128);
    addFoilSheen(frame, W, H, quad, seededRandom("foil test"));
    const hues = new Set();
    let darkest = 255;
    let brightest = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const [r, g, b] = frame.subarray((y * W + x) * 3, (y * W + x) * 3 + 3);
        if (!insideConvex(quad, x, y)) {
          if (r !== 128 || g !== 128 || b !== 128) throw new Error(`the sheen reached (${x}, ${y}), outside the card`);
          continue;
        }
        // The strongest channel names a rough hue: red, green or blue leading.
        hues.add(r >= g && r >= b ? "r" : g >= b ? "g" : "b");
        const light = (r + g + b) / 3;
        darkest = Math.min(darkest, light);
        brightest = Math.max(brightest, light);
      }
    expect(hues).toEqual(new Set(["r", "g", "b"]));
    expect(brightest - darkest).toBeGreaterThan(20);
    // Every value still a colour.
    expect(frame.every((v) => v >= 0 && v <= 255)).toBe(true);
  });
});
