/**
 * Over 300 lines: one click's pipeline (outlines, first look, second look, last checks, keypoint fit) reads in
 * order in one place; its parts with a job of their own live beside it (locate, quads, art-box, second-look).
 */
// One click's identification, end to end on plain pixels, the same in the browser, the Worker and the benchmark:
// find outlines that may be the card under the click (straight lines at three scales, the card implied by its art
// box's outline, edge pieces, and card-shaped boxes around the click when nothing else is found), hash each from
// the frame as it lies (all four ways up when its shape does not tell which side is long), keep the outline whose
// hash is nearest a candidate, nudge its corners and scale while that brings it nearer (a sleeve's border, a
// rounded or hidden corner), and name the card only when it is near enough.
import { toChroma, type GrayImage, type RgbaImage } from "./image";
import {
  atWorkingSize,
  frameGray,
  isAsIs,
  onFrame,
  quadToFrame,
  quadToWorking,
  toWorking,
  workingGray,
  type FrameScale,
} from "./frame-size";
import { edgesOf, houghLines } from "./lines";
import { quadsFromLines } from "./quads";
import { artBoxQuads } from "./art-box";
import { locateCard, squareAround } from "./locate";
import {
  accepts,
  cardsOf,
  distance,
  FIT_MIN_INLIERS,
  jointAccepts,
  MATCH_THRESHOLD,
  TABLE_FIT_MIN_INLIERS,
  TABLE_JOINT_THRESHOLD,
  type Candidates,
  type CardHashes,
  type Ranked,
} from "./match";
import { ART_REGION, pHash } from "./phash";
import { popcount32 } from "./popcount";
import { hashQuad, pyramidOf, turned } from "./quad-hash";
import { refine, shaken } from "./second-look";
import { insideConvex, orderPortrait } from "./geometry";
import { resizeArea } from "./image";
import type { Point, Quad } from "./warp";
import { HASH_SIDE } from "./match";
import { clickFeatures, fitCandidateIds, fitInGroups, weighsEvery, type ClickFeatures, type FitSummary } from "./features-verify";
import type { Features } from "./features";
import { votedGroup, type VoteIndex } from "./keypoint-vote";
import type { Verified } from "./features-fit";

/** The hashes of a canonical (upright, CARD_W×CARD_H) card: how a reference is hashed from a clean image. */
export function hashCard(card: GrayImage): CardHashes {
  return { art: pHash(card, ART_REGION, HASH_SIDE) };
}

export type IdentifyOptions = {
  /** How many ranked references to return (the match and the "not this card?" runners-up). */
  count?: number;
  /** Best distance at or under which the card is named (default MATCH_THRESHOLD). */
  threshold?: number;
  /** Whether the best outline's corners are nudged towards its nearest references (default true; off to measure). */
  refine?: boolean;
  /**
   * Whether edges are also found in the frame's colour differences (default false: measured on real photographs it
   * moved as many clicks from right to no match as the other way, at 30 ms more a click; docs/decisions/2026-11-27-card-outline-real-photos.md).
   */
  colourEdges?: boolean;
  /** Whether a match far clear of every other card may be less steady under shakes (default true; off to measure). */
  clearMargin?: boolean;
  /** Whether cards are also found by their art box's outline (art-box.ts; default true, off to measure). */
  artBoxes?: boolean;
  /** Whether the keypoint fit is tried when the hash names nothing and the candidates have features (default true). */
  features?: boolean;
  /**
   * How many of the nearest cards' own best outlines the second look also nudges towards each card alone (default
   * CARD_SEEDS, a whole pool and a table alike; at a table the best three outlines are nudged towards their nearest
   * too, against a whole pool only with 0).
   */
  cardSeeds?: number;
  /**
   * How many of the hash's nearest cards the keypoint fit weighs first (default 8 at a table; against a whole pool, a
   * group's: 16).
   */
  featureCandidates?: number;
  /**
   * At a table, whether the fit weighs more cards when its first group names nothing: up to TABLE_FIT_CARDS, those
   * nearest any outline, in a second group (default true; off to measure).
   */
  tableSecondGroup?: boolean;
  /**
   * At a table whose references all carry keypoints (`voteIndex`), how many of the cards the click's keypoints vote
   * for the fit weighs last, when its groups name nothing (default VOTE_CARDS; 0 off, to measure).
   */
  voteCards?: number;
  /** Against a whole pool, how many groups of `featureCandidates` cards the fit weighs one after another (default 2). */
  fitGroups?: number;
  /** With at most this many references, the keypoint fit weighs them all (default 0: only the hash's nearest). */
  rescueUpTo?: number;
  /**
   * Whether a fitted card must be card-sized (10–100% of the frame's height) with card-like corners (35–145°) and
   * magnified alike at the click and at its inliers to count (default true; off to measure:
   * docs/decisions/2026-11-28-card-fit-rule.md).
   */
  fitLimits?: boolean;
  /** Whether the fit tests each reference's matches on its own (default: only against a whole pool). */
  fitEachReference?: boolean;
  /**
   * The farthest the hash's nearest may lie for the joint rule (`jointAccepts`) to name it with the fit's agreement
   * (default: `threshold` against a whole pool, any distance at a table, TABLE_JOINT_THRESHOLD; set to measure).
   */
  jointThreshold?: number;
  /**
   * The fewest inliers with which the fit names a card by itself (default: FIT_MIN_INLIERS against a whole pool,
   * TABLE_FIT_MIN_INLIERS at a table; set to measure).
   */
  fitMinInliers?: number;
  /**
   * Against a whole pool, when the fit's groups name nothing and the hash's nearest lies within the joint rule's
   * bound: how many of the fit's first cards (the hash's nearest first) are fitted once more the table's way
   * (`matchAll`, one ratio test over them all), the hash's nearest named when that fit agrees (`jointAccepts`).
   * Default HASH_FIT_CARDS; 0 off (to measure).
   */
  hashFitCards?: number;
  /** The pool's last try's keypoint square in the best outline's long sides (default HASH_FIT_REACH; to measure). */
  hashFitReach?: number;
};

