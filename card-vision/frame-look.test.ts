// A click's look (its outlines and their hashes) made once and asked of two sets of candidates, as the identifier's
// worker asks the whole pool after a table's decks named nothing: the same answers as identifying afresh each time.
import { describe, expect, it } from "vitest";
import { referenceFeatures } from "./features";
import { fitLater, fitLaterLook, hashCard, identify, identifyLook, lookAt } from "./identify";
import { toGray } from "./image";
import { HASH_VERSION, referenceSet } from "./match";
import { encodePoolIndex, PoolIndex } from "./pool-index";
import { drawCard, halfCoveredFrame, paintCard, rgbaOf, SLANTED, table } from "./synthetic-card.test-support";

const cards = Array.from({ length: 12 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  card: drawCard(300 + i),
}));
const clicked = cards[4];
const frame = (() => {
  const gray = table(640, 480, 90);
  paintCard(gray, clicked.card, SLANTED);
  return rgbaOf(gray);
})();
const click = { x: SLANTED.reduce((s, p) => s + p.x, 0) / 4, y: SLANTED.reduce((s, p) => s + p.y, 0) / 4 };
const references = cards.map((c) => ({ id: c.id, card: `Card ${c.id.slice(-2)}`, hashes: hashCard(c.card) }));
// A table whose decks lack the clicked card, and a pool that holds every card.
const table4 = referenceSet(references.filter((r) => r.id !== clicked.id));
const pool = PoolIndex.decode(
  encodePoolIndex(
    references.map((r) => ({ id: r.id, name: r.card, set: "tst", collectorNumber: "1", hash: r.hashes.art })),
    { hashVersion: HASH_VERSION, imageTemplate: "https://cards.example/{size}/{id}.jpg" },
  ),
);

describe("a click's look asked of a table, then of the pool", () => {
  it("answers each as identify does afresh, and the look is left as it was", () => {
    const look = lookAt(frame, click)!;
    expect(look.hashed.length).toBeGreaterThan(0);
    const before = JSON.stringify(look.hashed, (_, v: unknown) => (v instanceof Uint32Array ? [...v] : v));
    const atTable = identifyLook(look, table4);
    expect(atTable).toEqual(identify(frame, click, table4));
    expect(atTable.match).toBeNull();
    const fromPool = identifyLook(look, pool);
    expect(fromPool).toEqual(identify(frame, click, pool));
    expect(fromPool.match?.id).toBe(clicked.id);
    expect(JSON.stringify(look.hashed, (_, v: unknown) => (v instanceof Uint32Array ? [...v] : v))).toBe(before);
  });

  it("looks again when asked with other outline options, and a click off the frame has no look", () => {
    const look = lookAt(frame, click)!;
    const withoutArt = identifyLook(look, pool, { artBoxes: false });
    expect(withoutArt).toEqual(identify(frame, click, pool, { artBoxes: false }));
    expect(lookAt(frame, { x: -5, y: 10 })).toBeNull();
    expect(lookAt(frame, { x: Number.NaN, y: 10 })).toBeNull();
  });

  it("fits a click the hash left unclear from its look as fitLater does, its keypoints made once", () => {
    // Half the card under another: no outline, so the hash names nothing and the keypoint fit must.
    const covered = halfCoveredFrame(clicked.card);
    const at = { x: 300, y: 220 };
    const keypoints = new Map(cards.map((c) => [c.id, referenceFeatures(c.card)]));
    const featuresOf = (id: string) => keypoints.get(id);
    const look = lookAt(covered, at)!;
    const unclear = identifyLook(look, referenceSet(references));
    expect(unclear.match).toBeNull();
    expect(unclear.fitCandidates?.length).toBeGreaterThan(0);
    const fitted = fitLaterLook(look, referenceSet(references), unclear, featuresOf);
    expect(fitted).toEqual(fitLater(toGray(covered), at, referenceSet(references), unclear, featuresOf));
    expect(fitted.match?.id).toBe(clicked.id);
    // Asked again (a vote's fit, the pool's), the look's keypoints are the same ones, not made again.
    expect(look.keypoints()).toBe(look.keypoints());
  });
});
