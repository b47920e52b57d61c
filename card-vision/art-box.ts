// The card found by its art box: the dark-framed rectangle of the card's picture is a sharp outline of its own,
// inside the card, untouched by a sleeve's glossy border or a playmat of the card's colour, and still whole when
// the bottom of the card lies under another card. An art-box-shaped quad from the lines (lines.ts) implies the
// card's outline through the card's fixed layout, and that outline is hashed as any other (identify.ts).
import { insideConvex } from "./geometry";
import {
  alignPair,
  angleBetween,
  cornersOf,
  directionGap,
  insideShare,
  segmentSupport,
  strongestPerDirection,
  supportScore,
} from "./quads";
import type { Edges, Line } from "./lines";
import type { Region } from "./phash";
import { applyHomography, homographyFromRect, type Point, type Quad } from "./warp";

/**
 * The art box of a card as fractions of its width and height: Scryfall's art_crop (34,78 – 454,376 of the
 * 488×680 image), the picture's frame on a modern card. ART_REGION (phash.ts), the part hashed, lies inside it.
 */
export const ART_BOX: Region = { x: 34 / 488, y: 78 / 680, w: 420 / 488, h: 298 / 680 };

/** A card's width over its height (63 mm × 88 mm). */
const CARD = 63 / 88;
/** The art box's width over its height on the card (≈1.41: landscape). */
export const ART_ASPECT = (ART_BOX.w * CARD) / ART_BOX.h;

/**
 * The card's outline (top-left, top-right, bottom-right, bottom-left as read) implied by its art box's corners in
 * the same order, through the art box's homography: a card seen at a slant is extended in the same perspective.
 * Null for a degenerate quad or one whose extension runs past the horizon.
 */
export function cardFromArtBox(art: Quad, box: Region = ART_BOX): Quad | null {
  const h = homographyFromRect(box.w, box.h, art);
  if (!h) return null;
  const corners = [
    applyHomography(h, -box.x, -box.y),
    applyHomography(h, 1 - box.x, -box.y),
    applyHomography(h, 1 - box.x, 1 - box.y),
    applyHomography(h, -box.x, 1 - box.y),
  ];
  return corners.every((c): c is Point => c !== null) ? (corners as Quad) : null;
}

/** The art box's outline inside a card's outline (the inverse of cardFromArtBox). */
export function artBoxOf(card: Quad, box: Region = ART_BOX): Quad | null {
  const h = homographyFromRect(1, 1, card);
  if (!h) return null;
  const corners = [
    applyHomography(h, box.x, box.y),
    applyHomography(h, box.x + box.w, box.y),
    applyHomography(h, box.x + box.w, box.y + box.h),
    applyHomography(h, box.x, box.y + box.h),
  ];
  return corners.every((c): c is Point => c !== null) ? (corners as Quad) : null;
}

export type ArtBoxCandidate = { art: Quad; card: Quad; score: number };

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Clockwise on screen (y down): a positive shoelace sum. */
function clockwise(q: Quad): Quad {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return s < 0 ? [q[0], q[3], q[2], q[1]] : q;
}

/** How many of the strongest pairs of lines each direction keeps (15° buckets). */
const PAIRS_PER_DIRECTION = 12;

type Pair = { a: Line; b: Line; theta: number; width: number; between: boolean };

/**
 * Art-box-shaped quadrilaterals near `click` from the lines, each with the card outline it implies holding the
 * click (which may be on the art or below it, on the type line or the text box): two pairs of roughly opposite
 * lines crossing at 50–90°, the wider pair's spacing 1.05–2.1 times the narrower's (the art box's 1.41 foreshortened
 * up to 45° either way), the implied card `minSide`..`maxSide` high. Both ways up (the card may lie upside down).
 * Scored by the four sides' edge support (the art box's frame is drawn whole: the weakest side counts half); best
 * first, near-duplicates dropped.
 */
