// Where a click on a <video> lands in the video's own pixels. The tile shows the picture `object-contain`:
// scaled to fit and centred, with bars on two sides, so the element's box is not the picture's.
import type { Point } from "../../../../card-vision";

export type Box = { left: number; top: number; width: number; height: number };

/**
 * The video pixel under a click at (clientX, clientY) on an element box showing a videoWidth×videoHeight picture
 * with `object-fit: contain` (mirrored: flipped left to right, as a mirrored self-view is). Null on the bars or
 * before the video has a size.
 */
export function videoPointFromClick(
  box: Box,
  video: { videoWidth: number; videoHeight: number },
  clientX: number,
  clientY: number,
  mirrored = false,
): Point | null {
  const { videoWidth: vw, videoHeight: vh } = video;
  if (vw <= 0 || vh <= 0 || box.width <= 0 || box.height <= 0) return null;
  const scale = Math.min(box.width / vw, box.height / vh);
  const shownW = vw * scale;
  const shownH = vh * scale;
  const left = box.left + (box.width - shownW) / 2;
  const top = box.top + (box.height - shownH) / 2;
  let x = (clientX - left) / scale;
  const y = (clientY - top) / scale;
  if (x < 0 || y < 0 || x >= vw || y >= vh) return null;
  if (mirrored) x = vw - x;
  return { x, y };
}
