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
 * Two colour-difference channels of an RGBA image (opponent colours, roughly Lab's a and b: red against green,
 * yellow against blue), on the same 0–255 scale as the luma: a card's or a sleeve's border and the playmat under it
 * often differ in hue where their brightness is the same.
 */
export function toChroma(image: RgbaImage): [GrayImage, GrayImage] {
  const n = image.width * image.height;
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  const src = image.data;
  for (let i = 0, s = 0; i < n; i++, s += 4) {
    a[i] = 128 + (src[s] - src[s + 1]) / 2;
    b[i] = 128 + ((src[s] + src[s + 1]) / 2 - src[s + 2]) / 2;
  }
  return [
    { width: image.width, height: image.height, data: a },
    { width: image.width, height: image.height, data: b },
  ];
}

/** For each output pixel along one axis, the source pixels it covers and their weights (summing to 1). */
function spans(
  outSize: number,
  start: number,
  size: number,
  limit: number,
): { first: Int32Array; count: Int32Array; weights: Float32Array } {
  const step = size / outSize;
  const maxCount = Math.ceil(step) + 1;
  const first = new Int32Array(outSize);
  const count = new Int32Array(outSize);
  const weights = new Float32Array(outSize * maxCount);
  for (let o = 0; o < outSize; o++) {
    const a = start + o * step;
    const b = a + step;
    const lo = Math.max(0, Math.floor(a));
    const hi = Math.min(limit, Math.ceil(b));
    let total = 0;
    let n = 0;
    for (let i = lo; i < hi && n < maxCount; i++, n++) {
      const w = Math.min(b, i + 1) - Math.max(a, i);
      weights[o * maxCount + n] = w > 0 ? w : 0;
      total += w > 0 ? w : 0;
    }
    // Outside the image (a region hanging over the edge): the nearest pixel.
    if (total <= 0) {
      first[o] = Math.min(limit - 1, Math.max(0, Math.floor(a)));
      count[o] = 1;
      weights[o * maxCount] = 1;
      continue;
    }
    first[o] = lo;
    count[o] = n;
    for (let k = 0; k < n; k++) weights[o * maxCount + k] /= total;
  }
  return { first, count, weights };
}

/**
 * The rectangle x0,y0,w,h of a gray image averaged down (area sampling) to outW×outH: each output pixel is the mean
 * of the source pixels it covers, so shrinking does not alias (fine edges and text stay a smooth grey). Separable:
 * rows first, then columns.
 */
export function resizeArea(image: GrayImage, outW: number, outH: number, x0 = 0, y0 = 0, w = image.width, h = image.height): GrayImage {
  // A crop at full size on whole pixels inside the image (the keypoint fit's square round the click): each output
  // pixel is one source pixel at weight 1, so the sums below are a copy (`+ 0` as they add to zero).
  if (
    w === outW &&
    h === outH &&
    Number.isInteger(x0) &&
    Number.isInteger(y0) &&
    x0 >= 0 &&
    y0 >= 0 &&
    x0 + w <= image.width &&
    y0 + h <= image.height
  ) {
    const data = new Float32Array(outW * outH);
    const src = image.data;
    for (let y = 0; y < outH; y++) {
      const from = (y0 + y) * image.width + x0;
      const to = y * outW;
      for (let x = 0; x < outW; x++) data[to + x] = src[from + x] + 0;
    }
    return { width: outW, height: outH, data };
  }
  return resizeAreaBySpans(image, outW, outH, x0, y0, w, h);
}

/** `resizeArea` without its shortcut for a crop: every pixel summed over its spans (exported for the test). */
export function resizeAreaBySpans(image: GrayImage, outW: number, outH: number, x0: number, y0: number, w: number, h: number): GrayImage {
  const { width, data } = image;
  return resizeRows(image.width, image.height, (y) => data.subarray(y * width, (y + 1) * width), outW, outH, x0, y0, w, h);
}

/**
 * The luma of an RGBA image averaged down to outW×outH (`toGray`, then `resizeArea`, without the full-size gray
 * copy: a phone's 12-megapixel photograph is read one row at a time). Shrunk by 2 or more, it is first summed in
 * whole blocks of pixels (`binnedGray`, a third of the work a pixel) and the blocks averaged down over the same spans.
 */
