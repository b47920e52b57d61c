/**
 * Points and tiebreakers of Swiss pods (docs/decisions/2026-11-27-commander-pods.md). Pure, unit-tested beside it.
 *
 * - Points: 5 for a win, 1 for a draw, 0 for a loss: the cEDH standard (TopDeck.gg's guidelines, the Eminence
 *   Competitive REL addendum). A win in a pod beats three players, so it is worth five draws, not three.
 * - A draw is shared by the players still in the game when it ended; players eliminated before lose.
 * - Ties: opponents' win rate (OWP, as TopDeck.gg ranks: the average, over every opponent of every game, of that
 *   opponent's games won / games played; no floor), then the later average seat (who had to win from further back
 *   in turn order ranks first), then the caller's order (seed).
 */

export const POD_POINTS = { win: 5, draw: 1, loss: 0 } as const;
export type PodOutcome = keyof typeof POD_POINTS;

/** A pod with its result: each seat's player (null once the account is gone), seat number and outcome. */
export type ScoredPod = { seats: readonly { userId: string | null; seat: number; outcome: PodOutcome }[] };

export type PodRecord = {
  userId: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  games: number;
  /** Opponents in the games played, once per game shared. */
  opponents: string[];
  /** The seats taken, in the order of the games. */
  seats: number[];
};

export type PodStandingRow = PodRecord & {
  rank: number;
  winRate: number;
  owp: number;
  /** Average seat number (1 = first in turn order), null before a game. */
  averageSeat: number | null;
};

function emptyRecord(userId: string): PodRecord {
  return { userId, points: 0, wins: 0, losses: 0, draws: 0, games: 0, opponents: [], seats: [] };
}

export function podRecords(playerIds: readonly string[], pods: readonly ScoredPod[]): Map<string, PodRecord> {
  const records = new Map(playerIds.map((id) => [id, emptyRecord(id)]));
  for (const pod of pods) {
    const present = pod.seats.filter((s): s is typeof s & { userId: string } => s.userId !== null);
    for (const s of present) {
      let r = records.get(s.userId);
      if (!r) records.set(s.userId, (r = emptyRecord(s.userId)));
      r.games += 1;
      r.points += POD_POINTS[s.outcome];
      if (s.outcome === "win") r.wins += 1;
      else if (s.outcome === "draw") r.draws += 1;
      else r.losses += 1;
      r.seats.push(s.seat);
      for (const o of present) if (o.userId !== s.userId) r.opponents.push(o.userId);
    }
  }
  return records;
}

export const winRate = (r: Pick<PodRecord, "wins" | "games">) => (r.games === 0 ? 0 : r.wins / r.games);

const average = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/**
 * Standings: points, then OWP, then the later average seat, then `tieBreak` (the caller's seed order).
 * `pods` are the Swiss pods with a result (the top cut does not score points).
 */
export function computePodStandings(
  playerIds: readonly string[],
  pods: readonly ScoredPod[],
  tieBreak: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): PodStandingRow[] {
  const records = podRecords(playerIds, pods);
  const rates = new Map([...records.values()].map((r) => [r.userId, winRate(r)]));
  const rows: PodStandingRow[] = [...records.values()].map((r) => ({
    ...r,
    rank: 0,
    winRate: rates.get(r.userId)!,
    owp: average(r.opponents.map((o) => rates.get(o) ?? 0)),
    averageSeat: r.seats.length === 0 ? null : average(r.seats),
  }));
  rows.sort((a, b) => b.points - a.points || b.owp - a.owp || (b.averageSeat ?? 0) - (a.averageSeat ?? 0) || tieBreak(a.userId, b.userId));
  rows.forEach((row, i) => (row.rank = i + 1));
  return rows;
}

/**
 * Each seat's outcome from a pod's result: the winner wins and the rest lose; a draw is shared by `drawIds`
 * (the players still in the game) and the others lose.
 */
export function outcomesOf(
  result: { outcome: "win"; winnerId: string } | { outcome: "draw"; drawIds: readonly string[] },
  players: readonly (string | null)[],
): PodOutcome[] {
  return players.map((id) => {
    if (result.outcome === "win") return id !== null && id === result.winnerId ? "win" : "loss";
    return id !== null && result.drawIds.includes(id) ? "draw" : "loss";
  });
}