export type IdentifyResult = {
  /** The named reference, or null for "no match" (then ask for the name). */
  match: Ranked | null;
  /** Best first, whatever the threshold: the match and the runners-up. */
  ranked: Ranked[];
  /** Where the card was taken from, in frame pixels (top-left, top-right, bottom-right, bottom-left as read). */
  quad: Quad | null;
  /** What found that outline (for measuring): lines, lines completed to a card's shape, an edge piece, a box. */
  source?: OutlineSource;
  /** Whether the outline's corners were nudged towards the references (the second look). */
  refined?: boolean;
  /** The best reference's median distance over small shakes of the outline (the last check). */
  steadiness?: number;
  /** How much farther the nearest other card lies than the steadiness (MATCH_MARGIN at least to be named). */
  margin?: number;
  /**
   * The keypoint fit, when it was tried (the hash named nothing and the candidates have features): its best
   * reference, that fit's inliers, the best other card's, and how many references were fitted.
   */
  verified?: { id: string; inliers: number; otherInliers: number; fitted: number };
  /**
   * What named the card: the hash alone, the keypoint fit alone, or both agreeing (`jointAccepts`: the hash's nearest
   * within the threshold but refused by its margin or steadiness, and the fit's best the same card).
   */
  namedBy?: "hash" | "keypoints" | "both";
  /**
   * When the hash named nothing and the candidates carry no keypoints: the references the keypoint fit would weigh
   * (the hash's nearest cards), each with its distance from the best outline. Fetch their keypoints and `fitLater`.
   */
  fitCandidates?: Ranked[];
  /** The pool's last fit of the hash's nearest among a few cards, when it was tried (`hashFitCards`; for measuring). */
  hashFit?: FitSummary;
};

/** The side (pixels) each look's square is averaged down to before its edges are found. */
const WORK = 256;

/**
 * Where an outline came from: straight lines, lines with one side moved to a card's shape, an edge piece, a box,
 * the card implied by its art box's outline (which also tells which way up it is), or the keypoint fit's corners.
 */
export type OutlineSource = "lines" | "completed" | "edges" | "box" | "art" | "keypoints";
export type Outline = { quad: Quad; source: OutlineSource };

type Scored = Outline & { hashes: CardHashes; ranked: Ranked[]; refined?: boolean };

function centre(q: Quad): Point {
  return { x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 };
}

/** How many art-box outlines each look keeps (each is hashed one way up). */
const ART_KEEP = 8;

/** How much a colour-difference channel's edge counts against the luma's (toChroma's channels are half-scale). */
const COLOUR_WEIGHT = 1.5;

/**
 * Outlines that may be the card under the click, in frame pixels, likeliest first. With `colours` (the frame's
 * colour-difference channels, `toChroma`), the lines are found in hue as well as brightness.
 */
export function outlineCandidates(gray: GrayImage, click: Point, colours: GrayImage[] = [], artBoxes = true): Outline[] {
  const h = Math.min(gray.width, gray.height);
  const out: Outline[] = [];
  const completeable = new Set<Quad>();
  // A wide look for cards from a fifth of the frame's height up, a close one for small cards.
  const looks = [
    { side: h, min: 0.2, max: 1.05, keep: 24 },
    { side: h * 0.6, min: 0.12, max: 0.6, keep: 24 },
    { side: h * 0.35, min: 0.08, max: 0.3, keep: 16 },
  ];
  for (const look of looks) {
    const square = squareAround(gray, click, look.side);
    const scale = square.side / WORK;
    const small = resizeArea(gray, WORK, WORK, square.x, square.y, square.side, square.side);
    const smallColours = colours.map((c) => resizeArea(c, WORK, WORK, square.x, square.y, square.side, square.side));
    const edges = edgesOf(small, smallColours, COLOUR_WEIGHT);
    const lines = houghLines(edges, 48);
    const local = { x: (click.x - square.x) / scale - 0.5, y: (click.y - square.y) / scale - 0.5 };
    quadsFromLines(edges, lines, local, (look.min * h) / scale, (look.max * h) / scale, look.keep).forEach((c, rank) => {
      const quad = c.quad.map((p) => ({ x: square.x + (p.x + 0.5) * scale, y: square.y + (p.y + 0.5) * scale })) as Quad;
      out.push({ quad, source: "lines" });
      if (rank < 12) completeable.add(quad);
    });
    if (artBoxes) {
      for (const c of artBoxQuads(edges, lines, local, (look.min * h) / scale, (look.max * h) / scale, ART_KEEP)) {
        const quad = c.card.map((p) => ({ x: square.x + (p.x + 0.5) * scale, y: square.y + (p.y + 0.5) * scale })) as Quad;
        out.push({ quad, source: "art" });
      }
    }
  }
  // The issue-26 outline: a closed piece of edges of a card's shape (a sleeve's or a card's border, whole).
  for (const located of locateCard(gray, click, { maxCandidates: 3 })) {
    if (located.source === "outline") out.push({ quad: located.quad, source: "edges" });
  }
  // Card-shaped boxes around the click: the last resort when no outline is right.
  for (const f of [0.22, 0.32, 0.45]) {
    const ch = h * f;
    const cw = ch * (63 / 88);
    out.push({
      quad: [
        { x: click.x - cw / 2, y: click.y - ch / 2 },
        { x: click.x + cw / 2, y: click.y - ch / 2 },
        { x: click.x + cw / 2, y: click.y + ch / 2 },
        { x: click.x - cw / 2, y: click.y + ch / 2 },
      ],
      source: "box",
    });
  }
  // Only outlines round the click: the card under it, never a neighbour (which may well be in the deck).
  return out.flatMap(({ quad, source }): Outline[] => {
    // An art box's card is already the right way up (and may be cut by the frame: only its art must be inside).
    if (source === "art") return insideConvex(quad, click) ? [{ quad, source }] : [];
    const portrait = orderPortrait(quad);
    const more = completeable.has(quad) ? completed(portrait).map((q) => ({ quad: q, source: "completed" as const })) : [];
    return [{ quad: portrait, source }, ...more].filter((c) => insideConvex(c.quad, click));
  });
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * A found outline whose shape is not a card's is often a card with one side found at the wrong line (the name bar's
 * edge for the card's, a neighbour's edge, a side hidden by another card): the outlines that keep three of its sides
 * and move the fourth along the other two until the shape is 63:88 again (in the picture; a card seen at a slant is
 * foreshortened, which the corner nudges of the second look then take up).
 */
