/**
 * Seat rules of events (spec 001 §2 lobby cards, §4 attendance, §6 roles).
 *
 * Pure functions: the server's single conditional INSERT in `event-attendance.ts` is the
 * SQL form of `decideSeat` (it must stay atomic, so it cannot call this code).
 * The unit tests beside this file pin the rule; `test/events-seats.test.ts`
 * checks that the SQL gives the same seats. Which button a card shows and the
 * toasts a seat earns are presentation: app/components/calendar/seat-actions.ts.
 * The host of a game pod holds its first main seat from the start (a row like any
 * player's, written with the pod: event-seat-sql.ts `hostSeatInsert`), so the counts below
 * always include them.
 */

export type AttendeeRole = "participant" | "spectator";
export type PlayerType = "main" | "alternate";
export type Seat = { role: AttendeeRole; playerType: PlayerType };

export type SeatLimits = {
  type: string;
  playerSlots: number;
  alternateSlots: number;
  maxAttendees: number | null;
};
export type SeatCounts = { mainPlayers: number; alternates: number; attendeeCount: number };

/** Only game pods have a fixed table: other events seat every participant as main. */
export function hasSeatLimits(type: string): boolean {
  return type === "game_pod";
}

/**
 * The seat a join request gets, or null when the event is full for it.
 * A participant (asking for main or alternate) gets a main seat while one is
 * free, else an alternate seat while one is free; a spectator is accepted while
 * the attendee cap (if any) allows. Everyone counts toward `maxAttendees`.
 */
export function decideSeat(requested: AttendeeRole, counts: SeatCounts, limits: SeatLimits): Seat | null {
  if (limits.maxAttendees !== null && counts.attendeeCount >= limits.maxAttendees) return null;
  if (requested === "spectator") return { role: "spectator", playerType: "main" };
  if (!hasSeatLimits(limits.type)) return { role: "participant", playerType: "main" };
  if (counts.mainPlayers < limits.playerSlots) return { role: "participant", playerType: "main" };
  if (counts.alternates < limits.alternateSlots) return { role: "participant", playerType: "alternate" };
  return null;
}
