import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideSeat, type SeatCounts, type SeatLimits } from "./event-seats";

const pod: SeatLimits = { type: "game_pod", playerSlots: 4, alternateSlots: 2, maxAttendees: null };
const counts = (mainPlayers: number, alternates: number, spectators = 0): SeatCounts => ({
  mainPlayers,
  alternates,
  attendeeCount: mainPlayers + alternates + spectators,
});

describe("decideSeat", () => {
  it("gives a main seat while one is free, then an alternate seat, then nothing", () => {
    expect(decideSeat("participant", counts(0, 0), pod)).toEqual({ role: "participant", playerType: "main" });
    expect(decideSeat("participant", counts(3, 0), pod)).toEqual({ role: "participant", playerType: "main" });
    expect(decideSeat("participant", counts(4, 0), pod)).toEqual({ role: "participant", playerType: "alternate" });
    expect(decideSeat("participant", counts(4, 1), pod)).toEqual({ role: "participant", playerType: "alternate" });
    expect(decideSeat("participant", counts(4, 2), pod)).toBeNull();
  });

  it("has no waiting list when alternateSlots is 0", () => {
    expect(decideSeat("participant", counts(4, 0), { ...pod, alternateSlots: 0 })).toBeNull();
  });

  it("accepts spectators up to maxAttendees, counting everyone", () => {
    expect(decideSeat("spectator", counts(4, 2, 50), pod)).toEqual({ role: "spectator", playerType: "main" });
    const capped = { ...pod, maxAttendees: 7 };
    expect(decideSeat("spectator", counts(4, 2), capped)).toEqual({ role: "spectator", playerType: "main" });
    expect(decideSeat("spectator", counts(4, 2, 1), capped)).toBeNull();
    expect(decideSeat("participant", counts(1, 0, 6), capped)).toBeNull();
  });

  it("seats every participant as main outside game pods", () => {
    const convention = { ...pod, type: "convention" };
    expect(decideSeat("participant", counts(40, 0), convention)).toEqual({ role: "participant", playerType: "main" });
  });

  it("never seats more than the slots, whatever the order of requests", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.constantFrom("participant" as const, "spectator" as const), { maxLength: 40 }),
        (playerSlots, alternateSlots, requests) => {
          const limits = { type: "game_pod", playerSlots, alternateSlots, maxAttendees: null };
          const c = counts(0, 0);
          for (const r of requests) {
            const seat = decideSeat(r, c, limits);
            if (!seat) continue;
            c.attendeeCount++;
            if (seat.role === "participant") {
              if (seat.playerType === "main") c.mainPlayers++;
              else c.alternates++;
            }
          }
          const participants = requests.filter((r) => r === "participant").length;
          expect(c.mainPlayers).toBe(Math.min(participants, playerSlots));
          expect(c.alternates).toBe(Math.min(Math.max(participants - playerSlots, 0), alternateSlots));
        },
      ),
    );
  });
});
