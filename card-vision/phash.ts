// Perceptual hashes of a canonical card (warp.ts): the signs of the lowest frequencies of its picture, so a blurred,
// darker or slightly misaligned photo of a card hashes close (in Hamming distance) to the card's clean image.
import { resizeArea, type GrayImage } from "./image";
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

/** The lowest `side`×`side` coefficients of the 2-D DCT-II of a 32×32 block (row-major, [v*side+u]). */
function lowDct(block: Float32Array, side: number): Float32Array {
  const n = DCT_SIZE;
  // Rows first (u over x), then columns (v over y): separable.
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

function median(values: Float32Array): number {
  const sorted = Float32Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many bits differ. */
export function hamming(a: Hash, b: Hash): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += popcount((a[i] ^ b[i]) >>> 0);
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
