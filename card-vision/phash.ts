// Perceptual hashes of a canonical card (warp.ts): the signs of the lowest frequencies of its picture, so a blurred,
// darker or slightly misaligned photo of a card hashes close (in Hamming distance) to the card's clean image.
import { resizeArea, type GrayImage } from "./image";
import { popcount32 } from "./popcount";
import { CARD_H, CARD_W } from "./warp";

/** A hash as 32-bit words. */
export type Hash = Uint32Array;

/** A region of the canonical card, as fractions of its width and height. */
export type Region = { x: number; y: number; w: number; h: number };

// The art box of a card (Scryfall's art_crop: 34,78 – 454,376 of the 488×680 image), a little inside it so a
// few pixels of misplaced outline do not bring the frame into the hash.
export const ART_REGION: Region = { x: 44 / 488, y: 88 / 680, w: 400 / 488, h: 278 / 680 };

export const DCT_SIZE = 32;
const cosTable = new Float32Array(DCT_SIZE * DCT_SIZE);
for (let u = 0; u < DCT_SIZE; u++) {
  for (let x = 0; x < DCT_SIZE; x++) cosTable[u * DCT_SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_SIZE));
}

/** The same single-precision cosines as doubles: read without a conversion in the sums below. */
const cos64 = Float64Array.from(cosTable);
const rowsScratch: Float32Array[] = [];
const outScratch: Float32Array[] = [];

/**
 * The lowest `side`×`side` coefficients of the 2-D DCT-II of a 32×32 block (row-major, [v*side+u]) into a scratch
 * array that the next call overwrites. Rows first (u over x), then columns (v over y): separable. Each coefficient
 * is one sum in double precision taken in order (x, then y, from 0), the row pass's kept in single precision, as
 * `lowDctPlain` takes them; four coefficients are summed side by side (independent sums the processor overlaps
 * instead of waiting on each addition), which changes no sum's order, so the bits are the same.
 */
function lowDct(block: Float32Array, side: number): Float32Array {
  const n = DCT_SIZE;
  const rows = (rowsScratch[side] ??= new Float32Array(n * side));
  const out = (outScratch[side] ??= new Float32Array(side * side));
  for (let y = 0; y < n; y++) {
    const at = y * n;
    const to = y * side;
    let u = 0;
    for (; u + 4 <= side; u += 4) {
      const c0 = u * n;
      const c1 = c0 + n;
      const c2 = c1 + n;
      const c3 = c2 + n;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let x = 0; x < n; x++) {
        const b = block[at + x];
        s0 += b * cos64[c0 + x];
        s1 += b * cos64[c1 + x];
        s2 += b * cos64[c2 + x];
        s3 += b * cos64[c3 + x];
      }
      rows[to + u] = s0;
      rows[to + u + 1] = s1;
      rows[to + u + 2] = s2;
      rows[to + u + 3] = s3;
    }
    for (; u < side; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += block[at + x] * cos64[u * n + x];
      rows[to + u] = s;
    }
  }
  for (let v = 0; v < side; v++) {
    const cv = v * n;
    const to = v * side;
    let u = 0;
    for (; u + 4 <= side; u += 4) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let y = 0; y < n; y++) {
        const c = cos64[cv + y];
        const r = y * side + u;
        s0 += rows[r] * c;
        s1 += rows[r + 1] * c;
        s2 += rows[r + 2] * c;
        s3 += rows[r + 3] * c;
      }
      out[to + u] = s0;
      out[to + u + 1] = s1;
      out[to + u + 2] = s2;
      out[to + u + 3] = s3;
    }
    for (; u < side; u++) {
      let s = 0;
      for (let y = 0; y < n; y++) s += rows[y * side + u] * cos64[cv + y];
      out[to + u] = s;
    }
  }
  return out;
}

/** The lowest `side`×`side` DCT coefficients one sum at a time: what `lowDct` must equal bit for bit (its test). */
export function lowDctPlain(block: Float32Array, side: number): Float32Array {
  const n = DCT_SIZE;
  const rows = new Float32Array(n * side);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u < side; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += block[y * n + x] * cosTable[u * n + x];
      rows[y * side + u] = s;
    }
  }
  const out = new Float32Array(side * side);
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      let s = 0;
      for (let y = 0; y < n; y++) s += rows[y * side + u] * cosTable[v * n + y];
      out[v * side + u] = s;
    }
  }
  return out;
}

/** `lowDct`'s coefficients in an array of their own (for its test). */
export const lowDctFast = (block: Float32Array, side: number): Float32Array => lowDct(block, side).slice();

const medianScratch: Float32Array[] = [];

/**
 * The median of the values (the middle one of an odd count, the mean of the middle two of an even count), the
 * value sorting them would give: a selection in a scratch copy (a sort when any value is NaN).
 */
export function median(values: Float32Array): number {
  const n = values.length;
  const mid = n >> 1;
  const a = (medianScratch[n] ??= new Float32Array(n));
  a.set(values);
  for (let i = 0; i < n; i++) {
    if (a[i] !== a[i]) {
      const sorted = Float32Array.from(values).sort();
      return n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
  }
  const upper = select(a, mid);
  if (n % 2) return upper;
  // The largest of the values below the middle one (the selection left them in a[0..mid)).
  let lower = a[0];
  for (let i = 1; i < mid; i++) if (a[i] > lower) lower = a[i];
  return (lower + upper) / 2;
}

/** The k-th smallest of `a` (Hoare's selection, in place: afterwards a[0..k) ≤ a[k] ≤ a(k..]). */
function select(a: Float32Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k];
}

/**
 * The hash of a 32×32 block (row-major): its DCT, and one bit per low frequency (the `side`×`side` block without
 * the constant term): above or below their median. The median split makes it blind to brightness and contrast (a
 * uniform gain and offset scale and shift every coefficient alike).
 */
export function hashBlock(block: Float32Array, side: number): Hash {
  const coeffs = lowDct(block, side);
  const values = coeffs.subarray(1);
  const m = median(values);
  const hash = new Uint32Array(Math.ceil(values.length / 32));
  for (let i = 0; i < values.length; i++) if (values[i] > m) hash[i >> 5] |= 1 << (i & 31);
  return hash;
}

/** pHash of a region of a canonical card: the region averaged down to 32×32 (area sampling), then `hashBlock`. */
export function pHash(card: GrayImage, region: Region = ART_REGION, side = 8): Hash {
  const block = resizeArea(
    card,
    DCT_SIZE,
    DCT_SIZE,
    region.x * card.width,
    region.y * card.height,
    region.w * card.width,
    region.h * card.height,
  ).data;
  return hashBlock(block, side);
}

/** How many bits differ. */
export function hamming(a: Hash, b: Hash): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += popcount32((a[i] ^ b[i]) >>> 0);
  return d;
}

/** Hash as hex (for IndexedDB and logs). */
export function hashToHex(hash: Hash): string {
  return Array.from(hash, (w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
}

export function hashFromHex(hex: string): Hash {
  const words = new Uint32Array(hex.length / 8);
  for (let i = 0; i < words.length; i++) words[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  return words;
}

/** A card image of any size (e.g. Scryfall's normal 488×680) as the canonical card, averaged down. */
export function canonicalFromImage(image: GrayImage): GrayImage {
  return resizeArea(image, CARD_W, CARD_H);
}
