import { describe, expect, it } from "vitest";
import { seeded } from "./features";
import { homographyFrom, normalEquations, type Correspondence } from "./features-fit";

/** The normal equations as first written: every row's full 8×8 outer product. `normalEquations` must equal it. */
function plainNormalEquations(pairs: Correspondence[]) {
  const s = 1 / 256;
  const ata = new Float64Array(64);
  const atb = new Float64Array(8);
  const add = (row: number[], value: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] += row[i] * value;
      for (let j = 0; j < 8; j++) ata[i * 8 + j] += row[i] * row[j];
    }
  };
  for (const { from, to } of pairs) {
    const [x, y, u, v] = [from.x * s, from.y * s, to.x * s, to.y * s];
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  return { ata, atb };
}

describe("homographyFrom", () => {
  it("solves normal equations equal to the full 8×8 products bit for bit, from four pairs to many", () => {
    const random = seeded(36);
    for (let t = 0; t < 3000; t++) {
      const count = 4 + Math.floor(random() * 40);
      const pairs: Correspondence[] = Array.from({ length: count }, () => ({
        from: { x: random() * 488, y: random() * 680 },
        to: { x: random() * 1280, y: random() * 720 },
      }));
      // Some integer coordinates too, as keypoints at pyramid level 0 have.
      if (t % 3 === 0) for (const p of pairs) p.from = { x: Math.round(p.from.x), y: Math.round(p.from.y) };
      const fast = normalEquations(pairs);
      const plain = plainNormalEquations(pairs);
      expect(Array.from(fast.ata)).toEqual(Array.from(plain.ata));
      expect(Array.from(fast.atb)).toEqual(Array.from(plain.atb));
    }
  });

  it("recovers a known homography from exact pairs", () => {
    const truth = [1.1, 0.2, 30, -0.1, 0.9, 12, 0.0004, -0.0002, 1];
    const map = (x: number, y: number) => {
      const w = truth[6] * x + truth[7] * y + 1;
      return { x: (truth[0] * x + truth[1] * y + truth[2]) / w, y: (truth[3] * x + truth[4] * y + truth[5]) / w };
    };
    const pairs = [
      [0, 0],
      [488, 0],
      [488, 680],
      [0, 680],
      [200, 300],
    ].map(([x, y]) => ({ from: { x, y }, to: map(x, y) }));
    const h = homographyFrom(pairs)!;
    h.forEach((value, i) => expect(value).toBeCloseTo(truth[i], 6));
  });
});
