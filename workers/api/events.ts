import { Hono } from "hono";
import { createEventBody, joinEventBody, listEventsQuery, updateEventBody } from "../contract/events";
import {
  ensureCalendarToken,
  feedEventsForToken,
  rotateCalendarToken,
  getEvent,
  getEventForIcs,
  listEvents,
} from "../domain/event-queries";
import { createEvent, deleteEvent, joinEvent, leaveEvent, updateEvent } from "../domain/events";
import { buildCalendar, type IcsEvent } from "../domain/ics";
import type { AppEnv } from "../http/app-env";
import { enforceRateLimit } from "../domain/rate-limit";
import { notFound, unauthorized } from "../domain/errors";
import { requireUser } from "../http/require-user";
import { randomToken } from "../http/security";
import { parseJsonBody, parseQuery } from "../http/validate";

/** Events have a start but no end in the spec; calendar apps get a 2-hour block. */
const EVENT_DURATION_MINUTES = 120;

type IcsRow = Awaited<ReturnType<typeof getEventForIcs>>;

function toIcsEvent(row: IcsRow, origin: string): IcsEvent {
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

function feedUrls(requestUrl: string, token: string) {
  const url = new URL(`/api/events/feed/${token}`, requestUrl);
  return { url: url.href, webcalUrl: url.href.replace(/^https?:/, "webcal:") };
}

function icsResponse(body: string, filename: string | null, cacheControl: string) {
  const headers: Record<string, string> = { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": cacheControl };
  if (filename) headers["Content-Disposition"] = `attachment; filename="${filename}"`;
  return new Response(body, { status: 200, headers });
}

// Static paths (/events/feed-url, /events/feed/:token) come before /events/:id.
export const eventsApi = new Hono<AppEnv>()
  .get("/events", async (c) => {
    const query = parseQuery(c, listEventsQuery);
    const user = c.get("user");
    if (query.scope && !user) throw unauthorized();
    const page = await listEvents(c.get("db"), user, query);
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    c.header("Cache-Control", "private, no-store");
    return c.json(page.events);
  })
  .post("/events", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, createEventBody);
    await enforceRateLimit(c.get("db"), "eventCreate", user.id);
    return c.json(await createEvent(c.get("db"), user.id, body), 201);
  })
  .get("/events/feed-url", async (c) => {
    const user = requireUser(c);
    const token = await ensureCalendarToken(c.get("db"), user.id, randomToken(32));
    return c.json(feedUrls(c.req.url, token));
  })
  .post("/events/feed-url", async (c) => {
    const user = requireUser(c);
    const token = await rotateCalendarToken(c.get("db"), user.id, randomToken(32));
    return c.json(feedUrls(c.req.url, token));
  })
  .get("/events/feed/:token", async (c) => {
    const feed = await feedEventsForToken(c.get("db"), c.req.param("token"));
    if (!feed) throw notFound("Unknown calendar feed");
    const origin = new URL(c.req.url).origin;
    const name = `Realmcast events${feed.owner.firstName ? ` for ${feed.owner.firstName}` : ""}`;
    const body = buildCalendar({ name, events: feed.rows.map((r) => toIcsEvent(r, origin)), now: Date.now() });
    return icsResponse(body, null, "private, max-age=300");
  })
  .get("/events/:id", async (c) => {
    return c.json(await getEvent(c.get("db"), c.get("user"), c.req.param("id")));
  })
  .put("/events/:id", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, updateEventBody);
    return c.json(await updateEvent(c.get("db"), user.id, c.req.param("id"), body));
  })
  .delete("/events/:id", async (c) => {
    const user = requireUser(c);
    await deleteEvent(c.get("db"), user.id, c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/events/:id/ics", async (c) => {
    const row = await getEventForIcs(c.get("db"), c.req.param("id"));
    const body = buildCalendar({ name: row.title, events: [toIcsEvent(row, new URL(c.req.url).origin)], now: Date.now() });
    return icsResponse(body, `event-${row.id}.ics`, "public, max-age=60");
  })
  .post("/events/:id/join", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, joinEventBody);
    await enforceRateLimit(c.get("db"), "eventJoin", user.id);
    const result = await joinEvent(c.get("db"), user.id, c.req.param("id"), body);
    return c.json(result.event, result.created ? 201 : 200);
  })
  .delete("/events/:id/leave", async (c) => {
    const user = requireUser(c);
    const { promotedUserIds } = await leaveEvent(c.get("db"), user.id, c.req.param("id"));
    return c.json({ left: true as const, promotedUserIds });
  });
