import { describe, expect, it } from "vitest";
import { seeded } from "./features";
import { countInliers, flatPairs, homographyFrom, normalEquations, project, ransacHomography, type Correspondence } from "./features-fit";
import type { Point } from "./warp";

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

describe("countInliers", () => {
  it("counts what `project` and the squared distance count, bit for bit; with atLeast, stops only below it", () => {
    const random = seeded(3601);
    for (let t = 0; t < 2000; t++) {
      const truth = [
        0.8 + random() * 0.6,
        random() * 0.4 - 0.2,
        random() * 400,
        random() * 0.4 - 0.2,
        0.8 + random() * 0.6,
        random() * 300,
        (random() - 0.5) * 0.002,
        (random() - 0.5) * 0.002,
        1,
      ];
      const count = 4 + Math.floor(random() * 200);
      const pairs: Correspondence[] = Array.from({ length: count }, () => {
        const from = { x: random() * 488, y: random() * 680 };
        const p = project(truth, from);
        // Some land on their match, some near it, most anywhere.
        const r = random();
        const to =
          r < 0.2
            ? p
            : r < 0.4
              ? { x: p.x + (random() - 0.5) * 16, y: p.y + (random() - 0.5) * 16 }
              : { x: random() * 1280, y: random() * 720 };
        return { from, to };
      });
      const tol2 = 36;
      const plain = pairs.filter(({ from, to }) => {
        const p = project(truth, from);
        return (p.x - to.x) ** 2 + (p.y - to.y) ** 2 <= tol2;
      }).length;
      const coords = flatPairs(pairs);
      expect(countInliers(truth, coords, tol2)).toBe(plain);
      const atLeast = Math.floor(random() * count);
      const stopped = countInliers(truth, coords, tol2, atLeast);
      if (plain >= atLeast) expect(stopped).toBe(plain);
      else expect(stopped).toBeLessThan(atLeast);
    }
  });
});

/** RANSAC as first written (a set of four indices, `project` a pair at a time): `ransacHomography` must equal it. */
function plainRansac(pairs: Correspondence[], accept: (h: number[]) => boolean, iterations: number) {
  const n = pairs.length;
  const tol2 = 36;
  const next = seeded(1);
  const fits = (h: number[], { from, to }: Correspondence) => {
    const p = project(h, from);
    return (p.x - to.x) ** 2 + (p.y - to.y) ** 2 <= tol2;
  };
  const inliersOf = (h: number[]) => pairs.filter((pair) => fits(h, pair)).length;
  const collinear = (a: Point, b: Point, c: Point) => Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) < 25;
  let best = 0;
  let bestH: number[] | null = null;
  const order = pairs.map((_, i) => i).sort((a, b) => pairs[a].quality! - pairs[b].quality!);
  for (let it = 0; it < iterations; it++) {
    const idx = new Set<number>();
    const pool = Math.min(n, Math.max(8, Math.ceil((2 * n * (it + 1)) / iterations)));
    while (idx.size < 4) idx.add(order[Math.floor(next() * pool)]);
    const sample = [...idx].map((i) => pairs[i]);
    const [a, b, c, d] = sample.map((s) => s.from);
    if (collinear(a, b, c) || collinear(a, b, d) || collinear(a, c, d) || collinear(b, c, d)) continue;
    const h = homographyFrom(sample);
    if (!h || !accept(h)) continue;
    const k = inliersOf(h);
    if (k > best) {
      best = k;
      bestH = h;
      if (best > 0.8 * n) break;
    }
  }
  if (!bestH) return { inliers: 0, homography: null };
  for (let round = 0; round < 2; round++) {
    const h = homographyFrom(pairs.filter((pair) => fits(bestH!, pair)));
    if (!h || !accept(h)) break;
    const k = inliersOf(h);
    if (k < best) break;
    best = k;
    bestH = h;
  }
  return { inliers: best, homography: bestH };
}

describe("ransacHomography", () => {
  it("draws and counts as the plain tries do: the same best homography and count, bit for bit", () => {
    const random = seeded(3602);
    for (let t = 0; t < 60; t++) {
      const truth = [
        1 + random() * 0.5,
        random() * 0.2 - 0.1,
        300 + random() * 200,
        random() * 0.2 - 0.1,
        1 + random() * 0.5,
        100 + random() * 100,
        0.0002,
        -0.0001,
        1,
      ];
      const count = 8 + Math.floor(random() * 120);
      const pairs: Correspondence[] = Array.from({ length: count }, () => {
        const from = { x: random() * 488, y: random() * 680 };
        const p = project(truth, from);
        const to = random() < 0.3 ? { x: p.x + random() * 3, y: p.y - random() * 3 } : { x: random() * 1280, y: random() * 720 };
        return { from, to, quality: random() };
      });
      // An acceptance that turns some down (as `plausibleCard` does), so the tries run on.
      const accept = (h: number[]) => h[0] > 0.9;
      const plain = plainRansac(pairs, accept, 300);
      const fit = ransacHomography(pairs, accept, { iterations: 300, tolerance: 6 });
      expect(fit.inliers).toBe(plain.inliers);
      expect(fit.homography).toEqual(plain.homography);
    }
  });
});
