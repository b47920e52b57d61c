import { z } from "../../../workers/lib/zod";
import { createEventBody, joinEventBody, updateEventBody } from "../../../workers/contract/events";

/**
 * What the calendar's forms submit, validated with the API's own schemas
 * (workers/contract/events.ts). Form fields arrive as text: the seat and
 * attendee numbers and the bracket are read as numbers first, and an empty optional number is
 * left out (seats keep their default or current value; no attendee cap).
 */
const asNumber = (value: unknown) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value);

export function numbersFromForm(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const fields = { ...(raw as Record<string, unknown>) };
  for (const name of ["playerSlots", "alternateSlots", "maxAttendees", "bracket"]) {
    if (name in fields) fields[name] = asNumber(fields[name]);
  }
  if (fields.maxAttendees === undefined && "maxAttendees" in fields) fields.maxAttendees = null;
  // "No bracket" sent from the form clears it; a form without the field keeps the event's.
  if (fields.bracket === undefined && "bracket" in fields) fields.bracket = null;
  return fields;
}

const eventId = z.string().trim().min(1, "An event id is required").max(64);

/** Join or leave: the same body as POST /api/events/:id/join; the server decides the seat. */
export const attendanceSubmission = z.discriminatedUnion("intent", [
  joinEventBody.extend({ intent: z.literal("join") }),
  z.object({ intent: z.literal("leave") }),
]);
export type AttendanceSubmission = z.infer<typeof attendanceSubmission>;

/** Every form of /calendar, told apart by `intent`. */
export const calendarSubmission = z.preprocess(
  numbersFromForm,
  z.discriminatedUnion("intent", [
    createEventBody.extend({ intent: z.literal("create") }),
    updateEventBody.extend({ intent: z.literal("update"), id: eventId }),
    z.object({ intent: z.literal("delete"), id: eventId }),
    joinEventBody.extend({ intent: z.literal("join"), id: eventId }),
    z.object({ intent: z.literal("leave"), id: eventId }),
    z.object({ intent: z.literal("rotate-feed") }),
  ]),
);
export type CalendarSubmission = z.infer<typeof calendarSubmission>;
