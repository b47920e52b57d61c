import { describe, expect, it } from "vitest";
import {
  AWAY_GRACE_MS,
  DEFAULT_IDLE_MINUTES,
  SEAT_GRACE_MS,
  hostAfterAway,
  idleMsFrom,
  mayPassTurn,
  nextWake,
  seatHeldUntil,
  turnAfterAwaySkips,
  type SeatPresence,
} from "./presence";

const now = 1_000_000_000;
const here = (userId: string, seat: number): SeatPresence => ({ userId, seat, connected: true, disconnectedAt: null });
const gone = (userId: string, seat: number, agoMs: number): SeatPresence => ({
  userId,
  seat,
  connected: false,
  disconnectedAt: now - agoMs,
});

describe("passing a disconnected player's turn", () => {
  it("any seated player may pass it; a connected holder's turn stays theirs and the host's", () => {
    const seats = [here("a", 1), gone("b", 2, 1000), here("c", 3)];
    expect(mayPassTurn("c", "b", "a", seats)).toBe(true);
    expect(mayPassTurn("c", "a", "a", [here("a", 1), here("c", 3)])).toBe(false);
    expect(mayPassTurn("a", "c", "a", seats)).toBe(true);
    expect(mayPassTurn("spectator", "b", "a", seats)).toBe(false);
  });

  it(`is skipped by the room after ${AWAY_GRACE_MS / 1000} s, past every other away player`, () => {
    expect(turnAfterAwaySkips([here("a", 1), gone("b", 2, AWAY_GRACE_MS - 1), here("c", 3)], "b", now)).toBeNull();
    expect(turnAfterAwaySkips([here("a", 1), gone("b", 2, AWAY_GRACE_MS), here("c", 3)], "b", now)).toBe("c");
    expect(turnAfterAwaySkips([here("a", 1), gone("b", 2, AWAY_GRACE_MS), gone("c", 3, AWAY_GRACE_MS)], "b", now)).toBe("a");
    expect(turnAfterAwaySkips([gone("a", 1, AWAY_GRACE_MS), gone("b", 2, AWAY_GRACE_MS)], "b", now)).toBeNull();
    expect(turnAfterAwaySkips([here("a", 1), here("b", 2)], "b", now)).toBeNull();
  });
});

describe("host hand-over", () => {
  it("goes to the next connected seated player after the grace, wrapping", () => {
    const seats = [gone("a", 1, AWAY_GRACE_MS), gone("b", 2, 10), here("c", 3)];
    expect(hostAfterAway(seats, "a", now)).toBe("c");
    expect(hostAfterAway([here("a", 1), here("b", 2), gone("c", 3, AWAY_GRACE_MS)], "c", now)).toBe("a");
    expect(hostAfterAway([gone("a", 1, AWAY_GRACE_MS - 1), here("b", 2)], "a", now)).toBeNull();
    expect(hostAfterAway([gone("a", 1, AWAY_GRACE_MS)], "a", now)).toBeNull();
  });
});

describe("seat countdown and the room's alarm", () => {
  it("holds a seat for five minutes from the drop", () => {
    expect(seatHeldUntil(gone("a", 1, 1000))).toBe(now - 1000 + SEAT_GRACE_MS);
    expect(seatHeldUntil(here("a", 1))).toBeNull();
  });

  it("wakes for the earliest grace or idle deadline, never for a completed room", () => {
    const base = { hostId: "a", currentTurn: "b", status: "active" as const, emptySince: null, idleMs: 60_000, now };
    expect(nextWake({ ...base, seats: [here("a", 1), gone("b", 2, 0)] })).toBe(now + AWAY_GRACE_MS);
    expect(nextWake({ ...base, seats: [here("a", 1), gone("c", 3, 0)] })).toBe(now + SEAT_GRACE_MS);
    expect(nextWake({ ...base, seats: [here("a", 1)] })).toBeNull();
    expect(nextWake({ ...base, status: "waiting", currentTurn: null, seats: [gone("a", 1, 0)], emptySince: now })).toBe(
      now + AWAY_GRACE_MS,
    );
    expect(nextWake({ ...base, status: "waiting", seats: [], emptySince: now })).toBe(now + 60_000);
    expect(nextWake({ ...base, status: "completed", seats: [gone("a", 1, 0)] })).toBeNull();
  });

  it("wakes to try a failed mirror of the table again, an ended room too, at once when its time has passed", () => {
    const base = { hostId: "a", currentTurn: "b", status: "active" as const, emptySince: null, idleMs: 60_000, now, seats: [here("a", 1)] };
    expect(nextWake({ ...base, mirrorRetryAt: now + 2000 })).toBe(now + 2000);
    expect(nextWake({ ...base, status: "completed", mirrorRetryAt: now + 2000 })).toBe(now + 2000);
    expect(nextWake({ ...base, status: "completed", mirrorRetryAt: now - 5 })).toBe(now);
    // The earlier of a grace deadline and the retry.
    expect(nextWake({ ...base, seats: [here("a", 1), gone("b", 2, 0)], mirrorRetryAt: now + AWAY_GRACE_MS + 1 })).toBe(now + AWAY_GRACE_MS);
    expect(nextWake({ ...base, mirrorRetryAt: null })).toBeNull();
  });

  it("never schedules a passed deadline the sweep cannot act on: everyone away sleeps until the seats run out", () => {
    const base = { hostId: "a", currentTurn: "b", status: "active" as const, emptySince: null, idleMs: 30 * 60_000, now };
    const allAway = [gone("a", 1, AWAY_GRACE_MS + 1000), gone("b", 2, AWAY_GRACE_MS + 1000), gone("c", 3, AWAY_GRACE_MS + 1000)];
    // The host's and the turn holder's away grace have passed, but nobody is connected to take either over.
    expect(nextWake({ ...base, seats: allAway })).toBe(now - AWAY_GRACE_MS - 1000 + SEAT_GRACE_MS);
    expect(nextWake({ ...base, status: "waiting", currentTurn: null, seats: allAway })).toBe(now - AWAY_GRACE_MS - 1000 + SEAT_GRACE_MS);
    // Someone is connected again: the passed deadlines are due at once.
    const oneBack = [gone("a", 1, AWAY_GRACE_MS + 1000), gone("b", 2, AWAY_GRACE_MS + 1000), here("c", 3)];
    expect(nextWake({ ...base, seats: oneBack })).toBe(now);
    // A held seat that ran out is always due (the sweep gives it up).
    expect(nextWake({ ...base, seats: [gone("a", 1, SEAT_GRACE_MS + 1)] })).toBe(now);
    // An idle waiting room past its time is due (the sweep closes it).
    expect(nextWake({ ...base, status: "waiting", currentTurn: null, seats: [], emptySince: now - base.idleMs })).toBe(now);
  });

  it("reads ROOM_IDLE_MINUTES, falling back to 30", () => {
    expect(idleMsFrom("5")).toBe(5 * 60_000);
    expect(idleMsFrom(undefined)).toBe(DEFAULT_IDLE_MINUTES * 60_000);
    expect(idleMsFrom("-1")).toBe(DEFAULT_IDLE_MINUTES * 60_000);
    expect(idleMsFrom("abc")).toBe(DEFAULT_IDLE_MINUTES * 60_000);
  });
});
