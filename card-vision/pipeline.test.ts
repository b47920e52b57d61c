// The identification's steps on synthetic pictures: a warp that undoes a known perspective, hashes that survive
// brightness changes, a locator that finds a card on a plain table, and the whole chain against a set of cards.
import { describe, expect, it } from "vitest";
import { hashCard, identify } from "./identify";
import { resizeArea, rotate180, type GrayImage } from "./image";
import { fallbackQuad, locateCard } from "./locate";
import { MATCH_THRESHOLD, rank, referenceSet } from "./match";
import { hamming, hashFromHex, hashToHex, pHash } from "./phash";
import { hashQuad, pyramidOf } from "./quad-hash";
import { CARD_H, CARD_W, warpQuad, type Quad } from "./warp";
import { drawCard, paintCard, rgbaOf, SLANTED, table } from "./synthetic-card.test-support";

/** A table (gray 90) of w×h with the card drawn onto the quad (nearest pixel). */
function photograph(card: GrayImage, quad: Quad, w = 640, h = 480, light = (v: number) => v): GrayImage {
  const frame = table(w, h, 90);
  paintCard(frame, card, quad, light);
  return frame;
}

const slanted = SLANTED;

describe("warpQuad", () => {
  it("undoes a perspective: the warped photo hashes as the card", () => {
    const card = drawCard(1);
    const back = warpQuad(photograph(card, slanted), slanted)!;
    expect(back.width).toBe(CARD_W);
    expect(hamming(pHash(back), pHash(card))).toBeLessThan(20);
  });

  it("is null for a degenerate quad", () => {
    const line: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ];
    expect(warpQuad(drawCard(1), line)).toBeNull();
  });
});

describe("pHash", () => {
  it("ignores brightness and contrast, tells different cards apart", () => {
    const card = drawCard(2);
    const darker = { ...card, data: card.data.map((v) => v * 0.6 + 15) };
    expect(hamming(pHash(card), pHash(darker))).toBeLessThanOrEqual(2);
    // 63 bits: unrelated pictures differ in about half.
    expect(hamming(pHash(card), pHash(drawCard(3)))).toBeGreaterThan(20);
  });

  it("survives a round trip through hex", () => {
    const hash = pHash(drawCard(4));
    expect(hashFromHex(hashToHex(hash))).toEqual(hash);
  });

  it("is blind to scale: the card image at full size hashes as the canonical one", () => {
    const card = drawCard(5);
    const big = resizeArea(card, CARD_W * 2, CARD_H * 2);
    expect(hamming(pHash(resizeArea(big, CARD_W, CARD_H)), pHash(card))).toBeLessThanOrEqual(4);
  });
});

describe("locateCard", () => {
  it("finds a slanted card's corners around a click inside it", () => {
    const [found] = locateCard(photograph(drawCard(6), slanted), { x: 300, y: 250 });
    expect(found.source).toBe("outline");
    for (let k = 0; k < 4; k++) {
      expect(Math.hypot(found.quad[k].x - slanted[k].x, found.quad[k].y - slanted[k].y)).toBeLessThan(6);
    }
  });

  it("falls back to a card-shaped box around the click on an empty table", () => {
    const table: GrayImage = { width: 640, height: 480, data: new Float32Array(640 * 480).fill(90) };
    const [found] = locateCard(table, { x: 320, y: 240 });
    expect(found).toEqual({ quad: fallbackQuad(table, { x: 320, y: 240 }), source: "fallback" });
  });
});

describe("hashQuad", () => {
  it("hashes a card where it lies in the frame as its reference is hashed from the clean image", () => {
    const card = drawCard(8);
    const frame = photograph(card, slanted);
    expect(hamming(hashQuad(pyramidOf(frame), slanted)!.art, hashCard(card).art)).toBeLessThanOrEqual(10);
  });
});

