// Made-up keypoints for the matching tests: random descriptors, some near copies of another set's (a few bits
// flipped: near neighbours), some keypoints a few pixels apart (one corner at several scales), the rest anywhere.
import { DESC_WORDS, type Features } from "./features";

const word = (next: () => number) => Math.floor(next() * 2 ** 32) >>> 0;

/** `count` descriptors at random, a share `copies` of them copies of `like`'s with up to `flips` bits flipped. */
export function randomFeatures(
  next: () => number,
  count: number,
  like?: Features,
  { copies = 0.4, flips = 40 }: { copies?: number; flips?: number } = {},
): Features {
  const desc = new Uint32Array(count * DESC_WORDS);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  for (let j = 0; j < count; j++) {
    const copy = like && like.count > 0 && next() < copies ? Math.floor(next() * like.count) : -1;
    for (let k = 0; k < DESC_WORDS; k++) desc[j * DESC_WORDS + k] = copy >= 0 ? like!.desc[copy * DESC_WORDS + k] : word(next);
    if (copy >= 0)
      for (let f = Math.floor(next() * flips); f > 0; f--)
        desc[j * DESC_WORDS + Math.floor(next() * DESC_WORDS)] ^= 1 << Math.floor(next() * 32);
    x[j] = j > 0 && next() < 0.3 ? x[j - 1] + Math.floor(next() * 6) : Math.floor(next() * 400);
    y[j] = j > 0 && next() < 0.3 ? y[j - 1] + Math.floor(next() * 6) : Math.floor(next() * 400);
  }
  return { count, desc, x, y };
}
