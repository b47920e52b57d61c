import jpeg from "jpeg-js";
import { canonicalFromImage, encodeFeatures, hashCard, hashToHex, referenceFeatures, toGray, type RgbaImage } from "../../card-vision";
import { clientHeaders } from "./card-source/scryfall";

/**
 * A card picture's reference hash, on the server (issue 36): the printing's small JPEG (146×204, ~15 KB) decoded by
 * jpeg-js (pure JavaScript, so it runs in workerd as it is) and hashed by card-vision exactly as the browser hashes a
 * photographed card, so the two meet. About 8 ms a picture in Node on this machine (README, "Dependency notes").
 */

/**
 * The picture could not be read. `lasting`: it will not be readable by asking again soon (missing, not a JPEG, too
 * large, not on the image host); otherwise the host could not answer now (unreachable, a timeout, a 5xx).
 */
export class CardImageUnreadable extends Error {
  constructor(
    reason: string,
    readonly lasting: boolean,
  ) {
    super(`Card image unreadable: ${reason}`);
    this.name = "CardImageUnreadable";
  }
}

/** Scryfall's small JPEGs are ~10–20 KB, its normal ones ~60–120 KB; anything past this is not one. */
const MAX_BYTES = 1_000_000;
const TIMEOUT_MS = 8_000;

/** A card picture's pixels (a JPEG of the whole card at any size). */
function decodeCardJpeg(bytes: Uint8Array): RgbaImage {
  if (!(bytes[0] === 0xff && bytes[1] === 0xd8)) throw new CardImageUnreadable("not a JPEG", true);
  try {
    // Bounded: a picture is at most a few megapixels, and decoding never takes more than 64 MB.
    return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 4, maxMemoryUsageInMB: 64 });
  } catch (error) {
    throw new CardImageUnreadable(error instanceof Error ? error.message : "undecodable", true);
  }
}

/** The hash (hex) of a card picture's bytes: a JPEG of the whole card at any size. */
export function hashCardJpeg(bytes: Uint8Array): string {
  return hashToHex(hashCard(canonicalFromImage(toGray(decodeCardJpeg(bytes)))).art);
}

/**
 * A printing's reference keypoints from its picture's bytes, encoded (card-vision's encodeFeatures): made from the
 * canonical card exactly as the benchmark makes them (`referenceFeatures(canonicalFromImage(toGray(rgba)))`, the
 * picture area-averaged to 244×340), so a picture at least that wide (Scryfall's normal, 488×680) gives them their
 * detail; the small one (146) would be blown up. One picture a call: ~60–120 ms of CPU (docs/cards.md).
 */
export function featuresOfCardJpeg(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return encodeFeatures(referenceFeatures(canonicalFromImage(toGray(decodeCardJpeg(bytes)))));
}

/**
 * Fetches a card picture's bytes from the card image host. Only addresses on `imageOrigin` are fetched: the
 * addresses come from the card service's data, and nothing else is ever asked for.
 */
export async function fetchCardImage(url: string, imageOrigin: string, siteOrigin: string): Promise<Uint8Array> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new CardImageUnreadable("not an address", true);
  }
  if (address.origin !== new URL(imageOrigin).origin) throw new CardImageUnreadable(`not on ${imageOrigin}`, true);
  let response: Response;
  try {
    response = await fetch(address, {
      headers: { "User-Agent": clientHeaders(siteOrigin)["User-Agent"] },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new CardImageUnreadable(error instanceof Error ? error.message : "unreachable", false);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new CardImageUnreadable(`answered ${response.status}`, response.status < 500 && response.status !== 429);
  }
  const length = Number(response.headers.get("Content-Length") ?? "0");
  if (length > MAX_BYTES) {
    await response.body?.cancel();
    throw new CardImageUnreadable("too large", true);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw new CardImageUnreadable("too large", true);
  return bytes;
}

/** Fetches a card picture from the card image host (`fetchCardImage`) and hashes it. */
export async function fetchCardImageHash(url: string, imageOrigin: string, siteOrigin: string): Promise<string> {
  return hashCardJpeg(await fetchCardImage(url, imageOrigin, siteOrigin));
}
