import { describe, expect, it } from "vitest";
import type { StoredMember } from "./room-sqlite";
import { memberFixture } from "./member-fixture";
import { SEAT_GRACE_MS } from "../rules/presence";
import { idleCloseDue, seatsToGiveUp } from "./sweep-plan";

const now = 1_700_000_000_000;
const member = (userId: string, role: StoredMember["role"], disconnectedAt: number | null): StoredMember =>
  memberFixture(userId, { role, seat: role === "player" ? 1 : null, joinedAt: 0, disconnectedAt });

describe("seatsToGiveUp", () => {
  it("is the seated players gone for the whole grace and not back", () => {
    const members = [
      member("long-gone", "player", now - SEAT_GRACE_MS),
      member("just-gone", "player", now - SEAT_GRACE_MS + 1),
      member("here", "player", null),
      member("back", "player", now - 2 * SEAT_GRACE_MS),
      member("watcher", "spectator", now - 2 * SEAT_GRACE_MS),
    ];
    expect(seatsToGiveUp(members, new Set(["back"]), now).map((m) => m.userId)).toEqual(["long-gone"]);
  });
});

describe("idleCloseDue", () => {
  const idleMs = 30 * 60_000;
  it("closes a waiting room empty for the idle time", () => {
    expect(idleCloseDue({ status: "waiting", emptySince: now - idleMs }, 0, now, idleMs)).toBe(true);
  });
  it("keeps rooms that are in play, occupied, not empty long enough, or never empty", () => {
    expect(idleCloseDue({ status: "active", emptySince: now - idleMs }, 0, now, idleMs)).toBe(false);
    expect(idleCloseDue({ status: "waiting", emptySince: now - idleMs }, 1, now, idleMs)).toBe(false);
    expect(idleCloseDue({ status: "waiting", emptySince: now - idleMs + 1 }, 0, now, idleMs)).toBe(false);
    expect(idleCloseDue({ status: "waiting", emptySince: null }, 0, now, idleMs)).toBe(false);
    expect(idleCloseDue({ status: "waiting" }, 0, now, idleMs)).toBe(false);
  });
});
