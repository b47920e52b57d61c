/**
 * Event reads (spec 001 §3 Event): the list with seat counts computed in SQL,
 * one event, the /calendar page's lists, the `.ics` file and the private
 * iCalendar feed.
 * Shared by the /api router and the /calendar loader.
 * Over 300 lines on purpose: every read of an event shares the row shape and seat-count SQL defined
 * here (the bracket column, issue 27, pushed it past the limit), and splitting the feed off would repeat them.
 */
import { and, asc, eq, exists, gt, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { EventDto, FeedUrls, ListEventsQuery } from "../../contract/events";
import type { Db } from "../../db/client";
import { communities, eventAttendees, events, users } from "../../db/schema";
import { decodeCursor, pageOf, timeIdKey } from "../cursor";
import { invalid, notFound } from "../errors";
import type { Seat } from "../../contract/event-seats";
import { buildCalendar, type IcsEvent } from "./ics";
import { eventsListedTo } from "./event-visibility";
import { bytesToBase64Url } from "../../lib/base64url";

export type Viewer = { id: string } | null;

const creator = alias(users, "creator");

// Counts come from the (event_id, role, player_type, joined_at) index: one
// scalar subquery per figure, evaluated per listed row, never N+1 round trips.
const countAttendees = sql<number>`(SELECT count(*) FROM event_attendees a WHERE a.event_id = ${events.id})`;
const countMains = sql<number>`(SELECT count(*) FROM event_attendees a WHERE a.event_id = ${events.id} AND a.role = 'participant' AND a.player_type = 'main')`;
const countAlternates = sql<number>`(SELECT count(*) FROM event_attendees a WHERE a.event_id = ${events.id} AND a.role = 'participant' AND a.player_type = 'alternate')`;

function eventSelection(viewer: Viewer) {
  const viewerId = viewer?.id ?? "";
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    type: events.type,
    date: events.date,
    time: events.time,
    timeZone: events.timeZone,
    location: events.location,
    communityId: events.communityId,
    communityName: communities.name,
    // events.creator_id, not creator.id: a D1 batch returns rows keyed by column name, and "id" is taken.
    creatorId: events.creatorId,
    creatorFirstName: creator.firstName,
    hostId: events.hostId,
    attendeeCount: countAttendees,
    maxAttendees: events.maxAttendees,
    bracket: events.bracket,
    mainPlayers: countMains,
    playerSlots: events.playerSlots,
    alternates: countAlternates,
    alternateSlots: events.alternateSlots,
    role: sql<Seat["role"] | null>`(SELECT a.role FROM event_attendees a WHERE a.event_id = ${events.id} AND a.user_id = ${viewerId})`,
    playerType: sql<
      Seat["playerType"] | null
    >`(SELECT a.player_type FROM event_attendees a WHERE a.event_id = ${events.id} AND a.user_id = ${viewerId})`,
    startsAt: events.startsAt,
    updatedAt: events.updatedAt,
  };
}

export function baseQuery(db: Db, viewer: Viewer) {
  return db
    .select(eventSelection(viewer))
    .from(events)
    .innerJoin(creator, eq(creator.id, events.creatorId))
    .leftJoin(communities, eq(communities.id, events.communityId));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["all"]>>[number];

/** The spec's Event shape, without the creator's e-mail (no member's address reaches anyone else). */
export function toDto(row: EventRow): EventDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    date: row.date,
    time: row.time,
    timeZone: row.timeZone,
    startsAt: new Date(row.startsAt).toISOString(),
    location: row.location,
    communityId: row.communityId,
    community: row.communityName === null ? null : { name: row.communityName },
    creator: { id: row.creatorId, firstName: row.creatorFirstName },
    hostId: row.hostId,
    attendeeCount: row.attendeeCount,
    maxAttendees: row.maxAttendees,
    bracket: row.bracket,
    mainPlayers: row.mainPlayers,
    playerSlots: row.playerSlots,
    alternates: row.alternates,
    alternateSlots: row.alternateSlots,
    isUserAttending: row.role !== null,
    role: row.role,
    playerType: row.role === null ? null : row.playerType,
  };
}

// ------------------------------------------------------------------ listing

/** Events page on (startsAt, id). */
function decodeEventCursor(cursor: string): { startsAt: number; id: string } {
  const key = decodeCursor(cursor, timeIdKey);
  if (!key) throw invalid("Invalid cursor");
  return { startsAt: key[0], id: key[1] };
}

