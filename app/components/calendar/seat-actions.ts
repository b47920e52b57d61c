import type { JoinEventBody } from "../../../workers/contract/events";
import { hasSeatLimits, type Seat, type SeatCounts, type SeatLimits } from "../../../workers/contract/event-seats";

/** What a member can do with an event card (spec 001 §2 lobby cards). */
export type EventAction = "leave" | "join_main" | "join_alternate" | "spectate";
export type JoinAction = Exclude<EventAction, "leave">;

export const JOIN_LABELS: Record<JoinAction, string> = {
  join_main: "Join as Player",
  join_alternate: "Join Waiting List",
  spectate: "Spectate Event",
};

/**
 * The card's button: Leave Event when attending, else Join as Player while
 * main seats are free, else Join Waiting List while the waiting list has room,
 * else Spectate Event.
 */
export function eventAction(event: SeatCounts & SeatLimits & { isUserAttending: boolean }): EventAction {
  if (event.isUserAttending) return "leave";
  if (!hasSeatLimits(event.type) || event.mainPlayers < event.playerSlots) return "join_main";
  if (event.alternateSlots > 0 && event.alternates < event.alternateSlots) return "join_alternate";
  return "spectate";
}

/**
 * The join request a button sends (spec 001 §6): participant for main and
 * alternate, spectator for spectators, who send main. The server decides the seat.
 */
export function requestedSeat(action: JoinAction): Pick<JoinEventBody, "role" | "playerType"> {
  return {
    role: action === "spectate" ? "spectator" : "participant",
    playerType: action === "join_alternate" ? "alternate" : "main",
  };
}

/** Short label of a member's seat, for badges. */
export function seatLabel(seat: Seat): string {
  if (seat.role === "spectator") return "Spectator";
  return seat.playerType === "alternate" ? "Waiting list" : "Main player";
}
