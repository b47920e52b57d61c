import { describe, expect, it } from "vitest";
import { resizeArea, resizeAreaBySpans, type GrayImage } from "./image";

function picture(width: number, height: number, seed: number): GrayImage {
  const data = new Float32Array(width * height);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = (state / 2 ** 32) * 255;
  }
  return { width, height, data };
}

describe("resizeArea", () => {
  it("crops at full size on whole pixels as its spans would, bit for bit", () => {
    const image = picture(97, 61, 36);
    for (const [x0, y0, w, h] of [
      [0, 0, 97, 61],
      [10, 5, 40, 40],
      [57, 21, 40, 40],
      [3, 0, 1, 61],
    ]) {
      expect(resizeArea(image, w, h, x0, y0, w, h)).toEqual(resizeAreaBySpans(image, w, h, x0, y0, w, h));
    }
  });

  it("averages down, and crops off whole pixels or past the image's edge, by its spans", () => {
    const image = picture(97, 61, 7);
    for (const [outW, outH, x0, y0, w, h] of [
      [32, 32, 0, 0, 97, 61],
      [40, 40, 10.5, 5, 40, 40],
      [40, 40, 70, 30, 40, 40],
      [20, 10, -5, -5, 40, 20],
    ]) {
      expect(resizeArea(image, outW, outH, x0, y0, w, h)).toEqual(resizeAreaBySpans(image, outW, outH, x0, y0, w, h));
    }
  });
});
