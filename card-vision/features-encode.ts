// A reference's keypoints as bytes (the server stores one set per printing and the page fetches the few a click
// fits): 36 bytes a keypoint as `featureBytes` counts them, after an 8-byte header. Little-endian throughout.
//
//   0  u32  magic "RKF1"
//   4  u32  count
//   8  count × (u16 x, u16 y)   coordinates in canonical card pixels, in 1/64 of a pixel
//   …  count × 8 u32           the steered-BRIEF descriptors (DESC_WORDS words each)
import { DESC_WORDS, type Features } from "./features";

const MAGIC = 0x3146_4b52; // "RKF1" read as a little-endian u32
const HEADER = 8;
/** Coordinates are kept in 1/64 px: a canonical card (244×340) fits u16 with room to spare, and 1/64 px is far below RANSAC's 6 px tolerance. */
const COORD_SCALE = 64;
const COORD_MAX = 0xffff / COORD_SCALE;
/** More than any reference has (referenceFeatures keeps 300): a longer file is not a reference's keypoints. */
export const MAX_ENCODED_FEATURES = 4096;

/** The bytes of a set of keypoints (coordinates clamped to 0–1023 px, where every canonical card's lie). */
export function encodeFeatures(f: Features): Uint8Array<ArrayBuffer> {
  if (f.count > MAX_ENCODED_FEATURES) throw new Error(`Too many keypoints to encode: ${f.count}`);
  const bytes = new Uint8Array(HEADER + f.count * (4 + DESC_WORDS * 4));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, f.count, true);
  const quantise = (v: number) => Math.round(Math.min(COORD_MAX, Math.max(0, v)) * COORD_SCALE);
  for (let i = 0; i < f.count; i++) {
    view.setUint16(HEADER + i * 4, quantise(f.x[i]), true);
    view.setUint16(HEADER + i * 4 + 2, quantise(f.y[i]), true);
  }
  const descAt = HEADER + f.count * 4;
  for (let i = 0; i < f.count * DESC_WORDS; i++) view.setUint32(descAt + i * 4, f.desc[i], true);
  return bytes;
}

/** The keypoints in `bytes` (encodeFeatures's format); throws on anything else, so a bad file never reaches a fit. */
export function decodeFeatures(bytes: Uint8Array): Features {
  if (bytes.byteLength < HEADER) throw new Error("Not a keypoint file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("Not a keypoint file");
  const count = view.getUint32(4, true);
  if (count > MAX_ENCODED_FEATURES || bytes.byteLength !== HEADER + count * (4 + DESC_WORDS * 4)) {
    throw new Error("A keypoint file of the wrong length");
  }
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    x[i] = view.getUint16(HEADER + i * 4, true) / COORD_SCALE;
    y[i] = view.getUint16(HEADER + i * 4 + 2, true) / COORD_SCALE;
  }
  const desc = new Uint32Array(count * DESC_WORDS);
  const descAt = HEADER + count * 4;
  for (let i = 0; i < desc.length; i++) desc[i] = view.getUint32(descAt + i * 4, true);
  return { count, x, y, desc };
}
