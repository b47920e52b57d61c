// The keypoint fit's parts on made-up pictures: corners found where they are, descriptors that survive a turn, a
// known homography recovered by RANSAC among outliers, and the fit naming a card (or nothing) among references.
import { describe, expect, it } from "vitest";
import {
  arcOf9,
  cardinalPair,
  CIRCLE,
  fastCorners,
  featureBytes,
  featuresOf,
  referenceFeatures,
  seeded,
  smoothInside,
  type Features,
} from "./features";
import {
  cardQuad,
  clickScaleRatio,
  guidedRefit,
  matchAll,
  matchEach,
  plausibleCard,
  project,
  ransacHomography,
  spreadOf,
  type Correspondence,
} from "./features-fit";
import { clickFeatures, verifyByFeatures } from "./features-verify";
import type { GrayImage } from "./image";
import { hashCard, identify } from "./identify";
import { referenceSet } from "./match";
import { drawCard, paintCard, rgbaOf, table } from "./synthetic-card.test-support";
import { CARD_H, CARD_W, homographyFromRect, type Quad } from "./warp";

/** A table (gray 90) of w×h with `card` drawn onto `quad` (nearest pixel), and an optional cover painted over it. */
function photograph(card: GrayImage, quad: Quad, w = 640, h = 480, cover?: (x: number, y: number) => boolean): GrayImage {
  const frame = table(w, h, 90);
  paintCard(frame, card, quad);
  if (cover) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (cover(x, y)) frame.data[y * w + x] = 200;
  return frame;
}

/** A card turned by `deg` about (cx, cy), `height` pixels high. */
function turnedQuad(cx: number, cy: number, height: number, deg: number): Quad {
  const t = (deg * Math.PI) / 180;
  const w = (height * CARD_W) / CARD_H;
  const corners = [
    [-w / 2, -height / 2],
    [w / 2, -height / 2],
    [w / 2, height / 2],
    [-w / 2, height / 2],
  ];
  return corners.map(([x, y]) => ({ x: cx + x * Math.cos(t) - y * Math.sin(t), y: cy + x * Math.sin(t) + y * Math.cos(t) })) as Quad;
}

describe("featuresOf", () => {
  it("finds a rectangle's four corners", () => {
    const w = 120;
    const data = new Float32Array(w * w).fill(30);
    for (let y = 40; y < 80; y++) for (let x = 30; x < 90; x++) data[y * w + x] = 220;
    const f = featuresOf({ width: w, height: w, data });
    const near = (cx: number, cy: number) => Array.from(f.x).some((x, i) => Math.abs(x - cx) <= 2 && Math.abs(f.y[i] - cy) <= 2);
    expect(near(30, 40) && near(89, 40) && near(89, 79) && near(30, 79)).toBe(true);
    expect(f.count).toBeLessThanOrEqual(8);
  });

  it("finds corners spread over a drawn card, and costs 36 bytes a keypoint", () => {
    const f = referenceFeatures(drawCard(3));
    expect(f.count).toBeGreaterThan(60);
    expect(featureBytes(f)).toBe(f.count * 36);
    const ys = Array.from(f.y);
    expect(Math.min(...ys)).toBeLessThan(CARD_H * 0.3);
    expect(Math.max(...ys)).toBeGreaterThan(CARD_H * 0.45);
  });

  it("describes a corner alike when the card is turned (steered by its orientation)", () => {
    const card = drawCard(5);
    const ref = referenceFeatures(card);
    for (const deg of [0, 30, 90, 160]) {
      const quad = turnedQuad(320, 240, 300, deg);
      const query = featuresOf(photograph(card, quad));
      const [pairs] = matchAll(query, [ref]);
      const truth = homographyFromRect(CARD_W, CARD_H, quad)!;
      const good = pairs.filter((p) => {
        const q = project(truth, p.from);
        return Math.hypot(q.x - p.to.x, q.y - p.to.y) < 4;
      });
      expect(good.length, `${deg}°`).toBeGreaterThan(15);
      expect(good.length / pairs.length, `${deg}°`).toBeGreaterThan(0.5);
    }
  });
});

