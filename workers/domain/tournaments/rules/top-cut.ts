/**
 * The top cut of Swiss pods (docs/decisions/2026-11-27-commander-pods.md), as the cEDH Competitive REL addendum
 * (Eminence, used by TopDeck.gg's events) sizes it by the field:
 * - up to 34 players: top 4, one final pod;
 * - 35-64: top 10, seeds 3-10 play two semifinal pods and the two winners join seeds 1 and 2 in the final;
 * - 65 and more: top 16, four semifinal pods (seeds 1, 5, 9, 13 / 2, 6, 10, 14 / ...) whose winners play the final.
 * A field of four or fewer has no cut (the final would be the same pod again). Cut pods are untimed, need a winner
 * (a drawn game is replayed) and are seated by seed: the best-ranked player first.
 */
import type { Pod } from "./pod-pairing";
import { seatBySeed } from "./pod-seating";

export type TopCutSize = 4 | 10 | 16;
export type CutPlacement = "winner" | "final" | "semifinal";

export function topCutSize(activePlayers: number): TopCutSize | null {
  if (activePlayers <= 4) return null;
  if (activePlayers <= 34) return 4;
  if (activePlayers <= 64) return 10;
  return 16;
}

/** A cut's size from its first round: one pod is a top 4, two a top 10, four a top 16. */
export function cutSizeFromFirstRound(pods: number): TopCutSize {
  return pods >= 4 ? 16 : pods === 2 ? 10 : 4;
}

/** Rounds the cut takes: the final alone, or semifinals and the final. */
export const topCutRounds = (size: TopCutSize) => (size === 4 ? 1 : 2);

/** Seat numbers (1-based seeds) of each semifinal pod. */
const SEMIFINALS: Record<Exclude<TopCutSize, 4>, number[][]> = {
  10: [
    [3, 6, 7, 10],
    [4, 5, 8, 9],
  ],
  16: [
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [4, 8, 12, 16],
  ],
};

function podsOf(groups: readonly (readonly string[])[], rankOf: (id: string) => number): Pod[] {
  return groups.filter((g) => g.length > 0).map((g, i) => ({ table: i + 1, seats: seatBySeed(g, rankOf) }));
}

/**
 * The cut's first round from the seeds (the active players in Swiss standings order, best first; at least
 * `size` of them).
 */
export function firstCutRound(seeds: readonly string[], size: TopCutSize): Pod[] {
  const rankOf = (id: string) => seeds.indexOf(id);
  if (size === 4) return podsOf([seeds.slice(0, 4)], rankOf);
  return podsOf(
    SEMIFINALS[size].map((pod) => pod.map((seed) => seeds[seed - 1]).filter((id): id is string => id !== undefined)),
    rankOf,
  );
}

/**
 * The cut's next round after `played` cut rounds: the final from the semifinals' winners (by table; null when a
 * pod has none), with seeds 1 and 2 in a top 10. [] once the final has been paired.
 */
export function nextCutRound(seeds: readonly string[], size: TopCutSize, played: number, winners: readonly (string | null)[]): Pod[] {
  if (played >= topCutRounds(size)) return [];
  if (played === 0) return firstCutRound(seeds, size);
  const rankOf = (id: string) => seeds.indexOf(id);
  const advancing = winners.filter((id): id is string => id !== null);
  const finalists = size === 10 ? [...seeds.slice(0, 2), ...advancing] : advancing;
  return podsOf([finalists], rankOf);
}

/**
 * How far each player went in the cut: the final's winner, the final's players, the semifinals' players.
 * `rounds` are the cut's rounds in order, each with its pods' players and winner (null while undecided).
 */
export function cutPlacements(
  size: TopCutSize,
  rounds: readonly (readonly { players: readonly (string | null)[]; winnerId: string | null }[])[],
): Map<string, CutPlacement> {
  const placements = new Map<string, CutPlacement>();
  const finalIndex = topCutRounds(size) - 1;
  rounds.forEach((pods, index) => {
    for (const pod of pods)
      for (const id of pod.players) {
        if (id === null) continue;
        if (index === finalIndex) placements.set(id, pod.winnerId === id ? "winner" : "final");
        else if (!placements.has(id)) placements.set(id, "semifinal");
      }
  });
  return placements;
}

const PLACEMENT_ORDER: Record<CutPlacement, number> = { winner: 0, final: 1, semifinal: 2 };

/**
 * Final order: the cut's winner, then the other finalists, then the semifinalists, each by Swiss standing; then
 * everyone else by Swiss standing.
 */
export function rankWithCut<T extends { userId: string }>(swiss: readonly T[], placements: ReadonlyMap<string, CutPlacement>): T[] {
  const tier = (id: string) => {
    const placement = placements.get(id);
    return placement ? PLACEMENT_ORDER[placement] : 3;
  };
  const position = new Map(swiss.map((row, i) => [row.userId, i]));
  return [...swiss].sort((a, b) => tier(a.userId) - tier(b.userId) || position.get(a.userId)! - position.get(b.userId)!);
}
