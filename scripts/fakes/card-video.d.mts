export declare const VIDEO_CARD: { x: number; y: number; height: number; angle: number };
export declare const COVERED_CLICK: { x: number; y: number };
export declare const VIDEO_SIZE: { width: number; height: number };
export declare function writeCardVideo(
  path: string,
  options?: { name?: string; seconds?: number; fps?: number; realistic?: boolean; covered?: number },
): { path: string; card: { id: string; name: string } };
export declare function cardVideoFrame(options?: {
  name?: string;
  realistic?: boolean;
  covered?: number;
  coverName?: string;
  coverDx?: number;
  coverAngle?: number;
}): { frame: Float32Array; card: { id: string; name: string } };
