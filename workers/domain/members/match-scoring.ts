/**
 * Match scoring: how well a candidate's saved matchmaking preferences fit a
 * searcher's. Pure and deterministic (the clock is a parameter), so the
 * ordering rules are unit-tested by hand in match-scoring.test.ts.
 *
 * Weights (they add up to 100; see docs/decisions/2026-11-22-match-scoring.md):
 *
 * | factor        | points | full points when                                  |
 * |---------------|--------|---------------------------------------------------|
 * | games         | 30     | the candidate plays every game the searcher chose |
 * | formats       | 20     | ... and every format (no formats on a side: 10)   |
 * | power range   | 20     | the candidate's range covers the searcher's range |
 * | playstyle     | 10     | same playstyle ('any' on a side: 7, neighbour: 4) |
 * | availability  | 5      | same window ('any' on a side: 3)                  |
 * | language      | 5      | same language                                     |
 * | place         | 5      | online-only search: candidate online now;         |
 * |               |        | otherwise same location (same region: 3)          |
 * | recency       | 5      | active in the last 15 min (day 4, week 2, month 1)|
 * |               |        | (hidden online status: at most 4)                 |
 *
 * Power for two members who both play a Commander format is compared in Commander Brackets: each 1-10 range
 * becomes the brackets it covers (workers/contract/brackets.ts, two levels a bracket), so 5-6 and 6-7 are both
 * "Upgraded" and fit fully, as two bracket-3 players do at a table.
 *
 * Games, formats and power are proportional; the rest are steps. The total is
 * rounded to an integer in 0..100. Ties are broken by the most recent activity,
 * then by id, so the same inputs always give the same order.
 */
import { bracketRange, isCommanderFormat } from "../../contract/brackets";
import { formatLabel } from "../../contract/matchmaking";

export const SCORE_WEIGHTS = {
  games: 30,
  formats: 20,
  power: 20,
  playstyle: 10,
  availability: 5,
  language: 5,
  place: 5,
  recency: 5,
} as const;

/** A member counts as online when active this recently and not set to offline. */
export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

