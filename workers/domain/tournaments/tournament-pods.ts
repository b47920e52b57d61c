/**
 * A tournament played in pods, read from its state (docs/decisions/2026-11-27-commander-pods.md): the Swiss pods
 * played so far, the next round's pods (Swiss or top cut), the statements that write a round of pods, and the
 * standings. The pure rules are in rules/ (pod-*.ts, top-cut.ts); the running part (start, next
 * round, finish) stays in tournament-play.ts, results and time in tournament-pod-results.ts.
 */
import type { Db } from "../../db/client";
import { tournamentMatches, tournamentPodSeats } from "../../db/schema";
import { conflict } from "../errors";
import { notificationInsert } from "../notifications";
import { guardedRoundInsert } from "./tournament-writes";
import { meetingCounts, pairPodRound, type Pod } from "./rules/pod-pairing";
import { computePodStandings, type ScoredPod } from "./rules/pod-scoring";
import type { SeatTaken } from "./rules/pod-seating";
import { MIN_POD_SIZE } from "./rules/pod-sizes";
import { round4 } from "./rules/scoring";
import { cutPlacements, cutSizeFromFirstRound, nextCutRound, rankWithCut, type CutPlacement, type TopCutSize } from "./rules/top-cut";
import { seedOrder, type MatchRow, type PodSeatRow, type TournamentCard, type TournamentState } from "./tournaments";

type PodState = Pick<TournamentState, "participants" | "rounds" | "matches" | "seats">;

/** A pod of the state: its match row, its round's stage and its seats in turn order. */
type PodOfState = { match: MatchRow; stage: "swiss" | "cut"; seats: PodSeatRow[] };

function podsOf({ rounds, matches, seats }: PodState): PodOfState[] {
  const stageOf = new Map(rounds.map((r) => [r.id, r.stage]));
  const seatsOf = new Map<string, PodSeatRow[]>();
  for (const s of seats) seatsOf.set(s.matchId, [...(seatsOf.get(s.matchId) ?? []), s]);
  return matches
    .filter((m) => seatsOf.has(m.id))
    .map((m) => ({ match: m, stage: stageOf.get(m.roundId) ?? "swiss", seats: seatsOf.get(m.id)!.sort((a, b) => a.seat - b.seat) }));
}

/** The Swiss pods with a result, as the scoring rules read them. */
function scoredSwissPods(state: PodState): ScoredPod[] {
  return podsOf(state)
    .filter((p) => p.stage === "swiss" && p.match.status === "completed" && p.seats.every((s) => s.outcome !== null))
    .map((p) => ({ seats: p.seats.map((s) => ({ userId: s.userId, seat: s.seat, outcome: s.outcome! })) }));
}

/** Swiss standings (points, OWP, later average seat, seed), every participant, best first. */
function swissStandings(state: PodState) {
  return computePodStandings(
    state.participants.map((p) => p.userId),
    scoredSwissPods(state),
    seedOrder(state.participants),
  );
}

/** The cut's rounds so far, each a list of its pods' players and winner (null while undecided). */
function cutRoundsOf(state: PodState) {
  const byRound = new Map<number, { players: (string | null)[]; winnerId: string | null }[]>();
  for (const p of podsOf(state).filter((pod) => pod.stage === "cut")) {
    const winner = p.seats.find((s) => s.outcome === "win")?.userId ?? null;
    byRound.set(p.match.roundNumber, [
      ...(byRound.get(p.match.roundNumber) ?? []),
      { players: p.seats.map((s) => s.userId), winnerId: winner },
    ]);
  }
  return [...byRound.entries()].sort(([a], [b]) => a - b).map(([, pods]) => pods);
}

const cutSizeOf = (firstRound: readonly unknown[]): TopCutSize => cutSizeFromFirstRound(firstRound.length);

/** GET standings of a tournament in pods: the top cut first (winner, finalists, semifinalists), then Swiss order. */
export function podStandingsRows(state: PodState) {
  const names = new Map(state.participants.map((p) => [p.userId, p.name]));
  const swiss = swissStandings(state);
  const cut = cutRoundsOf(state);
  const placements = cut.length > 0 ? cutPlacements(cutSizeOf(cut[0]), cut) : new Map<string, CutPlacement>();
  return rankWithCut(swiss, placements)
    .filter((row) => names.has(row.userId))
    .map((row, i) => ({
      rank: i + 1,
      userId: row.userId,
      name: names.get(row.userId)!,
      points: row.points,
      wins: row.wins,
      losses: row.losses,
      draws: row.draws,
      owp: round4(row.owp),
      averageSeat: row.averageSeat === null ? null : Math.round(row.averageSeat * 100) / 100,
      cut: placements.get(row.userId) ?? null,
    }));
}
export type PodStandingsRow = ReturnType<typeof podStandingsRows>[number];

