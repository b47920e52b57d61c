// Plain pixel buffers, so the identification runs the same in the browser (ImageData) and in Node (tests, bench).

/** RGBA pixels, row by row (an ImageData has this shape). */
export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };
/** One channel, 0–255 as floats. */
export type GrayImage = { width: number; height: number; data: Float32Array };

/** Luma (Rec. 601 weights) of an RGBA image, or of the rectangle x0,y0,w,h of it. */
export function toGray(image: RgbaImage, x0 = 0, y0 = 0, w = image.width, h = image.height): GrayImage {
  const data = new Float32Array(w * h);
  const src = image.data;
  for (let y = 0; y < h; y++) {
    let s = ((y0 + y) * image.width + x0) * 4;
    let d = y * w;
    for (let x = 0; x < w; x++, s += 4, d++) data[d] = 0.299 * src[s] + 0.587 * src[s + 1] + 0.114 * src[s + 2];
  }
  return { width: w, height: h, data };
}

/**
 * The rectangle x0,y0,w,h of a gray image averaged down (area sampling) to outW×outH: each output pixel is the mean
 * of the source pixels it covers, so shrinking does not alias (fine edges and text stay a smooth grey).
 */
export function resizeArea(image: GrayImage, outW: number, outH: number, x0 = 0, y0 = 0, w = image.width, h = image.height): GrayImage {
  const out = new Float32Array(outW * outH);
  const sx = w / outW;
  const sy = h / outH;
  for (let oy = 0; oy < outH; oy++) {
    const ya = y0 + oy * sy;
    const yb = ya + sy;
    for (let ox = 0; ox < outW; ox++) {
      const xa = x0 + ox * sx;
      const xb = xa + sx;
      let sum = 0;
      let weight = 0;
      for (let y = Math.floor(ya); y < Math.ceil(yb); y++) {
        const wy = Math.min(yb, y + 1) - Math.max(ya, y);
        if (wy <= 0 || y < 0 || y >= image.height) continue;
        const row = y * image.width;
        for (let x = Math.floor(xa); x < Math.ceil(xb); x++) {
          const wx = Math.min(xb, x + 1) - Math.max(xa, x);
          if (wx <= 0 || x < 0 || x >= image.width) continue;
          sum += image.data[row + x] * wx * wy;
          weight += wx * wy;
        }
      }
      out[oy * outW + ox] = weight > 0 ? sum / weight : 0;
    }
  }
  return { width: outW, height: outH, data: out };
}

/** The image turned by 180° (a card lying upside down for the viewer). */
export function rotate180(image: GrayImage): GrayImage {
  const data = new Float32Array(image.data.length);
  for (let i = 0, n = data.length; i < n; i++) data[i] = image.data[n - 1 - i];
  return { width: image.width, height: image.height, data };
}
