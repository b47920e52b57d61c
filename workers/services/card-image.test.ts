// The server's references of a printing (its hash from the small picture, its keypoints from the normal one), made by
// the functions the Worker runs, on the fake card service's pictures; and the browser test's covered card
// (e2e/room-identify.spec.ts) shown here on the same frame: the hash alone names nothing, the keypoint fit with the
// server's keypoints names it.
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { decodeFeatures, fitLater, identify, referenceSet, toGray, hashFromHex, type RgbaImage } from "../../card-vision";
import { renderCardRgba, scaleRgba } from "../../scripts/fakes/card-art.mjs";
import { fixtureCards, fixturePrintings } from "../../scripts/fakes/card-fixtures.mjs";
import { cardVideoFrame, COVERED_CLICK, VIDEO_SIZE } from "../../scripts/fakes/card-video.mjs";
import { featuresOfCardJpeg, hashCardJpeg } from "./card-image";

/** A picture as the fake card service serves it (and Scryfall: JPEG), at Scryfall's width for the size. */
const served = (card: Parameters<typeof renderCardRgba>[0], width: number) => {
  const picture = scaleRgba(renderCardRgba(card), width);
  return new Uint8Array(jpeg.encode({ width: picture.width, height: picture.height, data: picture.data }, 88).data);
};

describe("a printing's references made on the server", () => {
  // The browser test's deck, every printing of each card (the table's references).
  const names = ["Atraxa, Praetors' Voice", "Sol Ring", "Arcane Signet", "Command Tower", "Mind Stone", "Lightning Bolt", "Counterspell"];
  const printings = [...fixtureCards(), ...fixturePrintings()].filter((c) => names.includes(c.name));
  const references = printings.map((c) => ({ id: c.id, card: c.name, hashes: { art: hashFromHex(hashCardJpeg(served(c, 146))) } }));
  const keypoints = new Map(printings.map((c) => [c.id, featuresOfCardJpeg(served(c, 488))]));
  const nameOf = (id: string | undefined) => printings.find((c) => c.id === id)?.name;

  // Real cards' pictures give ~270 keypoints, ~9.8 KB (docs/cards.md); the fake's drawn pictures, plainer, 2.3–4.8 KB.
  it("keypoints of at most 300 a printing (10.8 KB) from the normal picture", () => {
    const sizes = [...keypoints.values()].map((b) => b.byteLength);
    for (const bytes of keypoints.values()) expect(bytes.byteLength).toBe(8 + decodeFeatures(bytes).count * 36);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8 + 300 * 36);
    expect(Math.min(...sizes)).toBeGreaterThan(8 + 20 * 36);
  });

  it("name the browser test's covered card by the keypoint fit where the hash alone names nothing", () => {
    const { width, height } = VIDEO_SIZE;
    const { frame } = cardVideoFrame({ name: "Lightning Bolt", realistic: false, covered: 0.4 });
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(frame[i * 3 + c]);
      data[i * 4 + 3] = 255;
    }
    const image: RgbaImage = { width, height, data };
    const click = { x: COVERED_CLICK.x * width, y: COVERED_CLICK.y * height };
    const candidates = referenceSet(references);
    const first = identify(image, click, candidates);
    expect(first.match).toBeNull();
    expect(first.fitCandidates!.map((r) => nameOf(r.id))).toContain("Lightning Bolt");
    const fitted = fitLater(toGray(image), click, candidates, first, (id) => {
      const bytes = keypoints.get(id);
      return bytes ? decodeFeatures(bytes) : undefined;
    });
    expect(nameOf(fitted.match?.id)).toBe("Lightning Bolt");
    expect(fitted.source).toBe("keypoints");
    expect(fitted.verified!.inliers).toBeGreaterThanOrEqual(12);
  });
});
