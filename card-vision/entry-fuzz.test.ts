// Whatever frame and click an outside harness hands the entry point, it answers and never throws: frames of any
// size from one pixel up, flat, noisy or holding a card, clicks on the frame, off it or not numbers. Each answer
// names a reference of the set or nothing, and any outline it gives has finite corners.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalFromImage,
  identify,
  hashCard,
  HASH_VERSION,
  referenceFeatures,
  referenceSet,
  toGray,
  type Reference,
  type RgbaImage,
} from "./index";
import { encodePoolIndex, PoolIndex } from "./pool-index";
import { drawCard, paintCard, random, rgbaOf, SLANTED, table } from "./synthetic-card.test-support";

const scans = Array.from({ length: 4 }, (_, i) => ({ id: `printing-${i}`, card: `card-${i}`, image: rgbaOf(drawCard(31 + i)) }));
const canonical = new Map(scans.map((s) => [s.id, canonicalFromImage(toGray(s.image))]));
const references: Reference[] = scans.map((s) => ({ id: s.id, card: s.card, hashes: hashCard(canonical.get(s.id)!) }));
const keypoints = new Map(scans.map((s) => [s.id, referenceFeatures(canonical.get(s.id)!)]));
const withKeypoints = referenceSet(references, (id) => keypoints.get(id));
const hashOnly = referenceSet(references);
// A whole-pool index of the same printings (its quick search may find nothing near an outline at all).
const pool = PoolIndex.decode(
  encodePoolIndex(
    scans.map((s, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      name: s.card,
      set: "tst",
      collectorNumber: String(i + 1),
      hash: references[i].hashes.art,
    })),
    { hashVersion: HASH_VERSION, imageTemplate: "https://cards.example/{size}/{id}.jpg" },
  ),
);
const candidates = { keypoints: withKeypoints, hash: hashOnly, pool };
const ids = new Set([...scans.map((s) => s.id), ...scans.map((_, i) => `00000000-0000-4000-8000-00000000000${i}`)]);

type Kind = "flat" | "noise" | "card";
/** A frame of `kind`: one grey, noise, or a table with a card drawn on it scaled into the frame. */
function frameOf(kind: Kind, width: number, height: number, seed: number): RgbaImage {
  const gray = table(width, height, (seed * 37) % 256);
  if (kind === "noise") {
    const next = random(seed);
    for (let i = 0; i < gray.data.length; i++) gray.data[i] = Math.floor(next() * 256);
  } else if (kind === "card") {
    const sx = width / 640;
    const sy = height / 480;
    paintCard(gray, drawCard(31 + (seed % 4)), SLANTED.map((p) => ({ x: p.x * sx, y: p.y * sy })) as typeof SLANTED);
  }
  return rgbaOf(gray);
}

const click = (width: number, height: number) =>
  fc.oneof(
    fc.record({ x: fc.double({ min: 0, max: width, noNaN: true }), y: fc.double({ min: 0, max: height, noNaN: true }) }),
    fc.record({ x: fc.double(), y: fc.double() }),
    fc.constant({ x: width / 2, y: height / 2 }),
  );

const finite = (n: number) => Number.isFinite(n);

describe("identify on any frame and click", () => {
  it("answers a reference of the set or no match, never throwing", () => {
    fc.assert(
      fc.property(
        fc
          .record({
            width: fc.integer({ min: 1, max: 160 }),
            height: fc.integer({ min: 1, max: 160 }),
            kind: fc.constantFrom<Kind>("flat", "noise", "card"),
            seed: fc.integer({ min: 1, max: 1_000 }),
            candidates: fc.constantFrom<keyof typeof candidates>("keypoints", "hash", "pool"),
          })
          .chain((f) => fc.record({ frame: fc.constant(f), click: click(f.width, f.height) })),
        ({ frame: f, click: at }) => {
          const result = identify(frameOf(f.kind, f.width, f.height, f.seed), at, candidates[f.candidates]);
          if (result.match) expect(ids.has(result.match.id)).toBe(true);
          for (const r of result.ranked) expect(ids.has(r.id)).toBe(true);
          if (result.quad) expect(result.quad.every((p) => finite(p.x) && finite(p.y))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("takes a frame whose data does not hold its pixels, or whose size is not whole pixels, as no frame: no match at once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 2, max: 120 }),
        fc.oneof(
          fc.record({ short: fc.integer({ min: 1, max: 400 }), fraction: fc.constant(0) }),
          fc.record({ short: fc.constant(0), fraction: fc.double({ min: 0.01, max: 0.99, noNaN: true }) }),
        ),
        (width, height, { short, fraction }) => {
          const whole = frameOf("card", width, height, 7);
          const frame = { width: width + fraction, height, data: whole.data.subarray(0, Math.max(0, whole.data.length - short)) };
          const result = identify(frame, { x: width / 2, y: height / 2 }, withKeypoints);
          expect(result).toEqual({ match: null, ranked: [], quad: null });
        },
      ),
      { numRuns: 40 },
    );
  });
});
