/**
 * Match points, game points and the four tiebreakers of the Magic Tournament
 * Rules, Appendix C. Pure: no I/O, so every rule is unit-tested beside it.
 */

/** One reported match in player1's orientation; `player2Id` null is a bye. */
export type ScoredMatch = {
  round: number;
  player1Id: string;
  player2Id: string | null;
  player1Wins: number;
  player2Wins: number;
  draws: number;
};

/** The floor of MW% and GW%: limits how much a weak opponent drags a tiebreaker down. */
export const PERCENTAGE_FLOOR = 0.33;

/** A bye counts as a 2-0 match win (MTR Appendix C). */
export const BYE_GAME_WINS = 2;

export type PlayerRecord = {
  userId: string;
  matchPoints: number;
  gamePoints: number;
  wins: number;
  losses: number;
  draws: number;
  roundsPlayed: number;
  gamesPlayed: number;
  /** Opponents met in played (non-bye) matches, once per match. */
  opponents: string[];
  byes: number;
};

export type StandingRow = PlayerRecord & {
  rank: number;
  mw: number;
  gw: number;
  omw: number;
  ogw: number;
};

export function matchPointsFor(wins: number, draws: number): number {
  return wins * 3 + draws;
}

export function gamePointsFor(gamesWon: number, gamesDrawn: number): number {
  return gamesWon * 3 + gamesDrawn;
}

/** Match points over 3 per round played, floored at 0.33 (0 rounds → the floor). */
export function matchWinPercentage(matchPoints: number, roundsPlayed: number): number {
  if (roundsPlayed <= 0) return PERCENTAGE_FLOOR;
  return Math.max(PERCENTAGE_FLOOR, matchPoints / (3 * roundsPlayed));
}

/** Game points over 3 per game played, floored at 0.33. */
export function gameWinPercentage(gamePoints: number, gamesPlayed: number): number {
  if (gamesPlayed <= 0) return PERCENTAGE_FLOOR;
  return Math.max(PERCENTAGE_FLOOR, gamePoints / (3 * gamesPlayed));
}

function emptyRecord(userId: string): PlayerRecord {
  return { userId, matchPoints: 0, gamePoints: 0, wins: 0, losses: 0, draws: 0, roundsPlayed: 0, gamesPlayed: 0, opponents: [], byes: 0 };
}

function addSide(record: PlayerRecord, own: number, other: number, drawnGames: number) {
  record.roundsPlayed += 1;
  record.gamesPlayed += own + other + drawnGames;
  record.gamePoints += gamePointsFor(own, drawnGames);
  if (own > other) {
    record.wins += 1;
    record.matchPoints += 3;
  } else if (own < other) {
    record.losses += 1;
  } else {
    record.draws += 1;
    record.matchPoints += 1;
  }
}

/** Each player's record from the reported matches (byes count as 2-0 wins). */
export function playerRecords(playerIds: readonly string[], matches: readonly ScoredMatch[]): Map<string, PlayerRecord> {
  const records = new Map(playerIds.map((id) => [id, emptyRecord(id)]));
  const recordOf = (id: string) => {
    let r = records.get(id);
    if (!r) records.set(id, (r = emptyRecord(id)));
    return r;
  };
  for (const m of matches) {
    const p1 = recordOf(m.player1Id);
    if (m.player2Id === null) {
      addSide(p1, BYE_GAME_WINS, 0, 0);
      p1.byes += 1;
      continue;
    }
    const p2 = recordOf(m.player2Id);
    addSide(p1, m.player1Wins, m.player2Wins, m.draws);
    addSide(p2, m.player2Wins, m.player1Wins, m.draws);
    p1.opponents.push(p2.userId);
    p2.opponents.push(p1.userId);
  }
  return records;
}

function average(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * Standings ranked by match points, then OMW%, GW%, OGW% (MTR 3.1). OMW% and
 * OGW% average the opponents' floored percentages over the matches actually
 * played: a bye has no opponent, so it adds nothing. A player with no opponent
 * yet has 0 for both. `tieBreak` orders players still tied (e.g. by seed).
 */
export function computeStandings(
  playerIds: readonly string[],
  matches: readonly ScoredMatch[],
  tieBreak: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): StandingRow[] {
  const records = playerRecords(playerIds, matches);
  const mw = new Map<string, number>();
  const gw = new Map<string, number>();
  for (const r of records.values()) {
    mw.set(r.userId, matchWinPercentage(r.matchPoints, r.roundsPlayed));
    gw.set(r.userId, gameWinPercentage(r.gamePoints, r.gamesPlayed));
  }
  const rows = [...records.values()].map((r) => ({
    ...r,
    rank: 0,
    mw: mw.get(r.userId)!,
    gw: gw.get(r.userId)!,
    omw: average(r.opponents.map((o) => mw.get(o)!)),
    ogw: average(r.opponents.map((o) => gw.get(o)!)),
  }));
  rows.sort((a, b) => b.matchPoints - a.matchPoints || b.omw - a.omw || b.gw - a.gw || b.ogw - a.ogw || tieBreak(a.userId, b.userId));
  rows.forEach((row, i) => (row.rank = i + 1));
  return rows;
}