function completed(q: Quad): Quad[] {
  const width = (dist(q[0], q[1]) + dist(q[3], q[2])) / 2;
  const height = (dist(q[0], q[3]) + dist(q[1], q[2])) / 2;
  const aspect = width / height;
  const card = 63 / 88;
  if (Math.abs(aspect / card - 1) < 0.08) return [];
  const out: Quad[] = [];
  // Too short for its width: move the bottom down (or the top up); too long: the other way. Likewise sideways.
  const t = aspect / card;
  out.push([q[0], q[1], lerp(q[1], q[2], t), lerp(q[0], q[3], t)]);
  out.push([lerp(q[3], q[0], t), lerp(q[2], q[1], t), q[2], q[3]]);
  const s = card / aspect;
  out.push([q[0], lerp(q[0], q[1], s), lerp(q[3], q[2], s), q[3]]);
  out.push([lerp(q[1], q[0], s), q[1], q[2], lerp(q[2], q[3], s)]);
  return out;
}

function sideRatio(q: Quad): number {
  const s01 = dist(q[0], q[1]) + dist(q[2], q[3]);
  const s12 = dist(q[1], q[2]) + dist(q[3], q[0]);
  return Math.min(s01, s12) / Math.max(s01, s12);
}

/** The outlines less near-duplicates (every corner within 2.5% of the card's size of a kept one's), in order. */
function distinctOutlines(outlines: Outline[]): Outline[] {
  const kept: { outline: Outline; size: number }[] = [];
  for (const o of outlines) {
    const size = Math.sqrt(area(o.quad));
    const same = kept.some((k) =>
      k.outline.quad.every((p, i) => Math.hypot(p.x - o.quad[i].x, p.y - o.quad[i].y) < 0.025 * Math.max(size, k.size)),
    );
    if (!same) kept.push({ outline: o, size });
  }
  return kept.map((k) => k.outline);
}

/** The first `n` of the scored outlines (best first) that are not the same outline turned. */
function distinctQuads(scored: Scored[], n: number): Scored[] {
  const out: Scored[] = [];
  for (const s of scored) {
    if (out.length >= n) break;
    const c = centre(s.quad);
    if (out.some((o) => Math.hypot(centre(o.quad).x - c.x, centre(o.quad).y - c.y) < 4 && Math.abs(area(o.quad) / area(s.quad) - 1) < 0.05))
      continue;
    out.push(s);
  }
  return out;
}

function area(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return Math.abs(s) / 2;
}

/**
 * How many of the nearest cards' outlines the second look nudges towards each card alone. Against a whole pool the
 * best outlines are coincidences (below); at a table of four decks (~400 cards) often too, so there both are nudged:
 * the best three outlines towards their nearest (as before; without them three generated frames of a spectator's
 * small picture went unnamed) and the 8 nearest cards' own outlines each towards its card (a sleeved card 19% of the
 * frame high named that was not; docs/decisions/2026-11-28-card-table-of-400.md).
 */
const CARD_SEEDS = 8;
/** How many of the hash's nearest cards the keypoint fit weighs first at a table (one ratio test over them all). */
const TABLE_FIT_GROUP = 8;
/**
 * How many cards the keypoint fit weighs at a table in all when its first group names nothing: the next ones nearest
 * any outline (first looks and nudged alike, as against a whole pool), in a second group. A table of four decks
 * holds ~400 cards, and a sleeved card under glare or another card lies 44–78 bits from its best outline, seldom among
 * the hash's 8 nearest; at a table of 400 (the photo sets' references among drawn printings) this named 40 of the
 * four main sets' 46 listed sleeved clicks against 36 before, no stranger's fit over 0 inliers
 * (docs/decisions/2026-11-28-card-table-of-400.md). FIT_MAX_PRINTINGS caps the printings, the page's one request.
 */