describe("matchEach", () => {
  const card = drawCard(5);
  const ref = referenceFeatures(card);
  const quad = turnedQuad(320, 240, 300, 15);
  const query = featuresOf(photograph(card, quad));
  const truth = homographyFromRect(CARD_W, CARD_H, quad)!;
  const good = (pairs: Correspondence[]) =>
    pairs.filter((p) => {
      const q = project(truth, p.from);
      return Math.hypot(q.x - p.to.x, q.y - p.to.y) < 4;
    }).length;

  it("keeps a card's matches when another reference holds the same corners (matchAll loses them)", () => {
    const [alone] = matchEach(query, [ref]);
    const [each] = matchEach(query, [ref, ref]);
    const [all] = matchAll(query, [ref, ref]);
    expect(good(alone)).toBeGreaterThan(15);
    expect(good(each)).toBe(good(alone));
    expect(all.length).toBe(0);
  });

  it("grades each match by its ratio against the nearest anywhere, the ones no other reference explains first", () => {
    const [one, stranger] = matchEach(query, [ref, referenceFeatures(drawCard(6))]);
    expect(one.every((p) => p.quality !== undefined)).toBe(true);
    const sure = one.filter((p) => p.quality! <= 0.8);
    expect(good(sure) / sure.length).toBeGreaterThan(0.6);
    expect(good(sure)).toBeGreaterThan(good(stranger));
  });
});

describe("guidedRefit", () => {
  it("gathers the card's corners where a rough fit puts them, and few for a stranger's fit", () => {
    const card = drawCard(7);
    const quad = turnedQuad(320, 240, 300, 10);
    const query = featuresOf(photograph(card, quad));
    // A rough first fit: the card's corners 3 px off.
    const rough = homographyFromRect(CARD_W, CARD_H, quad.map((p, i) => ({ x: p.x + (i % 2 ? 3 : -3), y: p.y + 2 })) as Quad)!;
    const guided = guidedRefit(rough, query, referenceFeatures(card), () => true);
    expect(guided.inliers).toBeGreaterThan(20);
    // The bottom corners are extrapolated from the name's and the art's keypoints: within 3% of the card's height.
    cardQuad(guided.homography!).forEach((p, i) => expect(Math.hypot(p.x - quad[i].x, p.y - quad[i].y)).toBeLessThan(9));
    const stranger = guidedRefit(rough, query, referenceFeatures(drawCard(8)), () => true);
    expect(stranger.inliers).toBeLessThan(guided.inliers / 4);
  });
});

describe("plausibleCard", () => {
  const click = { x: 320, y: 240 };
  const frame = { frameHeight: 480 };

  it("takes a card turned any way and tilted away from the camera", () => {
    expect(plausibleCard(turnedQuad(320, 240, 200, 35), click, 20, frame)).toBe(true);
    // Tilted 45° back: its far side a quarter narrower, its height foreshortened.
    const tilted: Quad = [
      { x: 260, y: 170 },
      { x: 380, y: 170 },
      { x: 400, y: 300 },
      { x: 240, y: 300 },
    ];
    expect(plausibleCard(tilted, click, 20, frame)).toBe(true);
  });

  it("refuses a fit no card under the click could give: several frames high, or a corner folded flat", () => {
    const huge = turnedQuad(320, 240, 1400, 0);
    expect(plausibleCard(huge, click, 20)).toBe(true);
    expect(plausibleCard(huge, click, 20, frame)).toBe(false);
    expect(plausibleCard(turnedQuad(320, 240, 30, 0), click, 5, frame)).toBe(false);
    // A stranger's chance fit: sheared until its corners reach 33° and 147°, sides and shape within bounds.
    const sheared: Quad = [
      { x: 250, y: 100 },
      { x: 380, y: 300 },
      { x: 380, y: 500 },
      { x: 250, y: 300 },
    ];
    expect(plausibleCard(sheared, click, 20)).toBe(true);
    expect(plausibleCard(sheared, click, 20, frame)).toBe(false);
  });

  it("tells a card fitted under the click from a neighbour's art stretched until its card reaches the click", () => {
    // The inliers in the art (the card's upper half).
    const art = [
      { x: 0.2 * CARD_W, y: 0.15 * CARD_H },
      { x: 0.8 * CARD_W, y: 0.2 * CARD_H },
      { x: 0.5 * CARD_W, y: 0.45 * CARD_H },
    ];
    const card = homographyFromRect(CARD_W, CARD_H, turnedQuad(320, 240, 200, 10))!;
    expect(clickScaleRatio(card, art, { x: 320, y: 240 })).toBeLessThan(1.1);
    // The same art, its card's bottom twice as wide as its top and reaching far down, clicked near the bottom.
    const stretched = homographyFromRect(CARD_W, CARD_H, [
      { x: 280, y: 40 },
      { x: 360, y: 40 },
      { x: 400, y: 300 },
      { x: 240, y: 300 },
    ])!;
    expect(clickScaleRatio(stretched, art, { x: 320, y: 280 })).toBeGreaterThan(1.5);
  });

  it("measures how much of the name and art the inliers cover", () => {
    expect(spreadOf([{ x: 0, y: 0 }])).toBe(0);
    const all = [
      { x: 0.03 * CARD_W, y: 0.03 * CARD_H },
      { x: 0.97 * CARD_W, y: 0.03 * CARD_H },
      { x: 0.97 * CARD_W, y: 0.56 * CARD_H },
      { x: 0.03 * CARD_W, y: 0.56 * CARD_H },
    ];
    expect(spreadOf(all)).toBeCloseTo(1, 5);
  });
});