export type EventPage = { events: EventDto[]; nextCursor: string | null };

// An event's date is the day in its own time zone (UTC-12 to UTC+14), so a date range is also a range of
// instants a little wider than the UTC days. Bounding startsAt too lets SQLite walk the start-time index in
// the page's order and stop after the page, instead of reading and sorting every event of the month.
const HOUR_MS = 3_600_000;
const earliestStartOn = (date: string) => Date.parse(`${date}T00:00:00Z`) - 14 * HOUR_MS;
const latestStartBefore = (date: string) => Date.parse(`${date}T00:00:00Z`) + 24 * HOUR_MS + 12 * HOUR_MS;

/** The statement of one page of events: ordered by start (then id), filtered, keyset-paginated (one extra row tells if more follow). */
function eventPageQuery(db: Db, viewer: Viewer, query: ListEventsQuery, now: number) {
  const where: (SQL | undefined)[] = [eventsListedTo(viewer?.id ?? null)];
  if (query.type) where.push(eq(events.type, query.type));
  if (query.communityId) where.push(eq(events.communityId, query.communityId));
  if (query.upcoming) where.push(gte(events.startsAt, now));
  if (query.from) where.push(gte(events.date, query.from), gte(events.startsAt, earliestStartOn(query.from)));
  if (query.to) where.push(lte(events.date, query.to), lt(events.startsAt, latestStartBefore(query.to)));
  if (query.scope === "attending" && viewer) {
    // Driven by the attendee's user index, not a scan of every upcoming event.
    where.push(
      inArray(events.id, db.select({ id: eventAttendees.eventId }).from(eventAttendees).where(eq(eventAttendees.userId, viewer.id))),
    );
  }
  if (query.scope === "hosting" && viewer) {
    where.push(or(eq(events.creatorId, viewer.id), eq(events.hostId, viewer.id)));
  }
  if (query.cursor) {
    const c = decodeEventCursor(query.cursor);
    where.push(or(gt(events.startsAt, c.startsAt), and(eq(events.startsAt, c.startsAt), gt(events.id, c.id))));
  }
  return baseQuery(db, viewer)
    .where(and(...where))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(query.limit + 1);
}

function toEventPage(rows: EventRow[], limit: number): EventPage {
  const { page, nextCursor } = pageOf(rows, limit, (r) => [r.startsAt, r.id]);
  return { events: page.map(toDto), nextCursor };
}

/** Events ordered by start (then id), filtered, one page at a time (keyset pagination). */
export async function listEvents(db: Db, viewer: Viewer, query: ListEventsQuery, now = Date.now()): Promise<EventPage> {
  return toEventPage(await eventPageQuery(db, viewer, query, now).all(), query.limit);
}

export async function findEventRow(db: Db, viewer: Viewer, id: string) {
  return baseQuery(db, viewer).where(eq(events.id, id)).get();
}

export async function getEvent(db: Db, viewer: Viewer, id: string): Promise<EventDto> {
  const row = await findEventRow(db, viewer, id);
  if (!row) throw notFound("Event not found");
  return toDto(row);
}

// ------------------------------------------------------- iCalendar output

/** Events have a start but no end in the spec; calendar apps get a 2-hour block. */
const EVENT_DURATION_MINUTES = 120;

function toIcsEvent(row: EventRow, origin: string): IcsEvent {
  return {
    uid: `${row.id}@realmcast`,
    title: row.title,
    description: row.description,
    location: row.location,
    startsAt: row.startsAt,
    durationMinutes: EVENT_DURATION_MINUTES,
    updatedAt: row.updatedAt,
    url: `${origin}/calendar?event=${row.id}`,
    categories: row.type,
  };
}

/** One event as an iCalendar file (the `.ics` download); links point at `origin`. */
export async function eventIcsFile(db: Db, id: string, origin: string, now = Date.now()) {
  const row = await findEventRow(db, null, id);
  if (!row) throw notFound("Event not found");
  return { filename: `event-${row.id}.ics`, body: buildCalendar({ name: row.title, events: [toIcsEvent(row, origin)], now }) };
}

// ------------------------------------------------------------ calendar feed

/** The feed's addresses on `origin`: https for copying, webcal for "open in your calendar app". */
function feedUrls(origin: string, token: string): FeedUrls {
  const url = new URL(`/api/events/feed/${token}`, origin);
  return { url: url.href, webcalUrl: url.href.replace(/^https?:/, "webcal:") };
}

