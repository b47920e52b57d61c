// A frame larger than the room sends is looked at averaged down to FRAME_MAX_SIDE, and what is found comes back in
// the frame's own pixels (frame-size.ts).
import { describe, expect, it } from "vitest";
import { FRAME_MAX_SIDE, frameGray, toFrame, toWorking } from "./frame-size";
import { fitOnlyTable } from "./fit-only.test-support";
import { fitLater, hashCard, identify } from "./identify";
import { resizeArea, toGray, toGrayResized, type RgbaImage } from "./image";
import { referenceSet } from "./match";
import { drawCard, halfCoveredFrame, paintCard, rgbaOf, SLANTED, table } from "./synthetic-card.test-support";
import type { Quad } from "./warp";

/** The frame `k` times larger each way, each pixel a k×k block (a phone's photograph of the same scene). */
function magnified(frame: RgbaImage, k: number): RgbaImage {
  const w = frame.width * k;
  const data = new Uint8ClampedArray(w * frame.height * k * 4);
  for (let y = 0; y < frame.height * k; y++)
    for (let x = 0; x < w; x++) {
      const from = (Math.floor(y / k) * frame.width + Math.floor(x / k)) * 4;
      data.set(frame.data.subarray(from, from + 4), (y * w + x) * 4);
    }
  return { width: w, height: frame.height * k, data };
}

const centre = (q: Quad) => ({ x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 });

describe("the working size", () => {
  it("keeps a frame up to FRAME_MAX_SIDE as it is, and averages a larger one down to it on its long side", () => {
    const small = rgbaOf(table(1280, 960, 90));
    expect(frameGray(small).scale).toEqual({ x: 1, y: 1 });
    const big = magnified(rgbaOf(table(640, 480, 90)), 5);
    const { gray, scale } = frameGray(big);
    expect([gray.width, gray.height]).toEqual([FRAME_MAX_SIDE, 960]);
    expect(scale).toEqual({ x: 0.4, y: 0.4 });
  });

  it("reads the luma one row at a time as toGray and resizeArea give it together", () => {
    const frame = magnified(halfCoveredFrame(drawCard(3)), 3);
    const rowByRow = toGrayResized(frame, 1280, 960).data;
    const whole = resizeArea(toGray(frame), 1280, 960).data;
    expect(rowByRow.length).toBe(whole.length);
    expect(rowByRow.findIndex((v, i) => v !== whole[i])).toBe(-1);
  });

  it("shrinking by 2 or more, sums whole blocks first and comes within a grey level of the same", () => {
    // 1925 × 1445: the last blocks of two (a column and a row of one pixel) hold what is left.
    const frame = rgbaOf(resizeArea(toGray(magnified(halfCoveredFrame(drawCard(3)), 3)), 1925, 1445));
    const binned = toGrayResized(frame, 700, 525).data;
    const whole = resizeArea(toGray(frame), 700, 525).data;
    let sum = 0;
    for (let i = 0; i < whole.length; i++) sum += Math.abs(binned[i] - whole[i]);
    // On average (a pixel a hard edge crosses inside a block may differ more: the edge is known to a block's width).
    expect(sum / whole.length).toBeLessThan(1);
  });

  it("maps a point in and back out to where it was", () => {
    const scale = { x: 0.4, y: 0.4 };
    const p = { x: 1234.5, y: 77 };
    const back = toFrame(toWorking(p, scale), scale);
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });
});

describe("identify on a frame larger than the room sends", () => {
  const cards = Array.from({ length: 40 }, (_, i) => drawCard(100 + i));
  const candidates = referenceSet(cards.map((card, i) => ({ id: `card-${i}`, hashes: hashCard(card) })));

  it("names the card and gives its outline in the large frame's pixels", () => {
    const scene = table(640, 480, 90);
    paintCard(scene, cards[7], SLANTED);
    const big = magnified(rgbaOf(scene), 3);
    const result = identify(big, { x: 310 * 3, y: 230 * 3 }, candidates);
    expect(result.match?.id).toBe("card-7");
    for (let k = 0; k < 4; k++)
      expect(Math.hypot(result.quad![k].x - SLANTED[k].x * 3, result.quad![k].y - SLANTED[k].y * 3)).toBeLessThan(36);
  });

  it("fits the keypoints later at the size identify looked at, the outline back in the frame's pixels", () => {
    // The hash's nearest is another card, far: only the fit can name card-13 (table-fit.test.ts, here 3× larger).
    const { cards: fitCards, featuresOf, table: fitTable, unclear } = fitOnlyTable(8);
    const big = magnified(halfCoveredFrame(fitCards[2].image, { height: 280, coveredFrom: 240 }), 3);
    const later = fitLater(toGray(big), { x: 300 * 3, y: 198 * 3 }, fitTable, unclear, featuresOf);
    expect(later.match?.id).toBe("card-13");
    expect(later.namedBy).toBe("keypoints");
    // The card's centre is at (300, 250) in the small frame (halfCoveredFrame).
    const c = centre(later.quad!);
    expect(Math.hypot(c.x - 900, c.y - 750)).toBeLessThan(45);
  });
});
