// The references a photo set is measured with (bench/lib/card-photos.mjs): each reference's clean scan or its card
// marked in another photograph, hashed and with keypoints the way the product makes a reference's.
import { join, resolve } from "node:path";
import { readImage } from "./card-media.mjs";
import { hashScan, readScan } from "./card-scans.mjs";
import { featuresOn } from "./card-features.mjs";

/**
 * Which references a set is measured with: `scan` (each reference's clean scan, where the manifest gives one; the
 * photo crop where it does not), or `photo` (the card marked in another photograph). CARD_PHOTOS_REFS chooses; by
 * default scans when every reference has one.
 */
export function referenceMode(manifest, asked = process.env.CARD_PHOTOS_REFS) {
  if (asked && asked !== "scan" && asked !== "photo") throw new Error(`CARD_PHOTOS_REFS is scan or photo, not ${asked}`);
  const withScan = manifest.references.filter((r) => scansOf(r).length > 0).length;
  const mode = asked ?? (withScan === manifest.references.length ? "scan" : "photo");
  const canCrop = manifest.references.every((r) => r.image);
  if (mode === "photo" && !canCrop) return { mode: "scan", withScan, note: "scans: some references have no photo crop" };
  return { mode, withScan, note: asked ? "CARD_PHOTOS_REFS" : "default" };
}

/** A reference's scans (`scan`: one file or several, one per printing; paths relative to the manifest's folder). */
function scansOf(reference) {
  return reference.scan ? [reference.scan].flat() : [];
}

/**
 * The reference hashes of a manifest in the chosen mode: one entry per printing, `id` unique, `card` the
 * reference's id (several printings of one card are one card, as the identifier's margin counts them).
 */
export function referenceHashes(lib, dir, manifest, mode) {
  return manifest.references.flatMap((r) => {
    const scans = mode === "scan" ? scansOf(r) : [];
    if (scans.length > 0)
      return scans.map((file, n) => ({
        id: n === 0 ? r.id : `${r.id}~${n + 1}`,
        card: r.id,
        hashes: hashScan(lib, resolve(dir, file)),
        // Keypoints from the scan at the canonical card's width, as the keypoint fit's references are made.
        features: featuresOn
          ? lib.referenceFeatures(lib.canonicalFromImage(lib.toGray(readScan(resolve(dir, file), lib.CARD_W))))
          : undefined,
        scanPath: resolve(dir, file),
      }));
    const gray = lib.toGray(readImage(join(dir, r.image)));
    const card = r.quad
      ? lib.warpQuad(
          gray,
          r.quad.map(([x, y]) => ({ x, y })),
        )
      : lib.canonicalFromImage(gray);
    return [{ id: r.id, card: r.id, hashes: lib.hashCard(card), features: featuresOn ? lib.referenceFeatures(card) : undefined }];
  });
}