const newFeedToken = () => bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** The member's private feed URL; the token is made on first use (the conditional update keeps one per member). */
export async function calendarFeedUrls(db: Db, userId: string, origin: string): Promise<FeedUrls> {
  await db
    .update(users)
    .set({ calendarToken: newFeedToken() })
    .where(and(eq(users.id, userId), sql`${users.calendarToken} IS NULL`))
    .run();
  const row = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId)).get();
  if (!row?.token) throw notFound("Member not found");
  return feedUrls(origin, row.token);
}

/** Replaces the member's feed token: the old URL stops working at once (for a leaked link). */
export async function rotateCalendarFeed(db: Db, userId: string, origin: string): Promise<FeedUrls> {
  const token = newFeedToken();
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId)).run();
  return feedUrls(origin, token);
}

const FEED_LOOKBACK_MS = 90 * 24 * 60 * 60 * 1000;
const FEED_LIMIT = 500;

/**
 * The private feed (iCalendar) of the token's member: events they attend,
 * created or host, from 90 days back. An unknown token is a 404.
 */
export async function feedIcsFile(db: Db, token: string, origin: string, now = Date.now()): Promise<string> {
  const owner = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.calendarToken, token)).get();
  if (!owner) throw notFound("Unknown calendar feed");
  const rows = await baseQuery(db, { id: owner.id })
    .where(
      and(
        gte(events.startsAt, now - FEED_LOOKBACK_MS),
        or(
          eq(events.creatorId, owner.id),
          eq(events.hostId, owner.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(eventAttendees)
              .where(and(eq(eventAttendees.eventId, events.id), eq(eventAttendees.userId, owner.id))),
          ),
        ),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FEED_LIMIT)
    .all();
  const name = `Realmcast events${owner.firstName ? ` for ${owner.firstName}` : ""}`;
  return buildCalendar({ name, events: rows.map((r) => toIcsEvent(r, origin)), now });
}

// ------------------------------------------------------------ /calendar page

/** The Overview shows at most 5 upcoming events (spec 001 §9). */
export const OVERVIEW_LIMIT = 5;
const MONTH_LIMIT = 200;
const MY_EVENTS_LIMIT = 50;

/** The /calendar page's five statements (exported so a test can ask SQLite for their query plans). */
export function calendarPageStatements(
  db: Db,
  viewer: { id: string },
  input: { communityId: string | null; from: string; to: string; focusEventId: string | null },
  now: number,
) {
  const communityId = input.communityId ?? undefined;
  const page = (query: Omit<ListEventsQuery, "limit"> & { limit: number }) => eventPageQuery(db, viewer, { ...query, communityId }, now);
  return [
    page({ upcoming: true, limit: OVERVIEW_LIMIT }),
    page({ from: input.from, to: input.to, limit: MONTH_LIMIT }),
    page({ scope: "attending", upcoming: true, limit: MY_EVENTS_LIMIT }),
    page({ scope: "hosting", upcoming: true, limit: MY_EVENTS_LIMIT }),
    // Always in the batch (its shape is fixed); no focus asks for an id no event has.
    baseQuery(db, viewer)
      .where(eq(events.id, input.focusEventId ?? ""))
      .limit(1),
  ] as const;
}

/**
 * Everything the /calendar page shows for one realm (or all) and one month
 * grid: the overview, the grid's events, the member's own upcoming events and
 * the focused event. One D1 batch: one round trip, whatever the page holds.
 */
export async function loadCalendarPage(
  db: Db,
  viewer: { id: string },
  input: { communityId: string | null; from: string; to: string; focusEventId: string | null },
  now = Date.now(),
) {
  const [upcoming, month, attending, hosting, focus] = await db.batch(calendarPageStatements(db, viewer, input, now));
  const monthPage = toEventPage(month, MONTH_LIMIT);
  return {
    upcoming: toEventPage(upcoming, OVERVIEW_LIMIT).events,
    monthEvents: monthPage.events,
    monthTruncated: monthPage.nextCursor !== null,
    attending: toEventPage(attending, MY_EVENTS_LIMIT).events,
    hosting: toEventPage(hosting, MY_EVENTS_LIMIT).events,
    focusEvent: focus[0] ? toDto(focus[0]) : null,
  };
}