describe("identify", () => {
  const cards = Array.from({ length: 40 }, (_, i) => drawCard(100 + i));
  const references = cards.map((card, i) => ({ id: `card-${i}`, hashes: hashCard(card) }));
  const candidates = referenceSet(references);

  it("names the card under the click, with the runners-up after it", () => {
    const frame = photograph(cards[7], slanted, 640, 480, (v) => v * 0.8 + 10);
    const result = identify(rgbaOf(frame), { x: 310, y: 230 }, candidates);
    expect(result.match?.id).toBe("card-7");
    expect(result.match!.distance).toBeLessThanOrEqual(MATCH_THRESHOLD);
    expect(result.ranked[0]).toEqual(result.match);
    expect(result.ranked).toHaveLength(5);
    expect(result.ranked[1].distance).toBeGreaterThan(result.ranked[0].distance);
    // Where it was found: near the card's true corners.
    for (let k = 0; k < 4; k++) expect(Math.hypot(result.quad![k].x - slanted[k].x, result.quad![k].y - slanted[k].y)).toBeLessThan(12);
  });

  it("names a card lying upside down", () => {
    const upsideDown: Quad = [slanted[2], slanted[3], slanted[0], slanted[1]];
    const frame = photograph(cards[12], upsideDown);
    const result = identify(rgbaOf(frame), { x: 300, y: 240 }, candidates);
    expect(result.match?.id).toBe("card-12");
  });

  it("names a card a quarter out of the frame (three sides found, the fourth placed by the card's shape)", () => {
    const cut: Quad = [
      { x: -40, y: 120 },
      { x: 130, y: 115 },
      { x: 135, y: 355 },
      { x: -35, y: 360 },
    ];
    const result = identify(rgbaOf(photograph(cards[21], cut)), { x: 60, y: 200 }, candidates);
    expect(result.match?.id).toBe("card-21");
  });

  it("names a card inside a sleeve's lighter border", () => {
    const card = cards[17];
    // The sleeve: the card drawn 4% smaller inside a lighter border.
    const sleeve = { width: CARD_W, height: CARD_H, data: new Float32Array(CARD_W * CARD_H).fill(170) };
    const inner = resizeArea(card, Math.round(CARD_W * 0.955), Math.round(CARD_H * 0.965));
    const ox = Math.round((CARD_W - inner.width) / 2);
    const oy = Math.round((CARD_H - inner.height) / 2);
    for (let y = 0; y < inner.height; y++)
      for (let x = 0; x < inner.width; x++) sleeve.data[(y + oy) * CARD_W + x + ox] = inner.data[y * inner.width + x];
    const result = identify(rgbaOf(photograph(sleeve, slanted)), { x: 300, y: 220 }, candidates);
    expect(result.match?.id).toBe("card-17");
  });

  it("says no match for a card that is not among the references", () => {
    const stranger = drawCard(9999);
    const result = identify(rgbaOf(photograph(stranger, slanted)), { x: 300, y: 240 }, candidates);
    expect(result.match).toBeNull();
    expect(result.ranked[0].distance).toBeGreaterThan(MATCH_THRESHOLD);
  });

  it("says no match for a click off the frame or not a number, looking at nothing", () => {
    const frame = rgbaOf(photograph(cards[7], slanted));
    for (const click of [
      { x: -1, y: 200 },
      { x: 300, y: 481 },
      { x: Number.NaN, y: 200 },
      { x: 300, y: Number.POSITIVE_INFINITY },
    ])
      expect(identify(frame, click, candidates)).toEqual({ match: null, ranked: [], quad: null });
    expect(identify({ width: 0, height: 0, data: new Uint8ClampedArray(0) }, { x: 0, y: 0 }, candidates).ranked).toEqual([]);
    // The frame's edge is on it: a card cut by the edge may be clicked there.
    expect(identify(frame, { x: 0, y: 0 }, candidates).ranked.length).toBeGreaterThan(0);
  });

  it("says no match with no candidates at all", () => {
    const result = identify(rgbaOf(photograph(cards[1], slanted)), { x: 300, y: 240 }, referenceSet([]));
    expect(result).toEqual({ match: null, ranked: [], quad: null });
  });

  it("ranks the references by distance, nearest first", () => {
    const query = hashCard(rotate180(rotate180(cards[3])));
    const ranked = rank(query, references, 3);
    expect(ranked[0]).toEqual({ id: "card-3", distance: 0 });
    expect(ranked.map((r) => r.distance)).toEqual([...ranked.map((r) => r.distance)].sort((a, b) => a - b));
  });
});
