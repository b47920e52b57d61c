// Against a whole pool the keypoint fit weighs its cards in groups of 16, one group after another: a card past the
// first 16 is still weighed when the first group names nothing, and the second group is not weighed when the first
// names the card (features-verify.ts `fitInGroups`; docs/decisions/2026-11-28-card-pool-fit.md).
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { toGray } from "./image";
import { fitLater, hashCard, type IdentifyResult } from "./identify";
import { referenceSet, type Candidates } from "./match";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";

describe("the pool's keypoint fit in groups", () => {
  const seeds = Array.from({ length: 24 }, (_, i) => 11 + i);
  const cards = seeds.map((seed) => ({ id: `card-${seed}`, image: drawCard(seed) }));
  const features = new Map(cards.map((c) => [c.id, referenceFeatures(c.image)]));
  const references = cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) }));
  const table = referenceSet(references);
  // A whole pool's candidates: a quick search (here the plain ranking) is what tells the identifier it is one.
  const pool: Candidates = { ...table, near: (query, count) => table.rank(query, count) };
  // Card 13 turned 20°, its lower half under another (plain) card: the hash leaves it unclear.
  const frame = halfCoveredFrame(cards[2].image);
  const gray = toGray(frame);
  const click = { x: 300, y: 220 };
  const unclear = (order: string[]): IdentifyResult => ({
    match: null,
    ranked: [{ id: "card-30", distance: 60 }],
    quad: null,
    fitCandidates: order.map((id) => ({ id, distance: 60 })),
  });
  const others = cards.map((c) => c.id).filter((id) => id !== "card-13");

  it("weighs the 17th card in a second group when the first 16 name nothing", () => {
    const later = fitLater(gray, click, pool, unclear([...others.slice(0, 16), "card-13"]), (id) => features.get(id));
    expect(later.match?.id).toBe("card-13");
    expect(later.namedBy).toBe("keypoints");
    expect(later.verified?.fitted).toBeGreaterThan(16);
  });

  it("stops after the first group when it names the card", () => {
    const later = fitLater(gray, click, pool, unclear(["card-13", ...others.slice(0, 20)]), (id) => features.get(id));
    expect(later.match?.id).toBe("card-13");
    expect(later.verified?.fitted).toBeLessThanOrEqual(16);
  });

  it("names nothing when the card is in neither group", () => {
    const later = fitLater(gray, click, pool, unclear(others.slice(0, 23)), (id) => features.get(id));
    expect(later.match).toBeNull();
    expect(later.verified?.fitted).toBe(23);
  });
});
