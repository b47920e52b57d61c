import { describe, expect, it } from "vitest";
import type { SeatCounts, SeatLimits } from "../../../workers/contract/event-seats";
import { eventAction, requestedSeat, seatLabel } from "./seat-actions";

const pod: SeatLimits = { type: "game_pod", playerSlots: 4, alternateSlots: 2, maxAttendees: null };
const card = (mainPlayers: number, alternates: number, extra: Partial<SeatLimits & { isUserAttending: boolean }> = {}) => ({
  ...pod,
  mainPlayers,
  alternates,
  attendeeCount: mainPlayers + alternates,
  isUserAttending: false,
  ...extra,
});

describe("eventAction", () => {
  it("follows the lobby card order: leave, join as player, waiting list, spectate", () => {
    expect(eventAction(card(4, 2, { isUserAttending: true }))).toBe("leave");
    expect(eventAction(card(3, 0))).toBe("join_main");
    expect(eventAction(card(4, 1))).toBe("join_alternate");
    expect(eventAction(card(4, 2))).toBe("spectate");
    expect(eventAction(card(4, 0, { alternateSlots: 0 }))).toBe("spectate");
  });

  it("always offers a player seat outside game pods", () => {
    const counts: SeatCounts = { mainPlayers: 40, alternates: 0, attendeeCount: 40 };
    expect(eventAction({ ...pod, ...counts, type: "convention", isUserAttending: false })).toBe("join_main");
  });
});

describe("requestedSeat", () => {
  it("sends participant for main and alternate, spectator (with main) for spectators (spec 001 §6)", () => {
    expect(requestedSeat("join_main")).toEqual({ role: "participant", playerType: "main" });
    expect(requestedSeat("join_alternate")).toEqual({ role: "participant", playerType: "alternate" });
    expect(requestedSeat("spectate")).toEqual({ role: "spectator", playerType: "main" });
  });
});

describe("seatLabel", () => {
  it("names the seat for the badge", () => {
    expect(seatLabel({ role: "participant", playerType: "main" })).toBe("Main player");
    expect(seatLabel({ role: "participant", playerType: "alternate" })).toBe("Waiting list");
    expect(seatLabel({ role: "spectator", playerType: "main" })).toBe("Spectator");
  });
});
