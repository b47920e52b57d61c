// The card identifier's one entry point, shared by the room page (app/components/room/card-identify), the Worker
// and the benchmark (bench/card-identify.mjs): pure functions on plain typed arrays, no DOM, no I/O, so the same
// code runs in the browser, in workerd and in Node. This folder imports nothing outside itself (eslint.config.js).
export { hashCard, identifyCard, type Identification } from "./identify";
export { resizeArea, rotate180, toGray, type GrayImage, type RgbaImage } from "./image";
export { CARD_ASPECT, fallbackQuad, locateCard, squareAround, type LocateOptions, type Located, type Square } from "./locate";
export {
  distance,
  HASH_BITS,
  HASH_SIDE,
  HASH_VERSION,
  MATCH_THRESHOLD,
  rank,
  referenceSet,
  type Candidates,
  type CardHashes,
  type Ranked,
  type Reference,
} from "./match";
export { ART_REGION, canonicalFromImage, hamming, hashFromHex, hashToHex, pHash, type Hash, type Region } from "./phash";
export { CARD_H, CARD_W, homographyFromRect, warpQuad, type Point, type Quad } from "./warp";
