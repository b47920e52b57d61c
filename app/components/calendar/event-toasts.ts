import type { JoinEventBody } from "../../../workers/contract/events";
import type { Seat } from "../../../workers/contract/event-seats";
import type { ToastMessage } from "~/lib/toast";

/** Where an attendance change was made: the calendar names the outcome, the lobby names the seat. */
export type AttendanceView = "calendar" | "lobby";

const failed = (title: string, description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** Spec 001 §8 calendar toasts. */
export const EVENT_TOASTS = {
  created: { title: "Event created successfully!" },
  updated: { title: "Event updated successfully!" },
  deleted: { title: "Event deleted successfully!" },
  left: { title: "Left event successfully!" },
} satisfies Record<string, ToastMessage>;

export const createFailed = (description: string) => failed("Failed to create event", description);
export const updateFailed = (description: string) => failed("Failed to update event", description);
export const deleteFailed = (description: string) => failed("Failed to delete event", description);
export const leaveFailed = (description: string) => failed("Failed to leave event", description);

/** The toast a seat earns in the lobby (spec 001 §8 success toasts). */
export function seatToast(seat: Seat): { title: string; description: string } {
  if (seat.role === "spectator") return { title: "Spectating event!", description: "You can watch this event when it starts." };
  if (seat.playerType === "alternate") return { title: "Added to waiting list!", description: "You'll be notified if a spot opens up." };
  return { title: "Joined as player!", description: "You're confirmed as a main player." };
}

/**
 * After a join: the lobby names the seat ('Joined as player!', 'Added to
 * waiting list!', 'Spectating event!'); the calendar says 'Joined event
 * successfully!', with the seat for game pods and spectators.
 */
export function joinedToast(view: AttendanceView, eventType: string, seat: Seat): ToastMessage {
  const named = seatToast(seat);
  if (view === "lobby") return named;
  const describeSeat = eventType === "game_pod" || seat.role === "spectator";
  return describeSeat ? { title: "Joined event successfully!", description: named.description } : { title: "Joined event successfully!" };
}

/** 'Failed to join event' on the calendar, 'Failed to join as {main|alternate|spectator}' in the lobby. */
export function joinFailed(view: AttendanceView, requested: Pick<JoinEventBody, "role" | "playerType">, description: string) {
  if (view === "calendar") return failed("Failed to join event", description);
  return failed(`Failed to join as ${requested.role === "spectator" ? "spectator" : requested.playerType}`, description);
}
