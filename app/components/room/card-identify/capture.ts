// The clicked frame, in the browser: the video's current picture drawn to a canvas and read back as RGBA, the
// identifier's input (card-vision's `identify`). The pixels stay on this machine.
import type { Point } from "../../../../card-vision";

/** The video's current frame, full size, and the click in its pixels. */
export function captureFrame(video: HTMLVideoElement, click: Point): { frame: ImageData; click: Point } {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (width === 0 || height === 0) throw new Error("The video has no picture yet");
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  context.drawImage(video, 0, 0, width, height);
  return { frame: context.getImageData(0, 0, width, height), click };
}
