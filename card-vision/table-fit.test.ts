// At a table the keypoint fit names a card by itself with fewer inliers than against a whole pool (there each
// reference's matches are tested on their own and drawn strangers' fits reach 4–7 inliers): a table's strangers'
// fits find no plausible card (match.ts TABLE_FIT_MIN_INLIERS;
// docs/decisions/2026-11-28-card-fit-rule.md, "The fit alone at a table").
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { toGray } from "./image";
import { fitLater, hashCard, type IdentifyResult } from "./identify";
import { FIT_MIN_INLIERS, referenceSet, TABLE_FIT_MIN_INLIERS } from "./match";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";

describe("the fit alone at a table", () => {
  const cards = Array.from({ length: 8 }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
  const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
  const table = referenceSet(cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) })));
  // The hash's nearest is another card, far: only the fit can name card-13.
  const unclear: IdentifyResult = {
    match: null,
    ranked: [{ id: "card-11", distance: 60 }],
    quad: null,
    fitCandidates: cards.map((c) => ({ id: c.id, distance: 60 })),
  };
  const fitOn = (covered: { height: number; coveredFrom: number }) =>
    fitLater(toGray(halfCoveredFrame(cards[2].image, covered)), { x: 300, y: 198 }, table, unclear, (id) => features.get(id));

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
