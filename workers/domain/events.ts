/**
 * Event writes (spec 001 §4-§6): create/update/delete by the creator or host,
 * joining (the seat is decided atomically in SQL) and leaving (with promotion
 * of the earliest alternate). See docs/decisions/2026-11-22-event-seats.md.
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { CreateEventBody, EventDto, JoinEventBody, UpdateEventBody } from "../contract/events";
import type { Db } from "../db/client";
import { eventAttendees, events } from "../db/schema";
import { conflict, forbidden, invalid, notFound } from "./errors";
import { isBlockedEitherWay } from "./blocks";
import { communityExists } from "./communities";
import { findEventRow, getEvent, toDto } from "./event-queries";
import { hasSeatLimits, type Seat } from "../contract/event-seats";
import { startsAtFromWallTime } from "./event-time";
import { DEFAULT_TIME_ZONE } from "../contract/time-zone";
import { notificationInsert } from "./notifications";
import { enforceRateLimit } from "./rate-limit";
import { realmRemovalOf, refuseIfRemoved, removedFromRealm, requireRealmOpenTo } from "./moderation/standing";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs raw statements as one D1 batch (one transaction, nothing interleaves).
 * Drizzle 0.45 cannot put parameterised raw `sql` in `db.batch()` on D1, so
 * these go to the D1 client directly; each result is that statement's rows.
 */
async function batchRows(db: Db, queries: SQL[]): Promise<unknown[][]> {
  // `drizzle()` returns the client with `$client`; the shared `Db` type just does not spell it out.
  const d1 = (db as Db & { $client: D1Database }).$client;
  const statements = queries.map((q) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return d1.prepare(text).bind(...params);
  });
  const results = await d1.batch(statements);
  return results.map((r) => r.results);
}

// --------------------------------------------------------- create / update

async function requireCommunity(db: Db, communityId: string) {
  if (!(await communityExists(db, communityId))) {
    throw invalid("Unknown community", [{ path: ["communityId"], message: "Unknown community" }]);
  }
}

/** Creates an event hosted by its creator (rate-limited per member: it creates rows). */
export async function createEvent(db: Db, userId: string, input: CreateEventBody): Promise<EventDto> {
  await enforceRateLimit(db, "eventCreate", userId);
  await requireRealmOpenTo(db, userId, input.communityId);
  const id = crypto.randomUUID();
  await db.insert(events).values({
    id,
    title: input.title,
    description: input.description,
    type: input.type,
    date: input.date,
    time: input.time,
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
    startsAt: startsAtFromWallTime(input.date, input.time, input.timeZone ?? DEFAULT_TIME_ZONE),
    location: input.location,
    communityId: input.communityId,
    creatorId: userId,
    hostId: userId,
    maxAttendees: input.maxAttendees ?? null,
    bracket: input.bracket ?? null,
    playerSlots: input.playerSlots,
    alternateSlots: input.alternateSlots,
  });
  return getEvent(db, { id: userId }, id);
}

