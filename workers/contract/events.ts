import { z } from "../lib/zod";
import { cursorParam } from "./cursor";
import { bracketSchema } from "./game-sessions";
import { multiLine, singleLine } from "./text";
import { timeZoneSchema } from "./time-zone";

/** Spec 001 §3 Event types, with their display labels. */
export const EVENT_TYPES = ["tournament", "convention", "release", "game_pod", "community"] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES, { error: "Choose an event type" });
export type EventType = z.infer<typeof eventTypeSchema>;
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  tournament: "Tournament",
  convention: "Convention",
  release: "Product Release",
  game_pod: "Game Pod",
  community: "Community Event",
};

/** What changing an event that has started is answered (409): it is kept as its attendees knew it. */
export const EVENT_STARTED = "This event has started, so it can no longer be changed";

export const DEFAULT_PLAYER_SLOTS = 4;
export const DEFAULT_ALTERNATE_SLOTS = 2;

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** yyyy-mm-dd naming a real calendar day (no 2026-02-30). */
export const eventDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format yyyy-mm-dd")
  .refine(isRealDate, "Not a real calendar date");
/** HH:mm on a 24-hour clock. */
export const eventTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the format HH:mm");

const eventFields = {
  title: singleLine({ min: 1, max: 120, required: "Title is required" }),
  type: eventTypeSchema,
  date: eventDateSchema,
  time: eventTimeSchema,
  location: singleLine({ min: 1, max: 200, required: "Location is required" }),
  description: multiLine({ max: 2000 })
    .nullish()
    .transform((v) => (v ? v : null)),
  communityId: z.string().trim().min(1, "Please select a community first").max(64),
  maxAttendees: z.int().min(1).max(100_000).nullish(),
  /**
   * The Commander bracket the event or game pod plays at (1 Exhibition ... 5 cEDH; workers/contract/brackets.ts),
   * null or absent for none. Events name no format and had no power level, so there is no `powerLevel` beside it.
   * On update, absent keeps the current bracket and null clears it.
   */
  bracket: bracketSchema.nullish(),
};

/**
 * POST /api/events. Seats default to 4 main and 2 alternate (spec 001 §9).
 * `date` and `time` are the wall clock in `timeZone` (default UTC).
 */
export const createEventBody = z.object({
  ...eventFields,
  timeZone: timeZoneSchema.optional(),
  playerSlots: z.int().min(2).max(8).default(DEFAULT_PLAYER_SLOTS),
  alternateSlots: z.int().min(0).max(8).default(DEFAULT_ALTERNATE_SLOTS),
});
export type CreateEventBody = z.infer<typeof createEventBody>;

/** PUT /api/events/:id: the same fields as create; omitted seat settings and time zone keep their current value. */
export const updateEventBody = z.object({
  ...eventFields,
  timeZone: timeZoneSchema.optional(),
  playerSlots: z.int().min(2).max(8).optional(),
  alternateSlots: z.int().min(0).max(8).optional(),
});
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const attendeeRoleSchema = z.enum(["participant", "spectator"]);
export const playerTypeSchema = z.enum(["main", "alternate"]);

/** POST /api/events/:id/join (spec 001 §7): the server decides the actual seat. */
export const joinEventBody = z.object({
  status: z.literal("attending").default("attending"),
  role: attendeeRoleSchema.default("participant"),
  playerType: playerTypeSchema.default("main"),
});
export type JoinEventBody = z.infer<typeof joinEventBody>;

const booleanFlag = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /api/events. `from`/`to` bound the event date (inclusive) for the month view. */
export const listEventsQuery = z.object({
  type: eventTypeSchema.optional(),
  upcoming: booleanFlag.optional(),
  communityId: z.string().trim().min(1).max(64).optional(),
  from: eventDateSchema.optional(),
  to: eventDateSchema.optional(),
  /** Only the caller's events: those they attend, or those they created or host. */
  scope: z.enum(["attending", "hosting"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: cursorParam.optional(),
});
export type ListEventsQuery = z.infer<typeof listEventsQuery>;

const seatRole = attendeeRoleSchema.nullable();

/** Spec 001 §3 Event, plus the caller's own seat (`role`, `playerType`, null when not attending). */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: eventTypeSchema,
  /** yyyy-mm-dd and HH:mm: the wall clock in `timeZone`. */
  date: z.string(),
  time: z.string(),
  /** The IANA zone the event keeps (the creator's). */
  timeZone: z.string(),
  /** The start as an ISO 8601 instant (UTC): what viewers convert to their own zone. */
  startsAt: z.string(),
  location: z.string(),
  communityId: z.string().nullable(),
  community: z.object({ name: z.string() }).nullable(),
  /** The spec's `creator.email` is never sent: no member's address reaches anyone else. */
  creator: z.object({ id: z.string(), firstName: z.string().nullable() }),
  hostId: z.string().nullable(),
  attendeeCount: z.number(),
  maxAttendees: z.number().nullable(),
  /** The Commander bracket (1-5) the event or pod plays at, null when it names none. */
  bracket: z.number().int().nullable(),
  mainPlayers: z.number(),
  playerSlots: z.number(),
  alternates: z.number(),
  alternateSlots: z.number(),
  isUserAttending: z.boolean(),
  role: seatRole,
  playerType: playerTypeSchema.nullable(),
});
export type EventDto = z.infer<typeof eventSchema>;

export const eventList = z.array(eventSchema);

/** Path parameters: an event id (unknown ids are a 404), a private feed token (unknown tokens are a 404). */
export const eventIdParams = z.object({ id: z.string() });
export const feedTokenParams = z.object({ token: z.string() });

/** GET /api/events puts the next page's cursor in a header, so the body stays the spec's plain array. */
export const nextCursorHeader = z.object({
  "X-Next-Cursor": z.string().optional().meta({ description: "Cursor of the next page (pass as `cursor`); absent on the last page" }),
});

export const feedUrlResponse = z.object({ url: z.string(), webcalUrl: z.string() });
export type FeedUrls = z.infer<typeof feedUrlResponse>;
export const leaveEventResponse = z.object({ left: z.literal(true), promotedUserIds: z.array(z.string()) });