/** Online = not set to offline and active within ONLINE_WINDOW_MS (activity is written every 5 min). */
export function isMemberOnline(status: string, lastActiveAt: number, now: number): boolean {
  return status !== "offline" && now - lastActiveAt <= ONLINE_WINDOW_MS;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** The preference fields both sides are compared on (plain strings: stored rows are not re-parsed). */
type ComparedPreferences = {
  selectedGames: readonly string[];
  selectedFormats: readonly string[];
  powerLevelMin: number;
  powerLevelMax: number;
  playstyle: string;
  location: string;
  availability: string;
  language: string;
};

/**
 * A candidate: their saved preferences plus their activity. `hidesOnlineStatus`
 * (privacy setting) keeps the score from telling "online now" apart from
 * "active today".
 */
export type ScoringCandidate = ComparedPreferences & { id: string; lastActiveAt: number; isOnline: boolean; hidesOnlineStatus?: boolean };

/** The searcher's preferences (the find-players body). */
export type ScoringSearch = ComparedPreferences & { onlineOnly: boolean };

export type MatchScore = { score: number; commonInterests: string[] };

/** Playstyles on a ladder: neighbours (casual-focused) still get some points. */
const PLAYSTYLE_LADDER = ["casual", "focused", "optimized", "competitive"];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Lower-cased, whitespace-collapsed location; its last comma part is the region. */
function normalizeLocation(location: string): { full: string; region: string } {
  const full = location.trim().toLowerCase().replace(/\s+/g, " ");
  const parts = full
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return { full, region: parts.length > 1 ? parts[parts.length - 1] : "" };
}

function recencyPoints(lastActiveAt: number, now: number, hidesOnlineStatus: boolean): number {
  const age = now - lastActiveAt;
  if (age <= ONLINE_WINDOW_MS && !hidesOnlineStatus) return SCORE_WEIGHTS.recency;
  if (age <= DAY) return 4;
  if (age <= 7 * DAY) return 2;
  if (age <= 30 * DAY) return 1;
  return 0;
}

/** Scores one candidate against the searcher's preferences (0..100) and names what matched. */
export function scoreMatch(search: ScoringSearch, candidate: ScoringCandidate, now: number): MatchScore {
  const interests: string[] = [];
  let points = 0;

  // Games: share of the searcher's games the candidate also plays.
  const sharedGames = search.selectedGames.filter((g) => candidate.selectedGames.includes(g));
  if (search.selectedGames.length > 0) points += (SCORE_WEIGHTS.games * sharedGames.length) / search.selectedGames.length;
  interests.push(...sharedGames);

  // Formats: share of the searcher's formats; "no format chosen" means open to any, half points.
  if (search.selectedFormats.length === 0 || candidate.selectedFormats.length === 0) {
    points += SCORE_WEIGHTS.formats / 2;
  } else {
    const sharedFormats = search.selectedFormats.filter((f) => candidate.selectedFormats.includes(f));
    points += (SCORE_WEIGHTS.formats * sharedFormats.length) / search.selectedFormats.length;
    interests.push(...sharedFormats.map(formatLabel));
  }

  // Power: how much of the searcher's range the candidate's range covers (inclusive brackets or levels).
  const sharesCommander = search.selectedFormats.some((f) => isCommanderFormat(f) && candidate.selectedFormats.includes(f));
  if (sharesCommander) {
    const [mineLow, mineHigh] = bracketRange(search.powerLevelMin, search.powerLevelMax);
    const [theirsLow, theirsHigh] = bracketRange(candidate.powerLevelMin, candidate.powerLevelMax);
    const low = Math.max(mineLow, theirsLow);
    const high = Math.min(mineHigh, theirsHigh);
    if (low <= high) points += (SCORE_WEIGHTS.power * (high - low + 1)) / (mineHigh - mineLow + 1);
  }
  // The shared levels are named either way: they are what each member set on the 1-10 slider.
  const overlapLow = Math.max(search.powerLevelMin, candidate.powerLevelMin);
  const overlapHigh = Math.min(search.powerLevelMax, candidate.powerLevelMax);
  if (overlapLow <= overlapHigh) {
    const searchWidth = search.powerLevelMax - search.powerLevelMin + 1;
    if (!sharesCommander) points += (SCORE_WEIGHTS.power * (overlapHigh - overlapLow + 1)) / searchWidth;
    interests.push(overlapLow === overlapHigh ? `Power level ${overlapLow}` : `Power level ${overlapLow}-${overlapHigh}`);
  }

  // Playstyle: same > either open ('any') > neighbours on the ladder > far apart.
  if (search.playstyle === candidate.playstyle) {
    points += SCORE_WEIGHTS.playstyle;
    if (search.playstyle !== "any") interests.push(`${capitalize(search.playstyle)} playstyle`);
  } else if (search.playstyle === "any" || candidate.playstyle === "any") {
    points += 7;
  } else if (Math.abs(PLAYSTYLE_LADDER.indexOf(search.playstyle) - PLAYSTYLE_LADDER.indexOf(candidate.playstyle)) === 1) {
    points += 4;
  }

  // Availability: same window, or either side available any time.
  if (search.availability === candidate.availability) {
    points += SCORE_WEIGHTS.availability;
    if (search.availability !== "any") interests.push(`Available ${search.availability.replace(/-/g, " ")}`);
  } else if (search.availability === "any" || candidate.availability === "any") {
    points += 3;
  }

  if (search.language === candidate.language) {
    points += SCORE_WEIGHTS.language;
    interests.push(capitalize(search.language));
  }

  // Place: an online-only search values being online now; otherwise playing nearby.
  if (search.onlineOnly) {
    if (candidate.isOnline) {
      points += SCORE_WEIGHTS.place;
      interests.push("Online now");
    }
  } else {
    const mine = normalizeLocation(search.location);
    const theirs = normalizeLocation(candidate.location);
    if (mine.full && mine.full === theirs.full) {
      points += SCORE_WEIGHTS.place;
      interests.push(`Near ${candidate.location.trim()}`);
    } else if (mine.region && mine.region === theirs.region) {
      points += 3;
      interests.push(`Same region (${capitalize(mine.region)})`);
    }
  }

  points += recencyPoints(candidate.lastActiveAt, now, candidate.hidesOnlineStatus ?? false);

  return { score: Math.max(0, Math.min(100, Math.round(points))), commonInterests: interests };
}

/**
 * Scores every candidate and returns the best `limit`, best first. Ties: more
 * recently active first, then by id (stable and deterministic).
 */
export function rankCandidates<C extends ScoringCandidate>(
  search: ScoringSearch,
  candidates: C[],
  now: number,
  limit: number,
): Array<C & MatchScore> {
  return candidates
    .map((c) => ({ ...c, ...scoreMatch(search, c, now) }))
    .sort((a, b) => b.score - a.score || b.lastActiveAt - a.lastActiveAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
}
