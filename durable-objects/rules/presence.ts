import { nextTurn } from "./turns";
import { bySeat, type Seat } from "./seats";

/**
 * Who is at the table, and what the room does about a seated player whose
 * sockets are all gone (issue 14). Times are epoch ms; pure, so the room's
 * alarm and the tests share them.
 *
 * - The seat is held for SEAT_GRACE_MS (then the room service gives it up).
 * - Their turn may be passed at once by any other player, and is skipped by the
 *   room after AWAY_GRACE_MS (45 s: long enough for a reload or a network
 *   blip, short enough that nobody waits at the table).
 * - A host away for AWAY_GRACE_MS hands the Host role to the next connected
 *   seated player (a leaving host hands over at once, in the room service).
 */
export const SEAT_GRACE_MS = 5 * 60_000;
export const AWAY_GRACE_MS = 45_000;
/** A waiting room nobody has been connected to for this long is closed (ROOM_IDLE_MINUTES overrides). */
export const DEFAULT_IDLE_MINUTES = 30;

export type SeatPresence = Seat & { connected: boolean; disconnectedAt: number | null };

/** Away: seated, not connected, and gone for at least `graceMs` (a member never connected has no time and is not counted). */
export const awayFor = (p: SeatPresence, now: number, graceMs: number) =>
  !p.connected && p.disconnectedAt !== null && now - p.disconnectedAt >= graceMs;

/** Anyone seated may pass the turn of a player who is not connected; otherwise only its holder or the host. */
export function mayPassTurn(actorId: string, current: string | null, hostId: string, seats: readonly SeatPresence[]): boolean {
  if (actorId === hostId || (current !== null && actorId === current)) return true;
  const holder = seats.find((s) => s.userId === current);
  return Boolean(holder && !holder.connected && seats.some((s) => s.userId === actorId));
}

/**
 * The turn after skipping away players: from the current holder if they have
 * been away past the grace, on to the next seat whose player is not; null
 * when there is nothing to skip (or everyone is away).
 */
export function turnAfterAwaySkips(seats: readonly SeatPresence[], current: string | null, now: number): string | null {
  const holder = seats.find((s) => s.userId === current);
  if (!holder || !awayFor(holder, now, AWAY_GRACE_MS)) return null;
  let next = current;
  for (let i = 0; i < seats.length; i++) {
    next = nextTurn(seats, next);
    const player = seats.find((s) => s.userId === next);
    if (!player) return null;
    if (player.userId === current) return null;
    if (!awayFor(player, now, AWAY_GRACE_MS)) return player.userId;
  }
  return null;
}

/** The next connected seated player after an away host (seat order, wrapping), or null to keep the host. */
export function hostAfterAway(seats: readonly SeatPresence[], hostId: string, now: number): string | null {
  const host = seats.find((s) => s.userId === hostId);
  if (!host || !awayFor(host, now, AWAY_GRACE_MS)) return null;
  const ordered = bySeat(seats.filter((s) => s.connected && s.userId !== hostId));
  return (ordered.find((s) => s.seat > host.seat) ?? ordered[0])?.userId ?? null;
}

/** When a seat stops being held (the page counts down to it); null while the player is connected or never was. */
export const seatHeldUntil = (p: SeatPresence): number | null =>
  p.connected || p.disconnectedAt === null ? null : p.disconnectedAt + SEAT_GRACE_MS;

/**
 * The next moment the room must look again: an away player's turn or host
 * grace ending, a held seat running out, an idle waiting room closing, a
 * failed mirror of the table to D1 to try again (even in an ended room).
 *
 * A deadline that has passed is due at once only while the sweep can act on
 * it: a held seat or an idle room always, an away host only while someone is
 * connected to take the role, an away player's turn only while someone is
 * there to take it. Otherwise it waits for the next deadline (or for a
 * connection, which asks again): a passed deadline that changes nothing is never
 * scheduled, so a room whose players all closed their tabs sleeps until its
 * seats run out instead of waking continuously.
 */
export function nextWake(input: {
  seats: readonly SeatPresence[];
  currentTurn: string | null;
  hostId: string;
  status: "waiting" | "active" | "completed";
  /** When the last socket of anyone closed, while nobody is connected; null while someone is. */
  emptySince: number | null;
  idleMs: number;
  now: number;
  /** When a failed mirror of the table to D1 is tried again (room/table-mirror.ts), ended room or not; null: none waits. */
  mirrorRetryAt?: number | null;
}): number | null {
  const { seats, now } = input;
  const times: number[] = [];
  if (input.mirrorRetryAt != null) times.push(Math.max(now, input.mirrorRetryAt));
  if (input.status === "completed") return times[0] ?? null;
  const due = (at: number, actionable: () => boolean) => {
    if (at > now) times.push(at);
    else if (actionable()) times.push(now);
  };
  for (const s of seats) {
    if (s.connected || s.disconnectedAt === null) continue;
    due(s.disconnectedAt + SEAT_GRACE_MS, () => true);
    const away = s.disconnectedAt + AWAY_GRACE_MS;
    if (s.userId === input.currentTurn && input.status === "active")
      due(away, () => turnAfterAwaySkips(seats, input.currentTurn, Math.max(now, away)) !== null);
    if (s.userId === input.hostId) due(away, () => hostAfterAway(seats, input.hostId, Math.max(now, away)) !== null);
  }
  if (input.status === "waiting" && input.emptySince !== null) due(input.emptySince + input.idleMs, () => true);
  return times.length > 0 ? Math.min(...times) : null;
}

/** ROOM_IDLE_MINUTES as ms: a positive number of minutes, else the default. */
export function idleMsFrom(value: string | undefined): number {
  const minutes = Number(value);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_IDLE_MINUTES) * 60_000;
}