/** The creator or the host may change or delete an event (spec 001 §6). */
async function requireManager(db: Db, userId: string, id: string) {
  const row = await db
    .select({
      creatorId: events.creatorId,
      hostId: events.hostId,
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
 * Moves the earliest alternates into free main seats, as many as are free.
 * One statement, so it cannot over-fill when joins and leaves interleave.
 */
type PromotedRow = { userId: string };
function promoteAlternates(eventId: string) {
  return sql`
    UPDATE event_attendees SET player_type = 'main'
    WHERE event_id = ${eventId} AND user_id IN (
      SELECT p.user_id FROM event_attendees p
      WHERE p.event_id = ${eventId} AND p.role = 'participant' AND p.player_type = 'alternate'
      ORDER BY p.joined_at, p.user_id
      LIMIT coalesce(max(0,
        (SELECT e.player_slots FROM events e WHERE e.id = ${eventId} AND e.type = 'game_pod')
        - (SELECT count(*) FROM event_attendees m WHERE m.event_id = ${eventId} AND m.role = 'participant' AND m.player_type = 'main')
      ), 0)
    )
    RETURNING user_id AS userId`;
}

async function notifyPromoted(db: Db, eventId: string, title: string, userIds: string[]) {
  if (userIds.length === 0) return;
  const [first, ...rest] = userIds.map((userId) =>
    notificationInsert(db, {
      userId,
      type: "event",
      title: "You're in! A seat opened up",
      message: `You moved from the waiting list to a main seat in "${title}".`,
      actionUrl: `/calendar?event=${eventId}`,
    }),
  );
  await db.batch([first, ...rest]);
}

export async function updateEvent(db: Db, userId: string, id: string, input: UpdateEventBody): Promise<EventDto> {
  const current = await requireManager(db, userId, id);
  await requireCommunity(db, input.communityId);
  const playerSlots = input.playerSlots ?? current.playerSlots;
  const alternateSlots = input.alternateSlots ?? current.alternateSlots;
  const timeZone = input.timeZone ?? current.timeZone;
  const maxAttendees = input.maxAttendees === undefined ? sql`max_attendees` : sql`${input.maxAttendees}`;
  const bracket = input.bracket === undefined ? sql`bracket` : sql`${input.bracket}`;
  // Seats may shrink only down to the players already seated (checked in the
  // same statement as the write); freed main seats are then filled from the waiting list.
  const seatsFit =
    input.type === "game_pod"
      ? sql`(SELECT count(*) FROM event_attendees m WHERE m.event_id = ${id} AND m.role = 'participant' AND m.player_type = 'main') <= ${playerSlots}
         AND (SELECT count(*) FROM event_attendees m WHERE m.event_id = ${id} AND m.role = 'participant') <= ${playerSlots + alternateSlots}`
      : sql`1`;
  const [updated, promoted] = (await batchRows(db, [
    sql`
      UPDATE events SET
        title = ${input.title}, description = ${input.description}, type = ${input.type},
        date = ${input.date}, time = ${input.time}, time_zone = ${timeZone},
        starts_at = ${startsAtFromWallTime(input.date, input.time, timeZone)},
        location = ${input.location}, community_id = ${input.communityId},
        player_slots = ${playerSlots}, alternate_slots = ${alternateSlots}, max_attendees = ${maxAttendees},
        bracket = ${bracket}, updated_at = ${Date.now()}
      WHERE id = ${id} AND ${seatsFit}
        AND (${maxAttendees} IS NULL OR (SELECT count(*) FROM event_attendees a WHERE a.event_id = ${id}) <= ${maxAttendees})
      RETURNING id`,
    promoteAlternates(id),
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

// ------------------------------------------------------------- attendance

const countsOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId})`;
const mainsOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId} AND c.role = 'participant' AND c.player_type = 'main')`;
const alternatesOf = (eventId: string) => sql`
  (SELECT count(*) FROM event_attendees c WHERE c.event_id = ${eventId} AND c.role = 'participant' AND c.player_type = 'alternate')`;

/**
 * The SQL form of `decideSeat` (event-seats.ts): one INSERT ... SELECT whose
 * WHERE is the capacity check, so concurrent joins can never over-fill.
 */
function seatInsert(eventId: string, userId: string, role: Seat["role"], now: number) {
  const playerType =
    role === "spectator"
      ? sql`'main'`
      : sql`CASE WHEN e.type <> 'game_pod' OR ${mainsOf(eventId)} < e.player_slots THEN 'main' ELSE 'alternate' END`;
  const hasRoom =
    role === "spectator"
      ? sql`1`
      : sql`(e.type <> 'game_pod' OR ${mainsOf(eventId)} < e.player_slots OR ${alternatesOf(eventId)} < e.alternate_slots)`;
  return sql`
    INSERT INTO event_attendees (event_id, user_id, status, role, player_type, joined_at)
    SELECT e.id, ${userId}, 'attending', ${role}, ${playerType}, ${now}
    FROM events e
    WHERE e.id = ${eventId} AND e.starts_at > ${now}
      AND (e.max_attendees IS NULL OR ${countsOf(eventId)} < e.max_attendees)
      AND ${hasRoom}
      AND NOT ${blockedWithOrganizers(userId)}
      AND NOT ${removedFromRealm(userId, sql`e.community_id`)}
    ON CONFLICT (event_id, user_id) DO NOTHING
    RETURNING role, player_type AS playerType`;
}

/** A block between the member and the event's creator or host (for statements over `events e`). */
function blockedWithOrganizers(userId: string): SQL {
  return sql`(${isBlockedEitherWay(userId, sql`e.creator_id`)} OR ${isBlockedEitherWay(userId, sql`e.host_id`)})`;
}

type SeatState = {
  mains: number;
  playerSlots: number;
  type: string;
  hostId: string;
  title: string;
  blocked: number;
  removal: string | null;
};

export type JoinResult = { event: EventDto; created: boolean };

/** Takes the seat the server decides (rate-limited per member: it creates rows and may notify the host). */
export async function joinEvent(db: Db, userId: string, eventId: string, input: JoinEventBody, now = Date.now()): Promise<JoinResult> {
  await enforceRateLimit(db, "eventJoin", userId, now);
  // The INSERT and the read of the counts run in one batch (one transaction),
  // so "my seat was the last main seat" is exact: the host hears once per fill.
  const [inserted, after] = (await batchRows(db, [
    seatInsert(eventId, userId, input.role, now),
    sql`
      SELECT ${mainsOf(eventId)} AS mains, e.player_slots AS playerSlots, e.type AS type,
             coalesce(e.host_id, e.creator_id) AS hostId, e.title AS title, ${blockedWithOrganizers(userId)} AS blocked,
             ${realmRemovalOf(userId, sql`e.community_id`)} AS removal
      FROM events e WHERE e.id = ${eventId}`,
  ])) as [Seat[], SeatState[]];
  const seat = inserted[0];
  if (seat) {
    const state = after[0];
    const filledNow =
      hasSeatLimits(state.type) && seat.role === "participant" && seat.playerType === "main" && state.mains === state.playerSlots;
    if (filledNow && state.hostId !== userId) {
      await notificationInsert(db, {
        userId: state.hostId,
        type: "event",
        title: "Your game pod is full",
        message: `All ${state.playerSlots} player seats of "${state.title}" are taken.`,
        actionUrl: `/calendar?event=${eventId}`,
      }).run();
    }
    return { event: await getEvent(db, { id: userId }, eventId), created: true };
  }
  // Nothing inserted: already attending (idempotent), missing, blocked, started or full.
  const event = await findEventRow(db, { id: userId }, eventId);
  if (!event) throw notFound("Event not found");
  if (event.role !== null) return { event: toDto(event), created: false };
  refuseIfRemoved(after[0]?.removal);
  if (after[0]?.blocked) throw forbidden("You cannot join this event");
  if (event.startsAt <= now) throw conflict("This event has already started");
  if (event.maxAttendees !== null && event.attendeeCount >= event.maxAttendees) {
    throw conflict("This event has reached its maximum number of attendees");
  }
  throw conflict("All player seats and waiting list spots are taken");
}

/** Leaves the event; a freed main seat goes to the earliest alternate in the same batch. */
export async function leaveEvent(db: Db, userId: string, eventId: string): Promise<{ promotedUserIds: string[] }> {
  const [removed, promoted, titles] = (await batchRows(db, [
    sql`DELETE FROM event_attendees WHERE event_id = ${eventId} AND user_id = ${userId} RETURNING user_id AS userId`,
    promoteAlternates(eventId),
    sql`SELECT title FROM events WHERE id = ${eventId}`,
  ])) as [PromotedRow[], PromotedRow[], { title: string }[]];
  if (titles.length === 0) throw notFound("Event not found");
  if (removed.length === 0) throw conflict("You are not attending this event");
  const promotedUserIds = promoted.map((p) => p.userId);
  await notifyPromoted(db, eventId, titles[0].title, promotedUserIds);
  return { promotedUserIds };
}
