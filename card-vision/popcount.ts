// Counting the bits two hashes or descriptors differ in, the identifier's innermost step (the hash distance, the
// pool's quick search, the keypoint fit's matching). JavaScript has no popcount instruction; a table of every 16-bit
// value's count (64 KB, made once) answers a 32-bit word in two reads, measured ~40% faster than the bit-twiddling
// count in the fit's matching (docs/cards.md, "Where a click's CPU goes").

/** Bits set in each 16-bit value. */
export const BITS16: Uint8Array = (() => {
  const table = new Uint8Array(1 << 16);
  for (let v = 1; v < 1 << 16; v++) table[v] = table[v >> 1] + (v & 1);
  return table;
})();

/** Bits set in a 32-bit word (any number: its low 32 bits), by the table. */
export function popcount32(v: number): number {
  return BITS16[v & 0xffff] + BITS16[(v >>> 16) & 0xffff];
}

/** Bits set in a 32-bit word the plain way (no table): what the table must agree with. */
export function popcountPlain(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Bits apart between two 256-bit descriptors (8 words: `a` from word `ai`, `b` from `bj`), or, as soon as it is
 * sure to reach `bound`, a count at least `bound` (the words counted so far): a nearest-neighbour search needs no
 * more of a descriptor that cannot be among the nearest two. Checked after 4, 6 and 8 words.
 */
export function distance256Below(a: Uint32Array, ai: number, b: Uint32Array, bj: number, bound: number): number {
  let v = a[ai] ^ b[bj];
  let d = BITS16[v & 0xffff] + BITS16[v >>> 16];
  v = a[ai + 1] ^ b[bj + 1];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  v = a[ai + 2] ^ b[bj + 2];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  v = a[ai + 3] ^ b[bj + 3];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  if (d >= bound) return d;
  v = a[ai + 4] ^ b[bj + 4];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  v = a[ai + 5] ^ b[bj + 5];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  if (d >= bound) return d;
  v = a[ai + 6] ^ b[bj + 6];
  d += BITS16[v & 0xffff] + BITS16[v >>> 16];
  v = a[ai + 7] ^ b[bj + 7];
  return d + BITS16[v & 0xffff] + BITS16[v >>> 16];
}
