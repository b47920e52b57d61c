import { cryptoRandom, shuffled, type RandomSource } from "./random";

/** An active (not dropped) player, as the pairing needs them. */
export type SwissPlayer = { id: string; matchPoints: number; hadBye: boolean };

/** One table of a round; `player2Id` null is a bye. */
export type Pairing = { player1Id: string; player2Id: string | null };

export type SwissRoundInput = {
  /** Active players in standings order, best first (dropped players are left out by the caller). */
  players: readonly SwissPlayer[];
  /** Who met whom in earlier rounds (both directions). */
  previousOpponents: ReadonlyMap<string, ReadonlySet<string>>;
  /** Round 1 is paired at random, ignoring points. */
  firstRound: boolean;
  random?: RandomSource;
  /** Upper bound on backtracking steps before rematches are allowed (keeps worst cases bounded). */
  stepBudget?: number;
};

/** Round 1: a random order, neighbours play, the last player of an odd field gets the bye. */
function pairRandomly(players: readonly SwissPlayer[], random: RandomSource): Pairing[] {
  const order = shuffled(players, random);
  const pairings: Pairing[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) pairings.push({ player1Id: order[i].id, player2Id: order[i + 1].id });
  if (order.length % 2 === 1) pairings.push({ player1Id: order[order.length - 1].id, player2Id: null });
  return pairings;
}

/** Standings order with each score group shuffled, so equal players do not always meet the same way. */
function pairingOrder(players: readonly SwissPlayer[], random: RandomSource): SwissPlayer[] {
  const groups = new Map<number, SwissPlayer[]>();
  for (const p of players) groups.set(p.matchPoints, [...(groups.get(p.matchPoints) ?? []), p]);
  return [...groups.keys()].sort((a, b) => b - a).flatMap((points) => shuffled(groups.get(points)!, random));
}

/**
 * Pairs `order` completely without rematches, preferring the pairing that keeps
 * score groups together: it minimises the total match-point gap across tables,
 * so a player pairs down only when their group cannot be paired among itself.
 * The search goes top down (highest unpaired player first, partners in order),
 * so the first complete pairing is the usual greedy one; branch-and-bound then
 * looks for a cheaper one and stops at a perfect (gap 0) pairing or when the
 * step budget runs out, returning the best found. Null when none exists within
 * the budget.
 */
function pairWithoutRematches(
  order: readonly SwissPlayer[],
  met: (a: string, b: string) => boolean,
  budget: { steps: number },
): Pairing[] | null {
  let best: { gap: number; pairs: Pairing[] } | null = null;
  const pairs: Pairing[] = [];
  // Who is paired on the current branch: the search walks `order` skipping them, which visits the players in the
  // same order as copying the unpaired ones at every step did, without a copy per step (up to `budget` of them).
  const paired = new Array<boolean>(order.length).fill(false);
  /** Returns true when the search should stop (perfect pairing found, or out of budget). */
  const search = (unpaired: number, gap: number): boolean => {
    if (best && gap >= best.gap) return false;
    if (unpaired === 0) {
      best = { gap, pairs: [...pairs] };
      return gap === 0;
    }
    const i = paired.indexOf(false);
    const first = order[i];
    paired[i] = true;
    let stop = false;
    for (let j = i + 1; j < order.length && !stop; j++) {
      if (paired[j]) continue;
      if (--budget.steps < 0) {
        stop = true;
        break;
      }
      const partner = order[j];
      if (met(first.id, partner.id)) continue;
      paired[j] = true;
      pairs.push({ player1Id: first.id, player2Id: partner.id });
      stop = search(unpaired - 2, gap + Math.abs(first.matchPoints - partner.matchPoints));
      pairs.pop();
      paired[j] = false;
    }
    paired[i] = false;
    return stop;
  };
  search(order.length, 0);
  return (best as { pairs: Pairing[] } | null)?.pairs ?? null;
}

/**
 * Pairs one Swiss round (MTR-style): round 1 at random; later rounds within
 * score groups, pairing down when a group is odd, never a rematch when another
 * complete pairing exists. With an odd field the bye goes to the lowest-ranked
 * player who has not had one (the next lowest when that leaves no rematch-free
 * pairing); nobody gets a second bye while someone is still without one.
 */
export function pairSwissRound(input: SwissRoundInput): Pairing[] {
  const random = input.random ?? cryptoRandom;
  const { players } = input;
  if (players.length < 2) return players.map((p) => ({ player1Id: p.id, player2Id: null }));
  if (input.firstRound) return pairRandomly(players, random);

  const met = (a: string, b: string) => input.previousOpponents.get(a)?.has(b) ?? false;
  const budget = { steps: input.stepBudget ?? 200_000 };
  const order = pairingOrder(players, random);

  if (players.length % 2 === 0) {
    return pairWithoutRematches(order, met, budget) ?? pairWithoutRematches(order, () => false, { steps: Infinity })!;
  }

  const lowestFirst = [...players].reverse();
  const withoutBye = lowestFirst.filter((p) => !p.hadBye);
  const byeCandidates = withoutBye.length > 0 ? withoutBye : lowestFirst;
  for (const candidate of byeCandidates) {
    const rest = order.filter((p) => p.id !== candidate.id);
    const paired = pairWithoutRematches(rest, met, budget);
    if (paired) return [...paired, { player1Id: candidate.id, player2Id: null }];
  }
  // Every rematch-free pairing is exhausted (tiny fields, many rounds): allow rematches, keep the bye rule.
  const candidate = byeCandidates[0];
  const rest = order.filter((p) => p.id !== candidate.id);
  return [...pairWithoutRematches(rest, () => false, { steps: Infinity })!, { player1Id: candidate.id, player2Id: null }];
}