export function artBoxQuads(edges: Edges, lines: Line[], click: Point, minSide: number, maxSide: number, max = 8): ArtBoxCandidate[] {
  // The art box's height is ART_BOX.h of the card's, its width ART_BOX.w of the card's width.
  const minSpacing = ART_BOX.h * minSide * 0.7;
  const maxSpacing = ART_BOX.w * CARD * maxSide * 1.1;
  const pairs: Pair[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i];
      const b = lines[j];
      if (angleBetween(a, b) > (30 * Math.PI) / 180) continue;
      const { sa, sb, theta } = alignPair(a, b, click);
      const between = sa * sb < 0;
      // Unsigned spacing: the distance between the lines at the click's foot.
      const width = between ? Math.abs(sa) + Math.abs(sb) : Math.abs(Math.abs(sa) - Math.abs(sb));
      if (width < minSpacing || width > maxSpacing) continue;
      // The click lies between them (on the art), or beyond one by at most the card's text below the art
      // (1.1 art heights: the card runs 2.02 art heights below the art box's top).
      if (!between && Math.min(Math.abs(sa), Math.abs(sb)) > width * 1.15) continue;
      pairs.push({ a, b, theta, width, between });
    }
  }
  // The strongest pairs of each direction only, as quadsFromLines does (a row of cards makes many parallel pairs).
  const strongest = strongestPerDirection(pairs, PAIRS_PER_DIRECTION);
  const found: ArtBoxCandidate[] = [];
  for (let i = 0; i < strongest.length; i++) {
    for (let j = i + 1; j < strongest.length; j++) {
      let p = strongest[i];
      let q = strongest[j];
      if (directionGap(p.theta, q.theta) < (50 * Math.PI) / 180) continue;
      // p: the art's top and bottom (the narrower spacing), q: its left and right sides.
      if (p.width > q.width) [p, q] = [q, p];
      const ratio = q.width / p.width;
      if (ratio < 1.05 || ratio > 2.1) continue;
      // The card is barely wider than its art box: the click lies between the art's sides.
      if (!q.between) continue;
      const corners = cornersOf(p, q);
      if (!corners) continue;
      const quad = clockwise(corners);
      const sides = [dist(quad[0], quad[1]), dist(quad[1], quad[2]), dist(quad[2], quad[3]), dist(quad[3], quad[0])];
      if (Math.min(sides[0], sides[2]) / Math.max(sides[0], sides[2]) < 0.6) continue;
      if (Math.min(sides[1], sides[3]) / Math.max(sides[1], sides[3]) < 0.6) continue;
      // The art box is hashed: it must lie in the picture (the card's bottom may not).
      if (insideShare(quad, edges.width, edges.height) < 0.9) continue;
      const supports: number[] = [];
      for (let k = 0; k < 4; k++) supports.push(segmentSupport(edges, quad[k], quad[(k + 1) % 4]) ?? 0);
      const { score, weakest } = supportScore(supports);
      if (weakest < 0.3 || score < 0.5) continue;
      // The long sides are the art's top and bottom: start at one of them, either way up.
      const start = sides[0] + sides[2] >= sides[1] + sides[3] ? 0 : 1;
      for (const s of [start, start + 2]) {
        const art = [quad[s % 4], quad[(s + 1) % 4], quad[(s + 2) % 4], quad[(s + 3) % 4]] as Quad;
        const card = cardFromArtBox(art);
        if (!card || !insideConvex(card, click)) continue;
        const height = (dist(card[0], card[3]) + dist(card[1], card[2])) / 2;
        if (height < minSide || height > maxSide * 1.3) continue;
        found.push({ art, card, score });
      }
    }
  }
  found.sort((x, y) => y.score - x.score);
  const kept: ArtBoxCandidate[] = [];
  for (const f of found) {
    if (kept.length >= max) break;
    const size = dist(f.art[0], f.art[2]);
    if (kept.some((k) => k.art.every((pt, idx) => dist(pt, f.art[idx]) < size * 0.04))) continue;
    kept.push(f);
  }
  return kept;
}
