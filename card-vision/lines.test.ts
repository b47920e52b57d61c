// The line search on drawn pictures: a card's four sides as a quadrilateral round the click, and a card cut by the
// frame's edge completed from its three sides and its shape.
import { describe, expect, it } from "vitest";
import { toChroma, toGray, type GrayImage, type RgbaImage } from "./image";
import { seeded } from "./features";
import { edgesOf, houghLines, type Edges } from "./lines";
import { edgeAngles, quadsFromLines, segmentSupport } from "./quads";
import type { Point, Quad } from "./warp";

/** A 256×256 dark table with a light upright card (left, top, width, height), which may hang out of the picture. */
function table(left: number, top: number, width: number, height: number): GrayImage {
  const data = new Float32Array(256 * 256).fill(40);
  for (let y = Math.max(0, top); y < Math.min(256, top + height); y++)
    for (let x = Math.max(0, left); x < Math.min(256, left + width); x++) data[y * 256 + x] = 200;
  return { width: 256, height: 256, data };
}

function near(found: Quad[], truth: Quad, tolerance: number): boolean {
  return found.some((q) => truth.every((t) => q.some((p) => Math.hypot(p.x - t.x, p.y - t.y) < tolerance)));
}

describe("quadsFromLines", () => {
  it("finds a whole card's four corners round the click", () => {
    const edges = edgesOf(table(80, 40, 100, 140));
    const quads = quadsFromLines(edges, houghLines(edges), { x: 130, y: 110 }, 40, 256).map((c) => c.quad);
    const truth: Quad = [
      { x: 80, y: 40 },
      { x: 180, y: 40 },
      { x: 180, y: 180 },
      { x: 80, y: 180 },
    ];
    expect(near(quads, truth, 3)).toBe(true);
  });

  it("completes a card a quarter out of the frame from its three sides and its 63:88 shape", () => {
    // 100 wide (63:88 of 140), its left 25 px out of the picture: no left side to find.
    const edges = edgesOf(table(-25, 60, 100, 140));
    const quads = quadsFromLines(edges, houghLines(edges), { x: 30, y: 130 }, 40, 256).map((c) => c.quad);
    const truth: Quad = [
      { x: -25, y: 60 },
      { x: 75, y: 60 },
      { x: 75, y: 200 },
      { x: -25, y: 200 },
    ];
    expect(near(quads, truth, 4)).toBe(true);
  });

  it("completes a card cut by the frame's edge beside stronger parallel lines (other cards' long sides)", () => {
    // A third of the card out of the picture's left: its top and bottom are cut short (few votes), and the long
    // sides of the cards above and below it make stronger pairs of lines in the same direction round the click
    // (fourteen of them: more than the ten a direction that pairs crossed with pairs take).
    const picture = table(-33, 60, 100, 140);
    for (const top of [30, 225, 240]) for (let y = top; y < top + 8; y++) for (let x = 0; x < 256; x++) picture.data[y * 256 + x] = 220;
    const edges = edgesOf(picture);
    const quads = quadsFromLines(edges, houghLines(edges), { x: 30, y: 130 }, 40, 256).map((c) => c.quad);
    const truth: Quad = [
      { x: -33, y: 60 },
      { x: 67, y: 60 },
      { x: 67, y: 200 },
      { x: -33, y: 200 },
    ];
    expect(near(quads, truth, 4)).toBe(true);
  });

  it("finds nothing round a click on an empty table", () => {
    const edges = edgesOf(table(0, 0, 0, 0));
    expect(quadsFromLines(edges, houghLines(edges), { x: 128, y: 128 }, 40, 256)).toEqual([]);
  });
});

describe("edgesOf with colour", () => {
  /** A 256×256 green playmat with a red card of the same brightness (luma within a grey level). */
  function redOnGreen(): RgbaImage {
    const data = new Uint8ClampedArray(256 * 256 * 4);
    for (let y = 0; y < 256; y++)
      for (let x = 0; x < 256; x++) {
        const card = x >= 80 && x < 180 && y >= 40 && y < 180;
        // Rec. 601 luma 0.299·R + 0.587·G + 0.114·B ≈ 120 for both.
        data.set(card ? [200, 102, 80, 255] : [60, 160, 170, 255], (y * 256 + x) * 4);
      }
    return { width: 256, height: 256, data };
  }

  it("finds a border that differs from the table in hue only, which brightness alone misses", () => {
    const frame = redOnGreen();
    const click = { x: 130, y: 110 };
    const truth: Quad = [
      { x: 80, y: 40 },
      { x: 180, y: 40 },
      { x: 180, y: 180 },
      { x: 80, y: 180 },
    ];
    const grey = edgesOf(toGray(frame));
    const greyQuads = quadsFromLines(grey, houghLines(grey), click, 40, 256).map((c) => c.quad);
    expect(near(greyQuads, truth, 3)).toBe(false);
    const coloured = edgesOf(toGray(frame), toChroma(frame), 1.5);
    const colourQuads = quadsFromLines(coloured, houghLines(coloured), click, 40, 256).map((c) => c.quad);
    expect(near(colourQuads, truth, 3)).toBe(true);
  });
});

/** `segmentSupport` as first written (the magnitude read, then the direction): the one-read form must equal it. */
function plainSegmentSupport(edges: Edges, a: Point, b: Point): number | null {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 4) return null;
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  let normal = Math.atan2(ny, nx);
  if (normal < 0) normal += Math.PI;
  if (normal >= Math.PI) normal -= Math.PI;
  const steps = Math.min(24, Math.max(8, Math.round(len / 3)));
  const { width: w, height: h, mag, angle, threshold } = edges;
  let inside = 0;
  let hits = 0;
  for (let s = 0; s < steps; s++) {
    const t = 0.08 + (0.84 * (s + 0.5)) / steps;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    if (px < 1 || py < 1 || px > w - 2 || py > h - 2) continue;
    inside++;
    for (const k of [0, -1, 1, -2, 2]) {
      const x = Math.round(px + nx * k * 0.75);
      const y = Math.round(py + ny * k * 0.75);
      if (x < 1 || y < 1 || x > w - 2 || y > h - 2) continue;
      const i = y * w + x;
      if (mag[i] <= threshold) continue;
      let d = Math.abs(angle[i] - normal);
      if (d > Math.PI / 2) d = Math.PI - d;
      if (d < 0.3) {
        hits++;
        break;
      }
    }
  }
  return inside >= Math.max(4, steps * 0.3) ? hits / inside : null;
}

describe("segmentSupport", () => {
  it("equals the plain form on noisy edges, segments in and out of the picture", () => {
    const random = seeded(3604);
    const img = table(60, 30, 110, 150);
    for (let i = 0; i < img.data.length; i++) img.data[i] += random() * 60;
    const edges = edgesOf(img);
    for (let t = 0; t < 5000; t++) {
      const a = { x: random() * 300 - 20, y: random() * 300 - 20 };
      const b = t % 2 ? { x: random() * 300 - 20, y: random() * 300 - 20 } : { x: a.x + random() * 8, y: a.y + random() * 200 };
      expect(segmentSupport(edges, a, b)).toBe(plainSegmentSupport(edges, a, b));
    }
    // The direction read where an edge is, and NaN (no hit) elsewhere.
    const angles = edgeAngles(edges);
    for (let i = 0; i < angles.length; i++) {
      if (edges.mag[i] > edges.threshold) expect(angles[i]).toBe(edges.angle[i]);
      else expect(angles[i]).toBeNaN();
    }
  });
});
