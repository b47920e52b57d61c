// The keypoint fit on a click: the frame's keypoints around the click, matched against a few references' and fitted
// (features-fit.ts), and the rule that names a card from the fits (match.ts `fitAccepts`).
import { concatFeatures, featuresAtScales, type Features } from "./features";
import { fitEach, matchAll, matchEach, type FitOptions, type Verified } from "./features-fit";
import { resizeArea, type GrayImage } from "./image";
import { cardsOf, fitAccepts, type Candidates, type Ranked } from "./match";
import type { Point } from "./warp";

export type ClickFeatures = Features;

/**
 * The frame's keypoints in a square around the click (side `reach` of the frame's shorter side: a card up to 60% of
 * the frame high, clicked anywhere on it), at full size and half (a large card's corners at the references'
 * scales), in frame pixels.
 */
export function clickFeatures(gray: GrayImage, click: Point, reach = 0.8, max = 500): ClickFeatures {
  const side = Math.round(Math.min(gray.width, gray.height) * reach);
  const x0 = Math.max(0, Math.min(gray.width - side, Math.round(click.x - side / 2)));
  const y0 = Math.max(0, Math.min(gray.height - side, Math.round(click.y - side / 2)));
  const crop = resizeArea(gray, side, side, x0, y0, side, side);
  // Half as many at half size: each scale keeps its own strongest corners.
  const both = concatFeatures([featuresAtScales(crop, [1], max), featuresAtScales(crop, [0.5], Math.round(max / 2))]);
  for (let i = 0; i < both.count; i++) {
    both.x[i] += x0;
    both.y[i] += y0;
  }
  return both;
}

export type FeatureVerdict = {
  /** The named reference, or null when no fit is clear. */
  id: string | null;
  /** Every fitted reference, most inliers first. */
  fits: Verified[];
};

/**
 * Fits the click's keypoints to each of `ids` that has features and names the best when `fitAccepts` it (its
 * inliers against the best fit of another card: printings of one card share their art and do not count).
 */
export function verifyByFeatures(
  query: ClickFeatures,
  click: Point,
  ids: string[],
  candidates: Candidates,
  minSide: number,
  options: FitOptions & { eachReference?: boolean } = {},
): FeatureVerdict {
  const refs: { id: string; f: Features }[] = [];
  for (const id of ids) {
    const f = candidates.featuresOf?.(id);
    if (f && f.count > 0) refs.push({ id, f });
  }
  if (refs.length === 0 || query.count === 0) return { id: null, fits: [] };
  // Against a whole pool each reference is matched on its own (`matchEach`, graded for RANSAC) and the fit re-matched
  // where it lands: among 16 drawn strangers the one ratio test over all failed the right card's corners. Against a
  // table's cards the one test over all is kept (it gained nothing there, and with each reference's own test a
  // neighbour's art fitted with its card's bottom stretched over the click was named: docs/decisions/2026-11-28-card-fit-rule.md).
  const matches = (options.eachReference ? matchEach : matchAll)(
    query,
    refs.map((r) => r.f),
  );
  const fits = fitEach(
    refs.map((r) => r.id),
    matches,
    click,
    minSide,
    options,
    options.eachReference ? { query, refs: refs.map((r) => r.f) } : undefined,
  );
  const best = fits[0];
  const cardOf = cardsOf(candidates);
  const other = fits.find((f) => cardOf(f.id) !== cardOf(best.id));
  return { id: fitAccepts(best.inliers, other?.inliers ?? 0) ? best.id : null, fits };
}

/** What the fit found on a click: its best reference, that fit's inliers, the best other card's, how many fitted. */
export type FitSummary = { id: string; inliers: number; otherInliers: number; fitted: number };

/**
 * At most how many printings the fit weighs a click: the page fetches their keypoints in one request and cuts
 * there (`MAX_FIT_PRINTINGS` in app/components/room/card-identify/identifier-protocol.ts, the same number).
 */
