// The card found by its art box (art-box.ts): the layout's geometry both ways, and a card whose own outline is not
// there to find (a dark border on a dark playmat, its bottom half under another card) found by its art box.
import { describe, expect, it } from "vitest";
import { ART_BOX, artBoxOf, artBoxQuads, cardFromArtBox } from "./art-box";
import { hashCard, identify } from "./identify";
import type { GrayImage } from "./image";
import { edgesOf, houghLines } from "./lines";
import { referenceSet } from "./match";
import { drawCard, paintCard, rgbaOf, table } from "./synthetic-card.test-support";
import { CARD_H, CARD_W, type Point, type Quad } from "./warp";

const near = (a: Point, b: Point, tolerance: number) => Math.hypot(a.x - b.x, a.y - b.y) <= tolerance;
/**
 * How near a found art box's corners must come (px; the card is 250 px high, the lines' angles are whole degrees),
 * and the card's it implies: the card runs twice the art box's height below it, so an error there doubles.
 */
const ART_PX = 8;
const CARD_PX = 18;

/** Paints each card onto its quad (nearest pixel, later cards over earlier ones) on a w×h table of `table` gray. */
function photograph(cards: { card: GrayImage; quad: Quad }[], w: number, h: number, gray: number): GrayImage {
  const frame = table(w, h, gray);
  for (const { card, quad } of cards) paintCard(frame, card, quad);
  return frame;
}

/** A card seen at a slant: a little turned and foreshortened towards its top. */
const slanted: Quad = [
  { x: 232, y: 70 },
  { x: 400, y: 84 },
  { x: 392, y: 330 },
  { x: 206, y: 318 },
];

/** A second card lying over the first one's bottom half, turned the other way. */
const over: Quad = [
  { x: 150, y: 226 },
  { x: 330, y: 206 },
  { x: 362, y: 460 },
  { x: 180, y: 478 },
];

describe("cardFromArtBox", () => {
  it("puts the art box where a card's layout has it, and back", () => {
    const upright: Quad = [
      { x: 0, y: 0 },
      { x: CARD_W, y: 0 },
      { x: CARD_W, y: CARD_H },
      { x: 0, y: CARD_H },
    ];
    const art = artBoxOf(upright)!;
    expect(art[0].x).toBeCloseTo(ART_BOX.x * CARD_W, 6);
    expect(art[0].y).toBeCloseTo(ART_BOX.y * CARD_H, 6);
    expect(art[2].x).toBeCloseTo((ART_BOX.x + ART_BOX.w) * CARD_W, 6);
    expect(art[2].y).toBeCloseTo((ART_BOX.y + ART_BOX.h) * CARD_H, 6);
    const card = cardFromArtBox(art)!;
    card.forEach((p, k) => expect(near(p, upright[k], 1e-6)).toBe(true));
  });

  it("extends a slanted art box in its own perspective to the card's corners", () => {
    const card = cardFromArtBox(artBoxOf(slanted)!)!;
    card.forEach((p, k) => expect(near(p, slanted[k], 1e-6)).toBe(true));
  });

  it("is null for an art box with three corners on a line", () => {
    const line: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 3 },
    ];
    expect(cardFromArtBox(line)).toBeNull();
  });
});

describe("artBoxQuads", () => {
  // A black-bordered card on a near-black playmat (its outline all but invisible), half under another card.
  const frame = photograph(
    [
      { card: drawCard(11), quad: slanted },
      { card: drawCard(12), quad: over },
    ],
    640,
    480,
    14,
  );
  const edges = edgesOf(frame);
  const lines = houghLines(edges, 48);

  it("finds the art box of a card half under another from a click on its art, and the card's outline from it", () => {
    const found = artBoxQuads(edges, lines, { x: 310, y: 130 }, 150, 480);
    const art = artBoxOf(slanted)!;
    const right = found.find((c) => c.art.every((p, k) => near(p, art[k], ART_PX)));
    expect(right).toBeDefined();
    right!.card.forEach((p, k) => expect(near(p, slanted[k], CARD_PX)).toBe(true));
  });

  it("finds it from a click below the art, on the card's type line beside the card over it", () => {
    const found = artBoxQuads(edges, lines, { x: 370, y: 222 }, 150, 480);
    expect(found.some((c) => c.card.every((p, k) => near(p, slanted[k], CARD_PX)))).toBe(true);
  });

  it("finds the card upside down too (its card then lies the other way from the art)", () => {
    const turned: Quad = [slanted[2], slanted[3], slanted[0], slanted[1]];
    const upsideDown = photograph([{ card: drawCard(11), quad: turned }], 640, 480, 14);
    const e = edgesOf(upsideDown);
    const found = artBoxQuads(e, houghLines(e, 48), { x: 300, y: 250 }, 150, 480);
    expect(found.some((c) => c.card.every((p, k) => near(p, turned[k], CARD_PX)))).toBe(true);
  });

  it("finds no art box when the click is on the table, far from any", () => {
    expect(artBoxQuads(edges, lines, { x: 560, y: 420 }, 150, 480)).toEqual([]);
  });
});

describe("identify by the art box", () => {
  it("names a card whose bottom half lies under another, on a playmat as dark as its border", () => {
    const frame = rgbaOf(
      photograph(
        [
          { card: drawCard(11), quad: slanted },
          { card: drawCard(12), quad: over },
        ],
        640,
        480,
        14,
      ),
    );
    const deck = referenceSet([11, 12, 13, 14, 15].map((s) => ({ id: `card-${s}`, hashes: hashCard(drawCard(s)) })));
    const result = identify(frame, { x: 310, y: 130 }, deck);
    expect(result.match?.id).toBe("card-11");
    expect(result.source).toBe("art");
    expect(identify(frame, { x: 370, y: 222 }, deck).match?.id).toBe("card-11");
    // Without the art box, nothing of a card's shape is there to find: no match.
    expect(identify(frame, { x: 310, y: 130 }, deck, { artBoxes: false }).match).toBeNull();
    // The card on top is named from a click on its own art, not the one under it.
    expect(identify(frame, { x: 262, y: 300 }, deck).match?.id).toBe("card-12");
  });
});
