// The size the identifier works at. A frame larger than any the room sends (a phone's 12-megapixel photograph that an
// outside harness hands in) is averaged down to FRAME_MAX_SIDE on its long side first, the click mapped in and the
// card's outline mapped back out: every figure was measured on frames of at most 1280×960, and a click's cost grows
// with the pixels round it (unseen set A's photographs at their full 2256–4817 px height were named alike, at
// 0.47 s a click at the median and 0.75 s at the p95 against 0.12 s and 0.21 s at 720; docs/cards.md).
import { resizeArea, toGray, toGrayResized, type GrayImage, type RgbaImage } from "./image";
import type { Point, Quad } from "./warp";

/** The longest side the identifier works at: a 720p frame's (and a 1280×960 photograph's) is kept as it is. */
export const FRAME_MAX_SIDE = 1280;

/** Working pixels per frame pixel, across and down (1 and 1 for a frame kept at its size). */
export type FrameScale = { x: number; y: number };

const AS_IS: FrameScale = { x: 1, y: 1 };

/** The working size of a width×height frame: itself, or averaged down to FRAME_MAX_SIDE on its long side. */
function workingSize(width: number, height: number): { width: number; height: number } | null {
  const long = Math.max(width, height);
  if (long <= FRAME_MAX_SIDE) return null;
  const k = FRAME_MAX_SIDE / long;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** An RGBA frame's luma at the working size, and the scale it was taken at. */
export function frameGray(frame: RgbaImage): { gray: GrayImage; scale: FrameScale } {
  const size = workingSize(frame.width, frame.height);
  if (!size) return { gray: toGray(frame), scale: AS_IS };
  return { gray: toGrayResized(frame, size.width, size.height), scale: scaleOf(frame, size) };
}

/** A gray frame (as `toGray` gives it) at the working size, and the scale: the same as `frameGray` for its frame. */
export function workingGray(gray: GrayImage): { gray: GrayImage; scale: FrameScale } {
  const size = workingSize(gray.width, gray.height);
  if (!size) return { gray, scale: AS_IS };
  return { gray: resizeArea(gray, size.width, size.height), scale: scaleOf(gray, size) };
}

/** A channel of the frame (the colour differences) at the working size `gray` has. */
export function atWorkingSize(channel: GrayImage, gray: GrayImage): GrayImage {
  return channel.width === gray.width && channel.height === gray.height ? channel : resizeArea(channel, gray.width, gray.height);
}

function scaleOf(frame: { width: number; height: number }, size: { width: number; height: number }): FrameScale {
  return { x: size.width / frame.width, y: size.height / frame.height };
}

export function isAsIs(scale: FrameScale): boolean {
  return scale.x === 1 && scale.y === 1;
}

/**
 * Whether a click lies on a frame with pixels (its edges included), as numbers: a whole number of pixels each way and
 * `data` holding each (4 bytes a pixel for RGBA, `bytesPerPixel`). An outside harness's frame that does not is no
 * frame: read anyway, its missing pixels would be outlines and hashes of nothing.
 */
export function onFrame(click: Point, frame: { width: number; height: number; data: ArrayLike<number> }, bytesPerPixel = 4): boolean {
  const { x, y } = click;
  const { width, height } = frame;
  const whole = Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1;
  const filled = whole && frame.data.length >= width * height * bytesPerPixel;
  return filled && Number.isFinite(x) && Number.isFinite(y) && x >= 0 && y >= 0 && x <= width && y <= height;
}

/** A frame pixel's place in working pixels (pixel centres map onto pixel centres, as `resizeArea` averages them). */
export function toWorking(p: Point, scale: FrameScale): Point {
  return isAsIs(scale) ? p : { x: (p.x + 0.5) * scale.x - 0.5, y: (p.y + 0.5) * scale.y - 0.5 };
}

/** A working pixel's place in the frame's pixels (`toWorking` undone). */
export function toFrame(p: Point, scale: FrameScale): Point {
  return isAsIs(scale) ? p : { x: (p.x + 0.5) / scale.x - 0.5, y: (p.y + 0.5) / scale.y - 0.5 };
}

/** An outline in the frame's pixels, from working ones. */
export function quadToFrame(q: Quad, scale: FrameScale): Quad {
  return q.map((p) => toFrame(p, scale)) as Quad;
}

/** An outline in working pixels, from the frame's. */
export function quadToWorking(q: Quad, scale: FrameScale): Quad {
  return q.map((p) => toWorking(p, scale)) as Quad;
}