describe("ransacHomography", () => {
  it("recovers a known homography from matches with 40% outliers, the same on every run", () => {
    const quad: Quad = [
      { x: 100, y: 80 },
      { x: 300, y: 95 },
      { x: 320, y: 400 },
      { x: 90, y: 380 },
    ];
    const truth = homographyFromRect(CARD_W, CARD_H, quad)!;
    const next = seeded(42);
    const pairs: Correspondence[] = [];
    for (let i = 0; i < 60; i++) {
      const from = { x: next() * CARD_W, y: next() * CARD_H };
      const to = project(truth, from);
      pairs.push({ from, to: { x: to.x + (next() - 0.5), y: to.y + (next() - 0.5) } });
    }
    for (let i = 0; i < 40; i++) pairs.push({ from: { x: next() * CARD_W, y: next() * CARD_H }, to: { x: next() * 640, y: next() * 480 } });
    const fit = ransacHomography(pairs, () => true, { seed: 7 });
    expect(fit.inliers).toBeGreaterThanOrEqual(60);
    expect(fit.inliers).toBeLessThan(64);
    cardQuad(fit.homography!).forEach((p, i) => expect(Math.hypot(p.x - quad[i].x, p.y - quad[i].y)).toBeLessThan(3));
    expect(ransacHomography(pairs, () => true, { seed: 7 })).toEqual(fit);
  });

  it("seeded gives the same numbers for the same seed", () => {
    const a = seeded(9);
    const b = seeded(9);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe("the keypoint fit", () => {
  const cards = [11, 12, 13, 14, 15, 16].map((seed) => ({ id: `card-${seed}`, image: drawCard(seed) }));
  const features = new Map<string, Features>(cards.map((c) => [c.id, referenceFeatures(c.image)]));
  const references = cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) }));
  const quad = turnedQuad(300, 250, 260, 20);
  // The card's lower half under another (plain) card: no outline, half the art.
  const covered = (x: number, y: number) => y > 250 && x > 150 && x < 470;
  const frame = photograph(cards[2].image, quad, 640, 480, covered);
  const click = { x: 300, y: 220 };

  it("names the card half under another by its fit, and finds its corners", () => {
    const verdict = verifyByFeatures(
      clickFeatures(frame, click),
      click,
      cards.map((c) => c.id),
      referenceSet(references, (id) => features.get(id)),
      20,
    );
    expect(verdict.id).toBe("card-13");
    const fit = verdict.fits[0];
    expect(fit.inliers).toBeGreaterThan(12);
    // The corners in sight within 4% of the card's height; the hidden ones, extrapolated from keypoints in the name
    // and the art (the top half), within 12%.
    const error = fit.quad!.map((p, i) => Math.hypot(p.x - quad[i].x, p.y - quad[i].y) / 260);
    expect(Math.max(error[0], error[1])).toBeLessThan(0.04);
    expect(Math.max(error[2], error[3])).toBeLessThan(0.12);
  });

  it("names nothing when the card is in no list", () => {
    const others = cards.filter((c) => c.id !== "card-13");
    const verdict = verifyByFeatures(
      clickFeatures(frame, click),
      click,
      others.map((c) => c.id),
      referenceSet(
        references.filter((r) => r.id !== "card-13"),
        (id) => features.get(id),
      ),
      20,
    );
    expect(verdict.id).toBeNull();
  });

  it("runs inside identify when the candidates have features, and says so", () => {
    const set = referenceSet(references, (id) => features.get(id));
    const result = identify(rgbaOf(frame), click, set, { rescueUpTo: 400 });
    expect(result.match?.id).toBe("card-13");
    expect(result.verified?.id).toBe("card-13");
    expect(result.namedBy).toBe("keypoints");
    const off = identify(rgbaOf(frame), click, set, { features: false });
    expect(off.verified).toBeUndefined();
  });
});

