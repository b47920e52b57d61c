// The clicked frame, in the browser: the video's current picture drawn to a canvas and read back, only the square
// around the click that the search looks at. The pixels stay on this machine.
import { toGray, squareAround, type GrayImage, type Point } from "../../../../card-vision";

/** The square around the click (the frame's height on a landscape video), gray, and the click inside it. */
export function captureAround(video: HTMLVideoElement, click: Point): { frame: GrayImage; click: Point } {
  const frame = { width: video.videoWidth, height: video.videoHeight };
  const { x: x0, y: y0, side } = squareAround(frame, click, Math.min(frame.width, frame.height));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  context.drawImage(video, x0, y0, side, side, 0, 0, side, side);
  const pixels = context.getImageData(0, 0, side, side);
  return { frame: toGray(pixels), click: { x: click.x - x0, y: click.y - y0 } };
}
