// The card identifier's one entry point, shared by the room page (app/components/room/card-identify), the Worker
// and the benchmark (bench/card-identify.mjs): pure functions on plain typed arrays, no DOM, no I/O, so the same
// code runs in the browser, in workerd and in Node. This folder imports nothing outside itself (eslint.config.js).
//
// identify(frame, click, candidates) is the identifier: an RGBA frame (an ImageData or any {width, height, data}
// of 4 bytes a pixel), the click in frame pixels, and the candidates (`referenceSet(references)` for the table's
// deck lists, or a whole-pool index implementing `Candidates`) in; the named reference (`match`, its id and Hamming
// distance) or `match: null` for "no match", the runners-up and where the card was found, out. A frame of any size is
// taken: one longer than FRAME_MAX_SIDE is looked at averaged down to it, and where the card was found is given in
// the frame's own pixels (frame-size.ts).
export {
  fitLater,
  fitLaterLook,
  hashCard,
  identify,
  identifyLook,
  lookAt,
  outlineCandidates,
  type FrameLook,
  type IdentifyOptions,
  type IdentifyResult,
  type Outline,
  type OutlineSource,
} from "./identify";
export { DESC_BITS, FEATURE_VERSION, featureBytes, featuresOf, referenceFeatures, type Features } from "./features";
export { decodeFeatures, encodeFeatures } from "./features-encode";
export { cardQuad, homographyFrom, matchAll, project, ransacHomography, type Correspondence, type Verified } from "./features-fit";
export { clickFeatures, fitCandidateIds, fitInGroups, verifyByFeatures, type FeatureVerdict } from "./features-verify";
export { FRAME_MAX_SIDE } from "./frame-size";
export { resizeArea, rotate180, toGray, type GrayImage, type RgbaImage } from "./image";
export { CARD_ASPECT, fallbackQuad, locateCard, squareAround, type LocateOptions, type Located, type Square } from "./locate";
export {
  distance,
  FIT_MIN_INLIERS,
  FIT_RATIO,
  fitAccepts,
  HASH_BITS,
  HASH_SIDE,
  HASH_VERSION,
  MATCH_MARGIN,
  MATCH_THRESHOLD,
  rank,
  referenceSet,
  type Candidates,
  type CardHashes,
  type Ranked,
  type Reference,
} from "./match";
export { ART_REGION, canonicalFromImage, hamming, hashFromHex, hashToHex, pHash, type Hash, type Region } from "./phash";
export { hashQuad, pyramidOf, type Pyramid } from "./quad-hash";
export { CARD_H, CARD_W, homographyFromRect, warpQuad, type Point, type Quad } from "./warp";
