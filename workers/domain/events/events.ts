/**
 * Event writes (spec 001 §4-§6): create, update and delete by the creator or host. Joining and leaving are
 * event-attendance.ts; the seat SQL both share is event-seat-sql.ts. See docs/decisions/2026-11-22-event-seats.md.
 */
import { asc, eq, sql } from "drizzle-orm";
import { EVENT_STARTED, type CreateEventBody, type EventDto, type UpdateEventBody } from "../../contract/events";
import type { Db } from "../../db/client";
import { eventAttendees, events } from "../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { communityExists } from "../communities";
import { getEvent } from "./event-queries";
import { batchRows, hostSeatInsert, notifyPromoted, promoteAlternates, type PromotedRow } from "./event-seat-sql";
import { pastStartIssue, startsAtFromWallTime } from "./event-time";
import { DEFAULT_TIME_ZONE } from "../../contract/time-zone";
import { notificationInsert } from "../notifications";
import { enforceRateLimit } from "../rate-limit";
import { requireRealmOpenTo } from "../moderation/standing";

// --------------------------------------------------------- create / update

async function requireCommunity(db: Db, communityId: string) {
  if (!(await communityExists(db, communityId))) {
    throw invalid("Unknown community", [{ path: ["communityId"], message: "Unknown community" }]);
  }
}

/**
 * Events start in the future (a started event can be joined by nobody): a start that has passed is a 400 with the
 * issue on the field to change, the date or the time (event-time.ts).
 */
function requireFutureStart(start: { date: string; time: string; timeZone: string }, now: number) {
  const issue = pastStartIssue(start, now);
  if (issue) throw invalid(issue.message, [issue]);
}

/** Creates an event hosted by its creator, who holds a game pod's first seat (rate-limited per member: it creates rows). */
export async function createEvent(db: Db, userId: string, input: CreateEventBody, now = Date.now()): Promise<EventDto> {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  requireFutureStart({ ...input, timeZone }, now);
  await enforceRateLimit(db, "eventCreate", userId, now);
  await requireRealmOpenTo(db, userId, input.communityId);
  const id = crypto.randomUUID();
  const insert = db.insert(events).values({
    id,
    title: input.title,
    description: input.description,
    type: input.type,
    date: input.date,
    time: input.time,
    timeZone,
    startsAt: startsAtFromWallTime(input.date, input.time, timeZone),
    location: input.location,
    communityId: input.communityId,
    creatorId: userId,
    hostId: userId,
    maxAttendees: input.maxAttendees ?? null,
    bracket: input.bracket ?? null,
    playerSlots: input.playerSlots,
    alternateSlots: input.alternateSlots,
  });
  if (input.type === "game_pod") await batchRows(db, [insert.getSQL(), hostSeatInsert(id, now)]);
  else await insert.run();
  return getEvent(db, { id: userId }, id);
}

/** The creator or the host may change or delete an event (spec 001 §6). */
async function requireManager(db: Db, userId: string, id: string) {
  const row = await db
    .select({
      creatorId: events.creatorId,
      hostId: events.hostId,
      type: events.type,
      startsAt: events.startsAt,
      title: events.title,
      timeZone: events.timeZone,
      playerSlots: events.playerSlots,
      alternateSlots: events.alternateSlots,
    })
    .from(events)
    .where(eq(events.id, id))
    .get();
  if (!row) throw notFound("Event not found");
  if (row.creatorId !== userId && row.hostId !== userId) throw forbidden("Only the event's creator or host can change it");
  return row;
}

/**
 * Changes an upcoming event (its creator or host). An event that has started is kept as it was (409): its attendees
 * went by what it said, and a start moved back into the future would reopen a game that is being played. The new
 * start must lie in the future like a new event's. A type changed to game pod seats the host first (hostSeatInsert).
 */
export async function updateEvent(db: Db, userId: string, id: string, input: UpdateEventBody, now = Date.now()): Promise<EventDto> {
  const current = await requireManager(db, userId, id);
  if (current.startsAt <= now) throw conflict(EVENT_STARTED);
  const playerSlots = input.playerSlots ?? current.playerSlots;
  const alternateSlots = input.alternateSlots ?? current.alternateSlots;
  const timeZone = input.timeZone ?? current.timeZone;
  requireFutureStart({ date: input.date, time: input.time, timeZone }, now);
  await requireCommunity(db, input.communityId);
  const maxAttendees = input.maxAttendees === undefined ? sql`max_attendees` : sql`${input.maxAttendees}`;
  const bracket = input.bracket === undefined ? sql`bracket` : sql`${input.bracket}`;
  // Seats may shrink only down to the players already seated (checked in the
  // same statement as the write); freed main seats are then filled from the waiting list.
  const seatsFit =
    input.type === "game_pod"
      ? sql`(SELECT count(*) FROM event_attendees m WHERE m.event_id = ${id} AND m.role = 'participant' AND m.player_type = 'main') <= ${playerSlots}
         AND (SELECT count(*) FROM event_attendees m WHERE m.event_id = ${id} AND m.role = 'participant') <= ${playerSlots + alternateSlots}`
      : sql`1`;
  const becomesPod = input.type === "game_pod" && current.type !== "game_pod";
  const [updated, promoted] = (await batchRows(db, [
    sql`
      UPDATE events SET
        title = ${input.title}, description = ${input.description}, type = ${input.type},
        date = ${input.date}, time = ${input.time}, time_zone = ${timeZone},
        starts_at = ${startsAtFromWallTime(input.date, input.time, timeZone)},
        location = ${input.location}, community_id = ${input.communityId},
        player_slots = ${playerSlots}, alternate_slots = ${alternateSlots}, max_attendees = ${maxAttendees},
        bracket = ${bracket}, updated_at = ${now}
      WHERE id = ${id} AND starts_at > ${now} AND ${seatsFit}
        AND (${maxAttendees} IS NULL OR (SELECT count(*) FROM event_attendees a WHERE a.event_id = ${id}) <= ${maxAttendees})
      RETURNING id`,
    promoteAlternates(id),
    // It reads the type the UPDATE wrote: a refused update leaves a non-pod, and nobody is seated.
    ...(becomesPod ? [hostSeatInsert(id, now)] : []),
  ])) as [{ id: string }[], PromotedRow[]];
  if (updated.length === 0) {
    throw conflict("There are more players or attendees than the new limits allow");
  }
  await notifyPromoted(
    db,
    id,
    input.title,
    promoted.map((p) => p.userId),
  );
  return getEvent(db, { id: userId }, id);
}

/** Deletes the event; its attendees (other than the actor) hear that it was cancelled. */
export async function deleteEvent(db: Db, userId: string, id: string): Promise<void> {
  const current = await requireManager(db, userId, id);
  const attendees = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, id))
    .orderBy(asc(eventAttendees.joinedAt))
    .limit(MAX_CANCEL_NOTICES)
    .all();
  const notices = attendees
    .filter((a) => a.userId !== userId)
    .map((a) =>
      notificationInsert(db, {
        userId: a.userId,
        type: "event",
        title: "Event cancelled",
        message: `"${current.title}" has been cancelled by its host.`,
        actionUrl: "/calendar",
      }),
    );
  await db.batch([db.delete(events).where(eq(events.id, id)), ...notices]);
}
/** Keeps the delete batch bounded; very large events notify their earliest attendees only. */
const MAX_CANCEL_NOTICES = 200;