/** The 5×5 box smoothing as first written, clamped at the image's edges: `smoothInside` must equal it inside. */
function smoothPlain(img: GrayImage): Float32Array {
  const { width: w, height: h, data: d } = img;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -2; k <= 2; k++) s += d[y * w + Math.min(w - 1, Math.max(0, x + k))];
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -2; k <= 2; k++) s += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x];
      out[y * w + x] = s / 25;
    }
  return out;
}

describe("smoothInside", () => {
  it("equals the clamped smoothing bit for bit 2 pixels or more inside (fractional grays, as a resized frame has)", () => {
    const random = seeded(3603);
    for (const [w, h] of [
      [5, 5],
      [37, 23],
      [64, 64],
    ]) {
      const data = new Float32Array(w * h).map(() => (random() < 0.5 ? Math.round(random() * 255) : random() * 255));
      const img = { width: w, height: h, data };
      const fast = smoothInside(img);
      const plain = smoothPlain(img);
      for (let y = 2; y < h - 2; y++) for (let x = 2; x < w - 2; x++) expect(fast[y * w + x]).toBe(plain[y * w + x]);
    }
  });
});

describe("cardinalPair", () => {
  it("holds for every circle with an arc of 9 brighter or darker (FAST-9 never loses a corner to it)", () => {
    for (let mask = 0; mask < 1 << 16; mask++) {
      // The four pixels 0, 4, 8 and 12 alone are what the test reads of the mask.
      if (arcOf9(mask)) expect(cardinalPair(mask & 0x1111)).toBe(true);
    }
  });
});

/** FAST-9 the plain way: every pixel's whole circle read, then `arcOf9` (what `fastCorners` must equal). */
function fastPlain(img: GrayImage, t: number): { found: number[]; score: number[] } {
  const { width: w, height: h, data: d } = img;
  const circle = CIRCLE.map(([dx, dy]) => dy * w + dx);
  const found: number[] = [];
  const score: number[] = [];
  const border = 18;
  for (let y = border; y < h - border; y++) {
    for (let x = border; x < w - border; x++) {
      const i = y * w + x;
      let bright = 0;
      let dark = 0;
      let sum = 0;
      circle.forEach((o, k) => {
        const v = d[i + o] - d[i];
        if (d[i + o] > d[i] + t) bright |= 1 << k;
        else if (d[i + o] < d[i] - t) dark |= 1 << k;
        sum += v > t ? v - t : v < -t ? -v - t : 0;
      });
      if (!arcOf9(bright) && !arcOf9(dark)) continue;
      found.push(i);
      score.push(Math.fround(sum));
    }
  }
  return { found, score };
}

describe("fastCorners", () => {
  it("finds the plain FAST-9's corners with the same scores, on grays fractional and whole, noisy and blocky", () => {
    const random = seeded(11);
    for (const [w, h, block] of [
      [40, 40, 1],
      [97, 64, 1],
      [120, 90, 3],
      [80, 120, 7],
    ]) {
      const cells = new Float32Array(w * h).map(() => (random() < 0.5 ? Math.round(random() * 255) : random() * 255));
      // Blocks of one gray make long straight edges and flat patches, where corners are few and ties many.
      const data = new Float32Array(w * h).map((_, i) => cells[Math.floor(i / w / block) * w + Math.floor((i % w) / block)]);
      const img = { width: w, height: h, data };
      for (const t of [12, 20]) {
        const fast = fastCorners(img, t);
        const plain = fastPlain(img, t);
        expect(fast.found).toEqual(plain.found);
        expect(fast.found.map((i) => fast.score[i])).toEqual(plain.score);
        expect(plain.found.length).toBeGreaterThan(0);
      }
    }
  });
});
