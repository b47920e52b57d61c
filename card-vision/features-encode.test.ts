// A reference's keypoints as the server stores and the page fetches them: the bytes round-trip, bad bytes are
// refused, and a click the hash leaves unclear is named by the fit once the keypoints come (fitLater), as identify
// names it when it has them from the start.
import { describe, expect, it } from "vitest";
import { DESC_WORDS, FEATURE_VERSION, featureBytes, referenceFeatures, type Features } from "./features";
import { decodeFeatures, encodeFeatures } from "./features-encode";
import { toGray } from "./image";
import { fitLater, hashCard, identify } from "./identify";
import { referenceSet } from "./match";
import { drawCard, halfCoveredFrame } from "./synthetic-card.test-support";

describe("encodeFeatures and decodeFeatures", () => {
  const f = referenceFeatures(drawCard(3));

  it("round-trip a reference's keypoints in 8 bytes plus featureBytes", () => {
    const bytes = encodeFeatures(f);
    expect(bytes.byteLength).toBe(8 + featureBytes(f));
    const back = decodeFeatures(bytes);
    expect(back.count).toBe(f.count);
    expect(back.desc).toEqual(f.desc);
    for (let i = 0; i < f.count; i++) {
      expect(Math.abs(back.x[i] - f.x[i])).toBeLessThanOrEqual(1 / 128);
      expect(Math.abs(back.y[i] - f.y[i])).toBeLessThanOrEqual(1 / 128);
    }
    // A copy inside a larger buffer (as a fetched body may be) reads the same.
    const inside = new Uint8Array(bytes.byteLength + 16);
    inside.set(bytes, 16);
    expect(decodeFeatures(inside.subarray(16)).desc).toEqual(f.desc);
  });

  it("refuses bytes that are not keypoints, or cut short", () => {
    const bytes = encodeFeatures(f);
    expect(() => decodeFeatures(new Uint8Array(4))).toThrow("Not a keypoint file");
    expect(() => decodeFeatures(new TextEncoder().encode("<html>not found</html>"))).toThrow("Not a keypoint file");
    expect(() => decodeFeatures(bytes.subarray(0, bytes.byteLength - 1))).toThrow("wrong length");
    const empty: Features = { count: 0, x: new Float32Array(0), y: new Float32Array(0), desc: new Uint32Array(0) };
    expect(decodeFeatures(encodeFeatures(empty)).count).toBe(0);
    expect(DESC_WORDS).toBe(8);
    expect(FEATURE_VERSION).toMatch(/^[a-z0-9-]+$/);
  });
});

describe("fitLater: the fit once the keypoints are fetched", () => {
  const cards = [11, 12, 13, 14, 15, 16].map((seed) => ({ id: `card-${seed}`, image: drawCard(seed) }));
  // The keypoints as the page would have them: through the bytes.
  const stored = new Map(cards.map((c) => [c.id, encodeFeatures(referenceFeatures(c.image))]));
  const featuresOf = (id: string) => {
    const bytes = stored.get(id);
    return bytes ? decodeFeatures(bytes) : undefined;
  };
  const references = cards.map((c) => ({ id: c.id, hashes: hashCard(c.image) }));
  // Card 13 turned 20°, its lower half under another (plain) card: no outline, half the art.
  const frame = halfCoveredFrame(cards[2].image);
  const click = { x: 300, y: 220 };

  it("names the card the hash left unclear, as identify with the keypoints does, without looking for outlines again", () => {
    const first = identify(frame, click, referenceSet(references));
    expect(first.match).toBeNull();
    expect(first.fitCandidates?.map((r) => r.id)).toContain("card-13");
    expect(first.fitCandidates!.length).toBeLessThanOrEqual(8);
    const later = fitLater(toGray(frame), click, referenceSet(references), first, featuresOf);
    const atOnce = identify(frame, click, referenceSet(references, featuresOf));
    expect(later.match?.id).toBe("card-13");
    expect(later.source).toBe("keypoints");
    expect(later.match).toEqual(atOnce.match);
    expect(later.verified).toEqual(atOnce.verified);
    expect(later.quad).toEqual(atOnce.quad);
    expect(later.fitCandidates).toBeUndefined();
  });

  it("keeps the hash's no match when no keypoints came, or the card's did not", () => {
    const first = identify(frame, click, referenceSet(references));
    expect(fitLater(toGray(frame), click, referenceSet(references), first, () => undefined).match).toBeNull();
    const without13 = fitLater(toGray(frame), click, referenceSet(references), first, (id) =>
      id === "card-13" ? undefined : featuresOf(id),
    );
    expect(without13.match).toBeNull();
  });
});
