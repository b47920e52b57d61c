export declare const VIDEO_CARD: { x: number; y: number; height: number; angle: number };
export declare const VIDEO_SIZE: { width: number; height: number };
export declare function writeCardVideo(
  path: string,
  options?: { name?: string; seconds?: number; fps?: number; realistic?: boolean },
): { path: string; card: { id: string; name: string } };