export const TABLE_FIT_CARDS = 32;
/**
 * How many of the nearest cards the keypoint fit weighs together against a whole pool (a group). With the fit's ratio
 * test over every reference at once, 8 was kept (more strangers failed the right card's matches: pool-fit decision);
 * with each reference tested on its own (`matchEach`), 16 named 15 of the first photo set's 23 sleeved cards against
 * 12 with 8 and 14 with 32 (a match's grade is its ratio against every reference weighed with it); docs/decisions/2026-11-28-card-fit-rule.md.
 */
const POOL_FIT_GROUP = 16;
/**
 * How many groups of POOL_FIT_GROUP cards the fit weighs one after another against a whole pool, the next only when
 * the ones before named nothing: the right card under a sleeve is at times the 17th–40th nearest of 100,000
 * (docs/decisions/2026-11-28-card-pool-fit.md, "Candidates measured against every outline"). The page fetches every
 * group's keypoints in its one request (at most FIT_MAX_PRINTINGS printings).
 */
const POOL_FIT_GROUPS = 2;

/**
 * Every reference the outlines' quick searches found, each measured against every outline (first looks only with
 * `firstOnly`) and kept with its nearest distance and that outline, nearest first. The quick search is exact within
 * 26 bits and approximate beyond, and the right card under a sleeve lies 34–46 bits from its best outline: it is
 * often found by some other outline at a larger distance, and only this measure puts it where it belongs
 * (docs/decisions/2026-11-28-card-pool-fit.md, "Candidates measured against every outline").
 */
