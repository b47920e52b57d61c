// The entry point as docs/cards.md ("One entry point") tells an outside harness to use it, through index.ts alone:
// references from clean card images with their keypoints, then a frame and a click.
import { describe, expect, it } from "vitest";
import { canonicalFromImage, identify, hashCard, referenceFeatures, referenceSet, toGray, type Reference, type RgbaImage } from "./index";
import { drawCard, halfCoveredFrame, rgbaOf } from "./synthetic-card.test-support";

describe("the documented recipe", () => {
  // Clean card images as a harness has them (scans), each a printing of its card.
  const scans: { id: string; card: string; image: RgbaImage }[] = Array.from({ length: 12 }, (_, i) => ({
    id: `printing-${i}`,
    card: `card-${i}`,
    image: rgbaOf(drawCard(11 + i)),
  }));

  it("names a half-covered card, which only the keypoints it is given can name", () => {
    const canonical = new Map(scans.map((s) => [s.id, canonicalFromImage(toGray(s.image))]));
    const references: Reference[] = scans.map((s) => ({ id: s.id, card: s.card, hashes: hashCard(canonical.get(s.id)!) }));
    const keypoints = new Map(scans.map((s) => [s.id, referenceFeatures(canonical.get(s.id)!)]));
    const frame = halfCoveredFrame(drawCard(13), { height: 280, coveredFrom: 218 });
    const click = { x: 300, y: 198 };

    const withKeypoints = identify(
      frame,
      click,
      referenceSet(references, (id) => keypoints.get(id)),
    );
    expect(withKeypoints.match?.id).toBe("printing-2");
    expect(withKeypoints.namedBy).toBe("keypoints");
    // Without them the hash alone names nothing here, and the answer says which references the fit would weigh.
    const hashOnly = identify(frame, click, referenceSet(references));
    expect(hashOnly.match).toBeNull();
    expect(hashOnly.fitCandidates?.map((c) => c.id)).toContain("printing-2");
  });
});
