export declare const CARD_WIDTH: number;
export declare const CARD_HEIGHT: number;
export type Rgba = { width: number; height: number; data: Uint8ClampedArray };
export declare function seededRandom(seed: string): () => number;
export declare function renderCardRgba(card: { id: string; name: string; colors?: string[]; type_line?: string }): Rgba;
export declare const ART_BOX: { x: number; y: number; width: number; height: number };
export declare function encodePng(image: Rgba): Uint8Array;
export declare function scaleRgba(image: Rgba, width: number): Rgba;