function nearestOverOutlines(
  scored: Scored[],
  candidates: Candidates,
  firstOnly: boolean,
): { id: string; distance: number; seed: Scored }[] {
  const looks = firstOnly ? scored.filter((s) => !s.refined) : scored;
  const found = new Set<string>();
  for (const s of looks) for (const r of s.ranked) found.add(r.id);
  // The outlines' hashes side by side, and each distance counted word by word only while it can still be the
  // nearest (~800 printings × ~300 outlines a call, two calls a click: 7.0 ms a call at the median, 10.6 at the p95,
  // against 8.9 and 15.4 counting every word; first photo set against the pool).
  const words = looks[0]?.hashes.art.length ?? 0;
  const flat = new Uint32Array(looks.length * words);
  looks.forEach((s, k) => flat.set(s.hashes.art, k * words));
  const out: { id: string; distance: number; seed: Scored }[] = [];
  for (const id of found) {
    const target = candidates.hashesOf?.(id)?.art;
    if (!target) continue;
    let d = Infinity;
    let at = 0;
    for (let k = 0, o = 0; k < looks.length; k++, o += words) {
      let x = 0;
      for (let w = 0; w < words && x < d; w++) x += popcount32((flat[o + w] ^ target[w]) >>> 0);
      if (x < d) {
        d = x;
        at = k;
      }
    }
    out.push({ id, distance: d, seed: looks[at] });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/** The `n` references nearest any first-look outline, each with the outline it came nearest (best first). */
function nearestCards(scored: Scored[], candidates: Candidates, n: number): { id: string; seed: Scored }[] {
  if (n <= 0) return [];
  return nearestOverOutlines(scored, candidates, true).slice(0, n);
}

function bestOf(scored: Scored[]): Scored | null {
  let best: Scored | null = null;
  for (const s of scored) if (s.ranked[0] && (!best || s.ranked[0].distance < best.ranked[0].distance)) best = s;
  return best;
}

/**
 * Identifies the card under `click` (frame pixels) in an RGBA frame (an ImageData, or any width×height×4 bytes)
 * among `candidates` (the table's references through `referenceSet`, or a whole-pool index). Returns the named
 * reference with its distance, or `match: null` when nothing is near enough ("no match": ask for the name).
 */
export function identify(frame: RgbaImage, click: Point, candidates: Candidates, options: IdentifyOptions = {}): IdentifyResult {
  const look = candidates.size === 0 ? null : lookAt(frame, click, options);
  return look ? identifyLook(look, candidates, options) : { match: null, ranked: [], quad: null };
}

/** An outline round the click, turned each way it may be read, with its hashes. */
type Hashed = Outline & { hashes: CardHashes };

/**
 * What a click's frame shows before any candidates are asked: its gray at the working size, the outlines round the
 * click and their hashes (most of a click's work that names a card by its hash). The same for a table's references
 * and for a whole pool, so a click the table's decks leave unnamed asks the pool without finding and hashing its
 * outlines again (`identifyLook`; the identifier's worker keeps the last click's).
 */
export type FrameLook = {
  readonly frame: RgbaImage;
  readonly click: Point;
  /** The options the outlines were found with (`identifyLook` looks again when asked with others). */
  readonly colourEdges: boolean;
  readonly artBoxes: boolean;
  readonly gray: GrayImage;
  readonly scale: FrameScale;
  /** The click at the working size. */
  readonly at: Point;
  readonly pyramid: ReturnType<typeof pyramidOf>;
  readonly hashed: readonly Hashed[];
  /** The click's keypoints (`clickFeatures`), made when a keypoint fit first asks and kept for the next. */
  readonly keypoints: () => ClickFeatures;
};

/** The options that decide which outlines a look finds, with their defaults (colour edges off, art boxes on). */
const outlineOptions = (options: IdentifyOptions) => ({ colourEdges: options.colourEdges === true, artBoxes: options.artBoxes !== false });

/** The click's look (`FrameLook`), or null for a click off the frame (on no card; nor one that is not a number). */
export function lookAt(frame: RgbaImage, click: Point, options: IdentifyOptions = {}): FrameLook | null {
  if (!onFrame(click, frame)) return null;
  // A frame larger than the room sends is looked at averaged down (frame-size.ts); the outline comes back in its pixels.
  const { gray, scale } = frameGray(frame);
  const { colourEdges, artBoxes } = outlineOptions(options);
  const colours = colourEdges ? toChroma(frame).map((c) => atWorkingSize(c, gray)) : [];
  const at = toWorking(click, scale);
  const pyramid = pyramidOf(gray);
  const hashed: Hashed[] = [];
  for (const { quad, source } of distinctOutlines(outlineCandidates(gray, at, colours, artBoxes))) {
    const turns = source === "art" ? [0] : sideRatio(quad) > 0.85 ? [0, 1, 2, 3] : [0, 2];
    for (const t of turns) {
      const q = turned(quad, t);
      const hashes = hashQuad(pyramid, q);
      if (hashes) hashed.push({ quad: q, source, hashes });
    }
  }
  let keypoints: ClickFeatures | undefined;
  return {
    frame,
    click,
    colourEdges,
    artBoxes,
    gray,
    scale,
    at,
    pyramid,
    hashed,
    keypoints: () => (keypoints ??= clickFeatures(gray, at)),
  };
}

/** `identify` from a click's look: the same answer as `identify(look.frame, look.click, candidates, options)`. */
export function identifyLook(look: FrameLook, candidates: Candidates, options: IdentifyOptions = {}): IdentifyResult {
  if (candidates.size === 0) return { match: null, ranked: [], quad: null };
  // Outlines found with other options are found again with these.
  const asks = outlineOptions(options);
  const same = look.colourEdges === asks.colourEdges && look.artBoxes === asks.artBoxes;
  const asked = same ? look : lookAt(look.frame, look.click, options);
  return asked ? inFrame(identifyGray(asked, candidates, options), asked.scale) : { match: null, ranked: [], quad: null };
}

/** The result with its outline in the frame's pixels (`scale`: the working size's, frame-size.ts). */
function inFrame(result: IdentifyResult, scale: FrameScale): IdentifyResult {
  return isAsIs(scale) || !result.quad ? result : { ...result, quad: quadToFrame(result.quad, scale) };
}

/** `identify` on the click's look, at the working size. */
function identifyGray(look: FrameLook, candidates: Candidates, options: IdentifyOptions): IdentifyResult {
  const { gray, at: click, pyramid } = look;
  const count = options.count ?? 5;
  const threshold = options.threshold ?? MATCH_THRESHOLD;
  // Each outline's first look: the candidates' quick search when they have one (a whole-pool index), else `rank`.
  const search = candidates.near ? (h: CardHashes) => candidates.near!(h, 3) : (h: CardHashes) => candidates.rank(h, 3);
  const scored: Scored[] = look.hashed.map((h) => ({ ...h, ranked: search(h.hashes) }));
  if (scored.length === 0) return { match: null, ranked: [], quad: null };
  // A second, closer look: the few best outlines nudged towards the references they came nearest.
  scored.sort((a, b) => (a.ranked[0]?.distance ?? Infinity) - (b.ranked[0]?.distance ?? Infinity));
  // Against a whole pool (candidates with a quick search) the best outlines are mostly coincidences: among 100,000
  // printings every outline finds one 30–36 bits away, and the right card's outline, 36–40 bits from it before its
  // nudges and 14–28 after, is seldom among them. There each of the nearest few cards' own best outline is nudged
  // towards that card alone instead (docs/decisions/2026-11-28-card-pool-fit.md); at a table of four decks too (CARD_SEEDS).
  const wholePool = candidates.near !== undefined;
  const cardSeeds = options.refine === false ? 0 : (options.cardSeeds ?? CARD_SEEDS);
  const seeds = options.refine === false || (wholePool && cardSeeds > 0) ? [] : distinctQuads(scored, 3);
  const targetIds = new Set(seeds.flatMap((s) => s.ranked.map((r) => r.id)));
  const known = [...targetIds].flatMap((id) => {
    const hashes = candidates.hashesOf?.(id);
    return hashes ? [{ id, hashes }] : [];
  });
  const nearest =
    known.length > 0
      ? (h: CardHashes) => Math.min(...known.map((t) => distance(h, t.hashes)))
      : (h: CardHashes) => candidates.rank(h, 1)[0]?.distance ?? Infinity;
  {
    for (const seed of seeds) {
      const { quad } = refine(pyramid, seed.quad, click, nearest);
      const hashes = hashQuad(pyramid, quad);
      if (hashes) scored.push({ quad, source: seed.source, refined: true, hashes, ranked: search(hashes) });
    }
  }
  for (const { id, seed } of nearestCards(scored, candidates, cardSeeds)) {
    const target = candidates.hashesOf?.(id);
    if (!target) continue;
    const { quad } = refine(pyramid, seed.quad, click, (h) => distance(h, target));
    const hashes = hashQuad(pyramid, quad);
    if (hashes) scored.push({ quad, source: seed.source, refined: true, hashes, ranked: search(hashes) });
  }
  const best = bestOf(scored);
  // No outline near any printing (a whole pool's quick search finds none on a bare playmat): no match, not a crash.
  if (!best) return { match: null, ranked: [], quad: null };
  // More than are shown: the nearest other card (not another printing of this one) may lie past a few reprints.
  const nearby = candidates.rank(best.hashes, Math.max(count, 12));
  const ranked = nearby.slice(0, count);
  // A last check that the match is the card and not a coincidence the search found: the right card stays near
  // when the outline is shaken a little (its nearness is a broad valley); a wrong card found by trying many
  // outlines and nudging them is near at one spot only. The median distance over small shakes must pass too.
  const steadiness = ranked[0] ? shaken(pyramid, best.quad, ranked[0].id, candidates) : Infinity;
  // And the nearest other card must lie well beyond it (a margin, as the ratio test of feature matching): among
  // 100,000 printings an outline tried on a card in no list finds one near by chance, but then others near too.
  const cardOf = cardsOf(candidates);
  const other = ranked[0] ? nearby.find((r) => cardOf(r.id) !== cardOf(ranked[0].id)) : undefined;
  const margin = other ? other.distance - steadiness : Infinity;
  const match =
    ranked[0] && accepts({ distance: ranked[0].distance, steadiness, margin }, threshold, options.clearMargin !== false) ? ranked[0] : null;
  const result: IdentifyResult = {
    match,
    ...(match ? { namedBy: "hash" as const } : {}),
    ranked,
    quad: best.quad,
    source: best.source,
    refined: best.refined ?? false,
    steadiness,
    margin,
  };
  if (match || options.features === false) return result;
  scored.sort((a, b) => (a.ranked[0]?.distance ?? Infinity) - (b.ranked[0]?.distance ?? Infinity));
  // Against a whole pool the fit weighs the cards nearest any outline (first looks and nudged alike; the best
  // outline's nearest first): there the right card is seldom the hash's nearest (pool-fit decision).
  // At a table the hash's nearest cards first (the best outlines' rankings), then the cards nearest any outline.
  const fitGroup = options.featureCandidates ?? (wholePool ? POOL_FIT_GROUP : TABLE_FIT_GROUP);
  const fitIds = wholePool
    ? fitCandidateIds(candidates, [nearby.slice(0, 1), nearestOverOutlines(scored, candidates, false)], {
        ...options,
        featureCandidates: fitGroup * (options.fitGroups ?? POOL_FIT_GROUPS),
      })
    : tableFitIds(candidates, [nearby, ...scored.map((x) => x.ranked)], () => nearestOverOutlines(scored, candidates, false), {
        ...options,
        featureCandidates: fitGroup,
      });
  const distanceOf = (id: string) => {
    const hashes = candidates.hashesOf?.(id);
    return hashes ? distance(best.hashes, hashes) : (nearby.find((r) => r.id === id)?.distance ?? -1);
  };
  const fitCandidates = fitIds.map((id) => ({ id, distance: distanceOf(id) }));
  // Without keypoints here (a page fetches them for these few), the caller fits later: `fitLater`.
  if (!candidates.featuresOf) return fitCandidates.length > 0 ? { ...result, fitCandidates } : result;
  const jointThreshold = options.jointThreshold ?? jointThresholdFor(candidates, threshold);
  const query = look.keypoints();
  const voted: string[] = [];
  const groups = withVoteGroup(
    fitGroupsOf(fitIds, candidates, fitGroup),
    wholePool ? undefined : candidates.voteIndex?.(),
    query,
    voted,
    options.voteCards,
  );
  const minInliers = options.fitMinInliers ?? fitMinInliersFor(candidates);
  const fit = fitInGroups(
    gray,
    click,
    groups,
    candidates,
    options.fitEachReference ?? wholePool,
    options.fitLimits !== false,
    minInliers,
    (f) => names(result, f, candidates, jointThreshold),
    query,
  );
  const weighed = [...fitCandidates, ...voted.map((id) => ({ id, distance: distanceOf(id) }))];
  const fitted = withFit(result, fit, weighed, candidates, jointThreshold);
  if (!wholePool) return fitted;
  const hashFitCards = options.hashFitCards ?? HASH_FIT_CARDS;
  return withHashFit(
    fitted,
    gray,
    click,
    fitIds,
    candidates,
    jointThreshold,
    options.fitLimits !== false,
    hashFitCards,
    options.hashFitReach,
  );
}

/** How many of the fit's first cards the pool's last try fits the table's way (`withHashFit`). */
export const HASH_FIT_CARDS = 8;
/** The side of the pool's last try's keypoint square, in the best outline's long sides (`withHashFit`). */
export const HASH_FIT_REACH = 1.5;

function longSide(q: Quad): number {
  return Math.max(dist(q[0], q[1]), dist(q[1], q[2]), dist(q[2], q[3]), dist(q[3], q[0]));
}

/**
 * The pool's last try when its groups named nothing: the hash's nearest (within `jointThreshold`) and the next of the
 * fit's cards, `cards` in all, fitted the table's way (one group, one ratio test over them all, as at a table)
 * on the click's keypoints in a square HASH_FIT_REACH times the best outline's long side (30–80% of the frame), the
 * hash's nearest named when that fit's best is the same card (`jointAccepts`: 6 inliers and 2.5 times any other
 * card's). On the five photo sets the first set's test25 Sol Ring (28% high among nine cards; the hash's nearest at
 * 10 bits, refused by the margin) fitted 0 inliers over the frame's 80% and 15 vs 0 here; every stranger's fit in
 * this step had 0 inliers (each click asked with its card left out, and every click on a card in no list).
 */
export function withHashFit(
  result: IdentifyResult,
  gray: GrayImage,
  click: Point,
  ids: string[],
  candidates: Candidates,
  jointThreshold: number,
  limits: boolean,
  cards: number,
  reachFactor = HASH_FIT_REACH,
): IdentifyResult {
  const hash = result.ranked[0];
  if (result.match || cards <= 0 || !hash || hash.distance > jointThreshold || !result.quad) return result;
  const cardOf = cardsOf(candidates);
  const group = cardGroups(ids, candidates, cards)[0] ?? [];
  if (!group.some((id) => cardOf(id) === cardOf(hash.id))) return result;
  // The click's keypoints in a square sized to the best outline (a card a fifth of the frame high among others: the
  // frame's 500 strongest corners over 80% of its height fall mostly on its neighbours).
  const short = Math.min(gray.width, gray.height);
  const reach = Math.min(0.8, Math.max(0.3, (reachFactor * longSide(result.quad)) / short));
  // Only the fit's summary is wanted here (the joint rule below names the card), so any bound on its own will do.
  const fit = fitInGroups(gray, click, [group], candidates, false, limits, FIT_MIN_INLIERS, () => true, clickFeatures(gray, click, reach));
  const v = fit.verified;
  if (!v) return result;
  const sameCard = cardOf(v.id) === cardOf(hash.id);
  if (jointAccepts({ distance: hash.distance, threshold: jointThreshold }, { sameCard, ...v }))
    return { ...result, match: hash, namedBy: "both", verified: v, hashFit: v };
  return { ...result, hashFit: v };
}

/** Whether the fit names a card with this result: by itself, or with the hash (`namedTogether`). */
function names(
  result: IdentifyResult,
  fit: { named: Verified | null; verified?: FitSummary },
  candidates: Candidates,
  jointThreshold: number,
) {
  return fit.named !== null || namedTogether(result, fit.verified, candidates, jointThreshold);
}

/** Whether the hash's nearest (within `jointThreshold`) and the fit's best name the same card (`jointAccepts`). */
function namedTogether(result: IdentifyResult, v: FitSummary | undefined, candidates: Candidates, jointThreshold: number): boolean {
  const hash = result.ranked[0];
  const cardOf = cardsOf(candidates);
  return Boolean(
    hash && v && jointAccepts({ distance: hash.distance, threshold: jointThreshold }, { sameCard: cardOf(v.id) === cardOf(hash.id), ...v }),
  );
}

/**
 * The keypoint fit's references at a table: the first `featureCandidates` cards of `rankings` (the hash's nearest),
 * then, unless `tableSecondGroup` is off, the cards nearest any outline (`overOutlines`) up to TABLE_FIT_CARDS
 * (FIT_MAX_PRINTINGS printings in all).
 */
function tableFitIds(
  candidates: Candidates,
  rankings: Ranked[][],
  overOutlines: () => Ranked[],
  options: IdentifyOptions & { featureCandidates: number },
): string[] {
  const first = fitCandidateIds(candidates, rankings, options);
  if (options.tableSecondGroup === false || weighsEvery(candidates, options.rescueUpTo)) return first;
  const asRanked = first.map((id) => ({ id, distance: 0 }));
  return fitCandidateIds(candidates, [asRanked, overOutlines()], {
    featureCandidates: Math.max(TABLE_FIT_CARDS, options.featureCandidates),
  });
}

/**
 * How many of the cards the click's keypoints vote for the fit weighs last at a table (keypoint-vote.ts), those its
 * groups did not weigh: at a table of 400 the right card of five of the six listed sleeved clicks left unnamed was
 * among the vote's first five (docs/decisions/2026-11-28-card-table-vote.md).
 */
export const VOTE_CARDS = 8;

/**
 * The fit's `groups`, then, only when the fit reaches it (each group is fitted only while the ones before named
 * nothing), the printings of the VOTE_CARDS cards `vote` ranks first that no group holds, as one more group;
 * those ids are put in `voted`.
 */
function* withVoteGroup(
  groups: string[][],
  vote: VoteIndex | undefined,
  query: ClickFeatures,
  voted: string[],
  cards = VOTE_CARDS,
): Generator<string[]> {
  yield* groups;
  if (!vote || cards <= 0 || query.count === 0) return;
  const group = votedGroup(vote, query, new Set(groups.flat()), cards);
  voted.push(...group);
  if (group.length > 0) yield group;
}

/**
 * The keypoint fit's groups of `ids`, weighed one after another: against a whole pool groups of `size` cards
 * (POOL_FIT_GROUP); at a table the first `size` (TABLE_FIT_GROUP, the hash's nearest), then the rest in one group.
 */
function fitGroupsOf(ids: string[], candidates: Candidates, size = candidates.near ? POOL_FIT_GROUP : TABLE_FIT_GROUP): string[][] {
  const groups = cardGroups(ids, candidates, size);
  if (candidates.near || groups.length <= 1) return groups;
  return [groups[0], groups.slice(1).flat()];
}

/** `ids` cut into groups of `size` cards each (a card's printings in its card's group), in order. */
function cardGroups(ids: string[], candidates: Candidates, size: number): string[][] {
  const cardOf = cardsOf(candidates);
  const order = new Map<string, number>();
  const groups: string[][] = [];
  for (const id of ids) {
    const card = cardOf(id);
    if (!order.has(card)) order.set(card, order.size);
    const g = Math.floor(order.get(card)! / size);
    (groups[g] ??= []).push(id);
  }
  return groups;
}

/**
 * How far the hash's nearest may lie for the joint rule: the threshold against a whole pool (its strangers' chance
 * fits reach 4–7 inliers), any distance at a table (strangers' fits there find no plausible card: TABLE_JOINT_THRESHOLD).
 */
function jointThresholdFor(candidates: Candidates, threshold: number): number {
  return candidates.near ? threshold : Math.max(threshold, TABLE_JOINT_THRESHOLD);
}

/** The fewest inliers with which the fit names a card by itself: fewer at a table (TABLE_FIT_MIN_INLIERS). */
function fitMinInliersFor(candidates: Candidates): number {
  return candidates.near ? FIT_MIN_INLIERS : TABLE_FIT_MIN_INLIERS;
}

/**
 * The result with the keypoint fit's verdict: named by the fit when it names a card; else by the hash and the fit
 * together when they agree (`jointAccepts`, the hash's nearest within `jointThreshold`); else the hash's "no match".
 */
function withFit(
  result: IdentifyResult,
  fit: { named: Verified | null; verified?: FitSummary },
  weighed: Ranked[],
  candidates: Candidates,
  jointThreshold: number,
): IdentifyResult {
  if (fit.named) {
    const id = fit.named.id;
    const match = { id, distance: weighed.find((r) => r.id === id)?.distance ?? -1 };
    return { ...result, match, namedBy: "keypoints", quad: fit.named.quad ?? result.quad, source: "keypoints", verified: fit.verified };
  }
  const v = fit.verified;
  if (namedTogether(result, v, candidates, jointThreshold)) return { ...result, match: result.ranked[0], namedBy: "both", verified: v };
  return { ...result, verified: v };
}

/**
 * The keypoint fit of a click the hash left unclear, once the keypoints of its `fitCandidates` are at hand (a page
 * fetches them after `identify` answered without them): the click's frame as gray (`toGray`), the same click and
 * candidates, and the first result in; the result as `identify` would have given it with the keypoints, out. Only
 * the fit runs: the hash's outlines are not looked for again. A reference without keypoints is left out of the fit.
 */
export function fitLater(
  fullGray: GrayImage,
  click: Point,
  candidates: Candidates,
  result: IdentifyResult,
  featuresOf: (id: string) => Features | undefined,
  threshold = MATCH_THRESHOLD,
  vote?: VoteIndex,
): IdentifyResult {
  if (!unclearResult(result) || !onFrame(click, fullGray, 1)) return result;
  // At the size `identify` looked at the frame (frame-size.ts), its outline too.
  const { gray, scale } = workingGray(fullGray);
  const at = toWorking(click, scale);
  return fitSeen({ gray, scale, at, keypoints: () => clickFeatures(gray, at) }, candidates, result, featuresOf, threshold, vote);
}

/**
 * `fitLater` from the click's look (`lookAt`, the one `identifyLook` answered from): the same answer, with the
 * click's keypoints made once for every fit of that click (a table's, its vote's, then the pool's).
 */
export function fitLaterLook(
  look: FrameLook,
  candidates: Candidates,
  result: IdentifyResult,
  featuresOf: (id: string) => Features | undefined,
  threshold = MATCH_THRESHOLD,
  vote?: VoteIndex,
): IdentifyResult {
  return unclearResult(result) ? fitSeen(look, candidates, result, featuresOf, threshold, vote) : result;
}

/** Whether the hash pass named nothing and listed references a keypoint fit would weigh. */
const unclearResult = (result: IdentifyResult) => !result.match && (result.fitCandidates?.length ?? 0) > 0;

/** The second step on the frame as `identify` looked at it (its working-size gray, the click there, its keypoints). */
function fitSeen(
  seen: Pick<FrameLook, "gray" | "scale" | "at" | "keypoints">,
  candidates: Candidates,
  result: IdentifyResult,
  featuresOf: (id: string) => Features | undefined,
  threshold: number,
  vote: VoteIndex | undefined,
): IdentifyResult {
  const atSize = isAsIs(seen.scale) || !result.quad ? result : { ...result, quad: quadToWorking(result.quad, seen.scale) };
  return inFrame(fitLaterAtSize(seen.gray, seen.at, seen.keypoints(), candidates, atSize, featuresOf, threshold, vote), seen.scale);
}

function fitLaterAtSize(
  gray: GrayImage,
  click: Point,
  query: ClickFeatures,
  candidates: Candidates,
  result: IdentifyResult,
  featuresOf: (id: string) => Features | undefined,
  threshold: number,
  vote: VoteIndex | undefined,
): IdentifyResult {
  const weighed = result.fitCandidates!;
  const withFeatures: Candidates = {
    size: candidates.size,
    rank: (query, count) => candidates.rank(query, count),
    cardOf: (id) => candidates.cardOf?.(id),
    featuresOf,
  };
  const ids = weighed.map((r) => r.id);
  const wholePool = candidates.near !== undefined;
  const jointThreshold = jointThresholdFor(candidates, threshold);
  const voted: string[] = [];
  const groups = withVoteGroup(fitGroupsOf(ids, candidates), wholePool ? undefined : vote, query, voted);
  const fit = fitInGroups(
    gray,
    click,
    groups,
    withFeatures,
    wholePool,
    true,
    fitMinInliersFor(candidates),
    (f) => names(result, f, candidates, jointThreshold),
    query,
  );
  const fitted = withFit(result, fit, [...weighed, ...voted.map((id) => ({ id, distance: -1 }))], candidates, jointThreshold);
  const { fitCandidates: _weighed, ...rest } = wholePool
    ? withHashFit(fitted, gray, click, ids, withFeatures, jointThreshold, true, HASH_FIT_CARDS)
    : fitted;
  return rest;
}
