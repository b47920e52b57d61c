// At a table the keypoint fit names a card by itself with fewer inliers than against a whole pool (there each
// reference's matches are tested on their own and drawn strangers' fits reach 4–7 inliers): a table's strangers'
// fits find no plausible card (match.ts TABLE_FIT_MIN_INLIERS;
// docs/decisions/2026-11-28-card-fit-rule.md, "The fit alone at a table").
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { toGray } from "./image";
import { fitLater, hashCard, identify, TABLE_FIT_CARDS, type IdentifyResult } from "./identify";
import { FIT_MIN_INLIERS, referenceSet, TABLE_FIT_MIN_INLIERS } from "./match";
import { fitOnlyTable } from "./fit-only.test-support";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";

describe("the fit alone at a table", () => {
  // The hash's nearest is another card, far: only the fit can name card-13.
  const { cards, featuresOf, table, unclear } = fitOnlyTable(8);
  const fitOn = (covered: { height: number; coveredFrom: number }) =>
    fitLater(toGray(halfCoveredFrame(cards[2].image, covered)), { x: 300, y: 198 }, table, unclear, featuresOf);

  // Card 13 280 px high, covered from row 218: only its art's top shows, and the fit finds 9 inliers.
  const weak = { height: 280, coveredFrom: 218 };

  it("names the card from a fit between the table's bound and the pool's, the hash naming another card", () => {
    const later = fitOn(weak);
    expect(later.verified?.inliers).toBeGreaterThanOrEqual(TABLE_FIT_MIN_INLIERS);
    expect(later.verified?.inliers).toBeLessThan(FIT_MIN_INLIERS);
    expect(later.match?.id).toBe("card-13");
    expect(later.namedBy).toBe("keypoints");
  });

  it("names nothing at a table from a fit under the table's bound", () => {
    const later = fitOn({ height: 280, coveredFrom: 212 });
    expect(later.verified?.inliers).toBeLessThan(TABLE_FIT_MIN_INLIERS);
    expect(later.match).toBeNull();
  });
});

describe("the fit's candidates at a table of four decks", () => {
  // A table holds ~400 cards, and a sleeved card under glare lies 44–74 bits from its best outline, seldom among the
  // hash's 8 nearest: the fit weighs the 32 nearest (TABLE_FIT_CARDS; docs/decisions/2026-11-28-card-table-of-400.md).
  it("names a card the fit finds beyond the hash's 8 nearest, in its second group", () => {
    const cards = Array.from({ length: 16 }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
    const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
    const table = referenceSet(cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) })));
    // card-13 comes 12th: the first group (the hash's 8 nearest) holds only strangers.
    const order = [...cards.filter((c) => c.id !== "card-13").slice(0, 11), cards[2], ...cards.slice(12)];
    const unclear: IdentifyResult = {
      match: null,
      ranked: [{ id: order[0].id, distance: 60 }],
      quad: null,
      fitCandidates: order.map((c) => ({ id: c.id, distance: 60 })),
    };
    const frame = toGray(halfCoveredFrame(cards[2].image, { height: 280, coveredFrom: 218 }));
    const later = fitLater(frame, { x: 300, y: 198 }, table, unclear, (id) => features.get(id));
    expect(later.match?.id).toBe("card-13");
    expect(later.namedBy).toBe("keypoints");
    expect(later.verified?.fitted).toBe(16);
  });

  it("hands the page the 32 nearest cards to fetch keypoints for when the hash names nothing", () => {
    const cards = Array.from({ length: 48 }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
    const table = referenceSet(cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) })));
    const frame = halfCoveredFrame(cards[2].image, { height: 280, coveredFrom: 212 });
    const result = identify(frame, { x: 300, y: 198 }, table);
    expect(result.match).toBeNull();
    expect(TABLE_FIT_CARDS).toBeGreaterThan(8);
    expect(result.fitCandidates).toHaveLength(TABLE_FIT_CARDS);
    expect(new Set(result.fitCandidates?.map((c) => c.id)).size).toBe(TABLE_FIT_CARDS);
  });
});