export const FIT_MAX_PRINTINGS = 32;

/** Every reference's id when there are at most `rescueUpTo` (the fit then weighs them all), else undefined. */
export function weighsEvery(candidates: Candidates, rescueUpTo = 0): string[] | undefined {
  const every = candidates.referenceIds?.();
  return every !== undefined && every.length <= rescueUpTo ? every : undefined;
}

/**
 * The references the keypoint fit weighs when the hash names nothing: the hash's nearest cards (`rankings`, best
 * outline's first; up to `featureCandidates` cards, each with its printings that rank near, FIT_MAX_PRINTINGS in
 * all: a page fetches only these few references' keypoints), or every reference when there are at most `rescueUpTo`.
 */
export function fitCandidateIds(
  candidates: Candidates,
  rankings: Ranked[][],
  options: { featureCandidates?: number; rescueUpTo?: number },
): string[] {
  const k = options.featureCandidates ?? 8;
  const ids: string[] = [];
  const cards = new Set<string>();
  const cardOf = cardsOf(candidates);
  const take = (id: string) => {
    if (ids.length >= FIT_MAX_PRINTINGS && !all) return;
    if (ids.includes(id) || (!cards.has(cardOf(id)) && cards.size >= k)) return;
    cards.add(cardOf(id));
    ids.push(id);
  };
  const every = weighsEvery(candidates, options.rescueUpTo);
  const all = every !== undefined;
  if (all) every.forEach(take);
  else for (const ranked of rankings) for (const r of ranked) take(r.id);
  return ids;
}

/**
 * The keypoint fit over `groups` of references, one group after another: each group's matches graded and fitted
 * among that group alone (a match's grade is its ratio against the other references weighed with it, so 32 cards
 * at once drowned a right card's few good matches: docs/decisions/2026-11-28-card-fit-rule.md), stopping at the
 * first group after which the fit names a card (`done`). The verdict is over every fit so far: a card is named only
 * when it stands 2.5 times clear of every other card fitted in any group (`fitAccepts`), so a later group can only
 * name a card the earlier ones did not outdo. With `limits` the fitted card must be card-sized and card-shaped in this
 * frame (`plausibleCard`): a stranger's chance fit of a few matches then seldom finds a homography at all, so the rule
 * compares the right card with plausible fits only (docs/decisions/2026-11-28-card-fit-rule.md). `minInliers`: the
 * fewest inliers that name a card (match.ts: fewer at a table than against a whole pool). `query`: the click's
 * keypoints, by default in the usual square (`clickFeatures`).
 */
export function fitInGroups(
  gray: GrayImage,
  click: Point,
  groups: Iterable<string[]>,
  candidates: Candidates,
  eachReference: boolean,
  limits: boolean,
  minInliers: number,
  done: (fit: { named: Verified | null; verified?: FitSummary }) => boolean,
  query: ClickFeatures = clickFeatures(gray, click),
): { named: Verified | null; verified?: FitSummary } {
  const cardOf = cardsOf(candidates);
  const short = Math.min(gray.width, gray.height);
  const fits: Verified[] = [];
  let answer: { named: Verified | null; verified?: FitSummary } = { named: null };
  for (const ids of groups) {
    const verdict = verifyByFeatures(query, click, ids, candidates, 0.05 * short, {
      eachReference,
      ...(limits ? { frameHeight: gray.height } : {}),
    });
    fits.push(...verdict.fits);
    fits.sort((a, b) => b.inliers - a.inliers);
    const fit = fits[0];
    if (!fit) continue;
    const other = fits.find((f) => cardOf(f.id) !== cardOf(fit.id));
    const verified = { id: fit.id, inliers: fit.inliers, otherInliers: other?.inliers ?? 0, fitted: fits.length };
    answer = { named: fitAccepts(fit.inliers, other?.inliers ?? 0, minInliers) ? fit : null, verified };
    if (done(answer)) break;
  }
  return answer;
}
