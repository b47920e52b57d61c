/** A source of uniform numbers in [0, 1): crypto in production, seeded in tests. */
export type RandomSource = () => number;

/** Unbiased enough for shuffling up to a few hundred players: 32 random bits per draw. */
export const cryptoRandom: RandomSource = () => {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0] / 2 ** 32;
};

/** Fisher-Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], random: RandomSource = cryptoRandom): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
