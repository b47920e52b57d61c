// A module of its own so the page can name the version (in the keypoints' URL) without loading the detector.
/**
 * What made a reference's keypoints: features.ts's detector, the descriptor's pattern, `referenceFeatures`'s scales
 * and UNIQUE_REGION. Kept beside every stored set (the server's R2 key and the page's request name it): change it
 * with any of them, so that keypoints made another way are made again rather than fitted against a click's.
 */
export const FEATURE_VERSION = "fast9-brief256-unique-v1";