export function toGrayResized(image: RgbaImage, outW: number, outH: number): GrayImage {
  const m = Math.floor(Math.min(image.width / outW, image.height / outH));
  if (m >= 2) return resizeArea(binnedGray(image, m), outW, outH, 0, 0, image.width / m, image.height / m);
  const row = new Float32Array(image.width);
  const src = image.data;
  const luma = (y: number) => {
    for (let x = 0, s = y * image.width * 4; x < image.width; x++, s += 4)
      row[x] = 0.299 * src[s] + 0.587 * src[s + 1] + 0.114 * src[s + 2];
    return row;
  };
  return resizeRows(image.width, image.height, luma, outW, outH, 0, 0, image.width, image.height);
}

/**
 * The luma of each m×m block of an RGBA image (the last row and column of blocks hold what is left: each the mean of
 * the pixels it covers), block (bx, by) covering pixels from (bx·m, by·m).
 */
function binnedGray(image: RgbaImage, m: number): GrayImage {
  const { width: W, height: H, data: src } = image;
  const w = Math.ceil(W / m);
  const h = Math.ceil(H / m);
  const data = new Float32Array(w * h);
  for (let by = 0; by < h; by++) {
    const y0 = by * m;
    const y1 = Math.min(H, y0 + m);
    const out = by * w;
    for (let y = y0; y < y1; y++) {
      let s = y * W * 4;
      for (let bx = 0, x = 0; bx < w; bx++) {
        const x1 = Math.min(W, x + m);
        let r = 0;
        let g = 0;
        let b = 0;
        for (; x < x1; x++, s += 4) {
          r += src[s];
          g += src[s + 1];
          b += src[s + 2];
        }
        data[out + bx] += 0.299 * r + 0.587 * g + 0.114 * b;
      }
    }
    for (let bx = 0; bx < w; bx++) data[out + bx] /= (Math.min(W, bx * m + m) - bx * m) * (y1 - y0);
  }
  return { width: w, height: h, data };
}

/**
 * The rectangle x0,y0,w,h of a width×height picture whose rows `row` gives (each read once, in order, and used before
 * the next is asked for) averaged down to outW×outH over each output pixel's spans.
 */
function resizeRows(
  width: number,
  height: number,
  row: (y: number) => ArrayLike<number>,
  outW: number,
  outH: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
): GrayImage {
  const xs = spans(outW, x0, w, width);
  const ys = spans(outH, y0, h, height);
  const xMax = Math.ceil(w / outW) + 1;
  const yMax = Math.ceil(h / outH) + 1;
  const rowFirst = ys.first[0];
  const rowLast = ys.first[outH - 1] + ys.count[outH - 1];
  // Horizontal pass over the rows the output needs.
  const rows = new Float32Array((rowLast - rowFirst) * outW);
  for (let y = rowFirst; y < rowLast; y++) {
    const src = row(y);
    const out = (y - rowFirst) * outW;
    for (let o = 0; o < outW; o++) {
      const f = xs.first[o];
      const n = xs.count[o];
      let sum = 0;
      for (let k = 0; k < n; k++) sum += src[f + k] * xs.weights[o * xMax + k];
      rows[out + o] = sum;
    }
  }
  const data = new Float32Array(outW * outH);
  for (let oy = 0; oy < outH; oy++) {
    const f = ys.first[oy] - rowFirst;
    const n = ys.count[oy];
    const out = oy * outW;
    for (let k = 0; k < n; k++) {
      const weight = ys.weights[oy * yMax + k];
      const r = (f + k) * outW;
      for (let o = 0; o < outW; o++) data[out + o] += rows[r + o] * weight;
    }
  }
  return { width: outW, height: outH, data };
}

/** The image turned by 180° (a card lying upside down for the viewer). */
export function rotate180(image: GrayImage): GrayImage {
  const data = new Float32Array(image.data.length);
  for (let i = 0, n = data.length; i < n; i++) data[i] = image.data[n - 1 - i];
  return { width: image.width, height: image.height, data };
}

/** The image averaged down by two in each direction (2×2 means): one level of a pyramid. */
export function halve(image: GrayImage): GrayImage {
  const w = Math.max(1, image.width >> 1);
  const h = Math.max(1, image.height >> 1);
  const src = image.data;
  const sw = image.width;
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * sw;
    const r1 = Math.min(image.height - 1, 2 * y + 1) * sw;
    for (let x = 0; x < w; x++) {
      const x0 = 2 * x;
      const x1 = Math.min(sw - 1, x0 + 1);
      data[y * w + x] = (src[r0 + x0] + src[r0 + x1] + src[r1 + x0] + src[r1 + x1]) / 4;
    }
  }
  return { width: w, height: h, data };
}

/** Bilinear sample at (x, y) in pixel-centre coordinates (0,0 is the first pixel's centre), clamped at the edges. */
export function sample(image: GrayImage, x: number, y: number): number {
  const { width: w, height: h, data } = image;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
  const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}
