/** Dice the room rolls (spec 001 §9): d4, d6, d8, d10, d12, d20. */
export const DICE_SIDES = [4, 6, 8, 10, 12, 20] as const;
export type DiceSides = (typeof DICE_SIDES)[number];

type RandomSource = (buffer: Uint32Array) => Uint32Array;
const cryptoRandom: RandomSource = (buffer) => crypto.getRandomValues(buffer);

/**
 * A fair roll in 1..sides. Rejection sampling keeps every face equally likely
 * (a bare `% sides` over 2^32 would favour the low faces slightly).
 */
export function rollDie(sides: DiceSides, random: RandomSource = cryptoRandom): number {
  const limit = Math.floor(0x1_0000_0000 / sides) * sides;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0];
    if (value < limit) return (value % sides) + 1;
  }
}
