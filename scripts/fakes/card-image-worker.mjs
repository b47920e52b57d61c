// The fake card service's pictures are drawn here, on a thread of their own: drawing one takes tens of milliseconds,
// and on the service's own thread it would hold up every other request meanwhile (and the arrival times the pacing
// tests read). Asked { key, card, size, ext }, it answers { key, bytes }.
import { parentPort } from "node:worker_threads";
import jpeg from "jpeg-js";
import { ART_BOX, encodePng, renderCardRgba, scaleRgba } from "./card-art.mjs";

/** Scryfall's sizes, as widths of the normal picture's scale. */
const WIDTHS = { small: 146, normal: 488, large: 672, png: 745, border_crop: 480 };

function crop(image, box) {
  const data = new Uint8ClampedArray(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const start = ((box.y + y) * image.width + box.x) * 4;
    data.set(image.data.subarray(start, start + box.width * 4), y * box.width * 4);
  }
  return { width: box.width, height: box.height, data };
}

parentPort.on("message", ({ key, card, size, ext }) => {
  const full = renderCardRgba(card);
  let picture = full;
  if (size === "art_crop") picture = crop(full, ART_BOX);
  else if (WIDTHS[size] !== full.width) picture = scaleRgba(full, WIDTHS[size]);
  const bytes =
    ext === "png" ? encodePng(picture) : jpeg.encode({ width: picture.width, height: picture.height, data: picture.data }, 88).data;
  parentPort.postMessage({ key, bytes: new Uint8Array(bytes) });
});
