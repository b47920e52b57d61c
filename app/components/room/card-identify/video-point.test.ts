import { describe, expect, it } from "vitest";
import { videoPointFromClick } from "./video-point";

const video = { videoWidth: 1280, videoHeight: 720 };

describe("videoPointFromClick", () => {
  it("maps a click on a box of the video's own shape by scale alone", () => {
    const box = { left: 100, top: 50, width: 640, height: 360 };
    expect(videoPointFromClick(box, video, 100 + 320, 50 + 180)).toEqual({ x: 640, y: 360 });
    expect(videoPointFromClick(box, video, 110, 60)).toEqual({ x: 20, y: 20 });
  });

  it("takes the bars of object-fit: contain into account (a 4:3 camera in a 16:9 tile)", () => {
    const box = { left: 0, top: 0, width: 640, height: 360 };
    const camera = { videoWidth: 640, videoHeight: 480 };
    // The picture is 480×360, centred: 80 px bars on each side.
    expect(videoPointFromClick(box, camera, 80, 0)).toEqual({ x: 0, y: 0 });
    expect(videoPointFromClick(box, camera, 320, 180)).toEqual({ x: 320, y: 240 });
    expect(videoPointFromClick(box, camera, 40, 180)).toBeNull();
    expect(videoPointFromClick(box, camera, 600, 180)).toBeNull();
  });

  it("takes bars above and below for a tall picture in a wide box", () => {
    const box = { left: 0, top: 0, width: 400, height: 400 };
    expect(videoPointFromClick(box, video, 200, 200)).toEqual({ x: 640, y: 360 });
    expect(videoPointFromClick(box, video, 200, 50)).toBeNull();
  });

  it("flips a mirrored picture", () => {
    const box = { left: 0, top: 0, width: 1280, height: 720 };
    expect(videoPointFromClick(box, video, 100, 10, true)).toEqual({ x: 1180, y: 10 });
  });

  it("is null before the video has a size", () => {
    expect(videoPointFromClick({ left: 0, top: 0, width: 10, height: 10 }, { videoWidth: 0, videoHeight: 0 }, 1, 1)).toBeNull();
  });
});
