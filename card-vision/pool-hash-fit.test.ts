// Against a whole pool, when the fit's groups name nothing and the hash's nearest lies within the threshold, the pool
// fits the hash's nearest once more among the fit's first cards, the table's way (one ratio test over them all) on the
// click's keypoints in a square sized to the best outline, and names it only when that fit agrees (identify.ts
// `withHashFit`, match.ts `jointAccepts`).
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { toGray } from "./image";
import { hashCard, withHashFit, type IdentifyResult } from "./identify";
import { MATCH_THRESHOLD, referenceSet, type Candidates } from "./match";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";
import type { Quad } from "./warp";

describe("the pool's last fit of the hash's nearest", () => {
  const cards = Array.from({ length: 10 }, (_, i) => ({ id: `card-${11 + i}`, image: drawCard(11 + i) }));
  const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
  const table = referenceSet(
    cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) })),
    (id) => features.get(id),
  );
  // A whole pool's candidates: a quick search (here the plain ranking) is what tells the identifier it is one.
  const pool: Candidates = { ...table, near: (query, count) => table.rank(query, count) };
  // Card 13, 260 px high round (300, 250), its lower half covered.
  const gray = toGray(halfCoveredFrame(cards[2].image));
  const click = { x: 300, y: 220 };
  const outline: Quad = [
    { x: 210, y: 120 },
    { x: 390, y: 120 },
    { x: 390, y: 380 },
    { x: 210, y: 380 },
  ];
  const unclear = (id: string, distance: number): IdentifyResult => ({ match: null, ranked: [{ id, distance }], quad: outline });
  const ids = (first: string) => [first, ...cards.map((c) => c.id).filter((id) => id !== first && id !== "card-13")];
  const tryOn = (result: IdentifyResult, order: string[]) => withHashFit(result, gray, click, order, pool, MATCH_THRESHOLD, true, 8);

  it("names the hash's nearest within the threshold when the fit agrees", () => {
    const named = tryOn(unclear("card-13", 30), ["card-13", ...ids("card-11")]);
    expect(named.match?.id).toBe("card-13");
    expect(named.namedBy).toBe("both");
    expect(named.hashFit?.inliers).toBeGreaterThanOrEqual(6);
  });

  it("does not try a hash's nearest beyond the threshold", () => {
    const far = tryOn(unclear("card-13", MATCH_THRESHOLD + 2), ["card-13", ...ids("card-11")]);
    expect(far.match).toBeNull();
    expect(far.hashFit).toBeUndefined();
  });

  it("names nothing when the fit's best is another card than the hash's nearest", () => {
    const other = tryOn(unclear("card-14", 30), ["card-14", "card-13", ...ids("card-11").slice(1)]);
    expect(other.match).toBeNull();
    expect(other.hashFit?.id).toBe("card-13");
  });

  it("names nothing when the card under the click is not among the cards fitted", () => {
    const stranger = tryOn(unclear("card-11", 30), ids("card-11"));
    expect(stranger.match).toBeNull();
    expect(stranger.hashFit?.inliers ?? 0).toBeLessThan(6);
  });
});