const FEW_PLAYERS = `Fewer than ${MIN_POD_SIZE} active players are left: finish the tournament`;

/** Round 1's pods: the seeded players at random, seated at random. */
export function firstPodRound(seeded: readonly string[]): Pod[] {
  if (seeded.length < MIN_POD_SIZE) throw conflict(`At least ${MIN_POD_SIZE} participants are needed to start a tournament in pods`);
  return pairPodRound({ players: seeded.map((id) => ({ id, points: 0 })), meetings: new Map(), seatHistory: new Map(), firstRound: true });
}

/** The next Swiss round's pods from the standings, the meetings and the seats so far. */
export function nextSwissPods(state: PodState): Pod[] {
  const dropped = new Set(state.participants.filter((p) => p.dropped).map((p) => p.userId));
  const active = swissStandings(state).filter((s) => !dropped.has(s.userId));
  if (active.length < MIN_POD_SIZE) throw conflict(FEW_PLAYERS);
  const played = podsOf(state).filter((p) => p.stage === "swiss");
  const seatHistory = new Map<string, SeatTaken[]>();
  for (const p of played)
    for (const s of p.seats)
      if (s.userId) seatHistory.set(s.userId, [...(seatHistory.get(s.userId) ?? []), { seat: s.seat, size: p.seats.length }]);
  return pairPodRound({
    players: active.map((s) => ({ id: s.userId, points: s.points })),
    meetings: meetingCounts(played.map((p) => p.seats.map((s) => s.userId))),
    seatHistory,
    firstRound: false,
  });
}

/** The seeds of the cut: the active players in Swiss standings order. */
function cutSeeds(state: PodState): string[] {
  const dropped = new Set(state.participants.filter((p) => p.dropped).map((p) => p.userId));
  return swissStandings(state)
    .filter((s) => !dropped.has(s.userId))
    .map((s) => s.userId);
}

/** The cut's next round (its first when `size` is given), or [] once the final has been paired. */
export function nextCutPods(state: PodState, size?: TopCutSize): Pod[] {
  const cut = cutRoundsOf(state);
  const seeds = cutSeeds(state);
  const cutSize = size ?? (cut.length > 0 ? cutSizeOf(cut[0]) : null);
  if (!cutSize) return [];
  if (cut.length === 0 && seeds.length <= cutSize) throw conflict(`A top ${cutSize} needs more than ${cutSize} active players`);
  const last = cut[cut.length - 1] ?? [];
  return nextCutRound(
    seeds,
    cutSize,
    cut.length,
    last.map((pod) => pod.winnerId),
  );
}

/** Statements that write one round of pods: the round (guarded), a match row per pod, the seats, the players' notices. */
export function podRoundStatements(
  db: Db,
  tournament: Pick<TournamentCard, "id" | "name">,
  number: number,
  pods: readonly Pod[],
  names: ReadonlyMap<string, string>,
  options: { stage: "swiss" | "cut"; endsAt: number | null },
) {
  const roundId = crypto.randomUUID();
  const insertRound = guardedRoundInsert(db, tournament.id, roundId, number, options);
  const withIds = pods.map((pod) => ({ ...pod, id: crypto.randomUUID() }));
  const matchInserts = withIds.map((pod) =>
    db.insert(tournamentMatches).values({
      id: pod.id,
      tournamentId: tournament.id,
      roundId,
      roundNumber: number,
      tableNumber: pod.table,
      player1Id: null,
      player2Id: null,
    }),
  );
  const seatRows = withIds.flatMap((pod) =>
    pod.seats.map((userId, i) => ({ matchId: pod.id, seat: i + 1, tournamentId: tournament.id, roundNumber: number, userId })),
  );
  const seatInsert = seatRows.length > 0 ? [db.insert(tournamentPodSeats).values(seatRows)] : [];
  const actionUrl = `/tournaments/${tournament.id}`;
  const title = options.stage === "cut" ? `Top cut, round ${number}: ${tournament.name}` : `Round ${number} pods: ${tournament.name}`;
  const notifications = withIds.flatMap((pod) =>
    pod.seats.map((userId, i) =>
      notificationInsert(db, {
        userId,
        type: "tournament",
        title,
        message: `You are in pod ${pod.table}, seat ${i + 1} of ${pod.seats.length}. Turn order: ${pod.seats.map((id) => names.get(id) ?? "a player").join(", ")}.`,
        actionUrl,
      }),
    ),
  );
  return [insertRound, ...matchInserts, ...seatInsert, ...notifications] as const;
}
