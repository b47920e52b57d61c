import { createRoute, z } from "@hono/zod-openapi";
import {
  createEventBody,
  eventIdParams,
  eventList,
  eventSchema,
  feedTokenParams,
  feedUrlResponse,
  joinEventBody,
  leaveEventResponse,
  listEventsQuery,
  nextCursorHeader,
  updateEventBody,
} from "../contract/events";
import { unauthorized } from "../domain/errors";
import { calendarFeedUrls, eventIcsFile, feedIcsFile, getEvent, listEvents, rotateCalendarFeed } from "../domain/events/event-queries";
import { joinEvent, leaveEvent } from "../domain/events/event-attendance";
import { createEvent, deleteEvent, updateEvent } from "../domain/events/events";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

/** An iCalendar (RFC 5545) response. */
const calendarResponse = (description: string) => ({
  description,
  content: { "text/calendar": { schema: z.string().meta({ description: "iCalendar text" }) } },
});

function icsResponse(body: string, filename: string | null, cacheControl: string) {
  const headers: Record<string, string> = { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": cacheControl };
  if (filename) headers["Content-Disposition"] = `attachment; filename="${filename}"`;
  return new Response(body, { status: 200, headers });
}

const originOf = (url: string) => new URL(url).origin;

const listEventsRoute = createRoute({
  method: "get",
  path: "/events",
  summary:
    "Event list ordered by start. Filters: type, upcoming=true, communityId, from/to (yyyy-mm-dd), scope=attending|hosting (member). Cursor pagination: the next cursor is in the X-Next-Cursor header.",
  security: PUBLIC,
  request: { query: listEventsQuery },
  responses: {
    200: { ...jsonResponse(eventList, "Events, earliest first"), headers: nextCursorHeader },
    ...errors([400, "Invalid query"], [401, "scope needs a signed-in member"]),
  },
});

const createEventRoute = createRoute({
  method: "post",
  path: "/events",
  summary:
    "Create an event in a community. It starts in the future (a start that has passed is a 400 whose issue names `date` or `time`). The creator hosts it and holds a game pod's first player seat.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { body: jsonBody(createEventBody) },
  responses: {
    201: jsonResponse(eventSchema, "Created"),
    ...errors(
      [400, "Invalid event, a start that has passed, or an unknown community"],
      [401, "Signed out"],
      [429, `More than ${limitText("eventCreate")}`],
    ),
  },
});

// Static paths (/events/feed-url, /events/feed/{token}) are registered before /events/{id}.
const feedUrlRoute = createRoute({
  method: "get",
  path: "/events/feed-url",
  summary: "The member's private iCalendar feed URL (created on first call).",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  responses: { 200: jsonResponse(feedUrlResponse, "The feed's https and webcal addresses"), ...errors([401, "Signed out"]) },
});

const rotateFeedUrlRoute = createRoute({
  method: "post",
  path: "/events/feed-url",
  summary: "Replace the member's feed URL; the old one stops working.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  responses: { 200: jsonResponse(feedUrlResponse, "The new addresses"), ...errors([401, "Signed out"]) },
});

const feedRoute = createRoute({
  method: "get",
  path: "/events/feed/{token}",
  summary: "Private iCalendar feed of the events the token's member attends or hosts (the token is the secret).",
  security: PUBLIC,
  request: { params: feedTokenParams },
  responses: { 200: calendarResponse("The member's events as a calendar"), ...errors([404, "Unknown token"]) },
});

const getEventRoute = createRoute({
  method: "get",
  path: "/events/{id}",
  summary: "One event.",
  security: PUBLIC,
  request: { params: eventIdParams },
  responses: { 200: jsonResponse(eventSchema, "The event"), ...errors([404, "No such event"]) },
});

const updateEventRoute = createRoute({
  method: "put",
  path: "/events/{id}",
  summary:
    "Update an upcoming event (creator or host only). The new start lies in the future, as on create; an event that has started can no longer be changed (409).",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: eventIdParams, body: jsonBody(updateEventBody) },
  responses: {
    200: jsonResponse(eventSchema, "Updated"),
    ...errors(
      [400, "Invalid event, or a start that has passed"],
      [401, "Signed out"],
      [403, "Not the creator or host"],
      [404, "No such event"],
      [409, "The event has started, or fewer seats than players already seated"],
    ),
  },
});

const deleteEventRoute = createRoute({
  method: "delete",
  path: "/events/{id}",
  summary: "Delete an event (creator or host only); attendees are notified.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: eventIdParams },
  responses: {
    204: { description: "Deleted" },
    ...errors([401, "Signed out"], [403, "Not the creator or host"], [404, "No such event"]),
  },
});

const eventIcsRoute = createRoute({
  method: "get",
  path: "/events/{id}/ics",
  summary: "One event as an iCalendar file.",
  security: PUBLIC,
  request: { params: eventIdParams },
  responses: { 200: calendarResponse("The event as a calendar file (attachment)"), ...errors([404, "No such event"]) },
});

const joinEventRoute = createRoute({
  method: "post",
  path: "/events/{id}/join",
  summary:
    "Join an event. The server decides the seat atomically: main while free, else alternate (game pods), spectators up to maxAttendees. Idempotent (200 when already attending, 201 when seated now).",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: eventIdParams, body: jsonBody(joinEventBody) },
  responses: {
    200: jsonResponse(eventSchema, "Already attending: the event, unchanged"),
    201: jsonResponse(eventSchema, "Seated now: the event with the caller's seat"),
    ...errors(
      [400, "Invalid body"],
      [401, "Signed out"],
      [404, "No such event"],
      [409, "Event full or already started"],
      [429, `More than ${limitText("eventJoin")}`],
    ),
  },
});

const leaveEventRoute = createRoute({
  method: "delete",
  path: "/events/{id}/leave",
  summary: "Leave an event. A freed main seat goes to the earliest alternate at once, who is notified.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: eventIdParams },
  responses: {
    200: jsonResponse(leaveEventResponse, "Left; who moved up from the waiting list"),
    ...errors([401, "Signed out"], [404, "No such event"], [409, "Not attending"]),
  },
});

export const eventsApi = apiRouter()
  .openapi(listEventsRoute, async (c) => {
    const query = c.req.valid("query");
    const user = c.get("user");
    if (query.scope && !user) throw unauthorized();
    const page = await listEvents(c.get("db"), user, query);
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    c.header("Cache-Control", "private, no-store");
    return c.json(page.events, 200);
  })
  .openapi(createEventRoute, async (c) => c.json(await createEvent(c.get("db"), requireUser(c).id, c.req.valid("json")), 201))
  .openapi(feedUrlRoute, async (c) => c.json(await calendarFeedUrls(c.get("db"), requireUser(c).id, originOf(c.req.url)), 200))
  .openapi(rotateFeedUrlRoute, async (c) => c.json(await rotateCalendarFeed(c.get("db"), requireUser(c).id, originOf(c.req.url)), 200))
  .openapi(feedRoute, async (c) => {
    const body = await feedIcsFile(c.get("db"), c.req.valid("param").token, originOf(c.req.url));
    return icsResponse(body, null, "private, max-age=300");
  })
  .openapi(getEventRoute, async (c) => c.json(await getEvent(c.get("db"), c.get("user"), c.req.valid("param").id), 200))
  .openapi(updateEventRoute, async (c) =>
    c.json(await updateEvent(c.get("db"), requireUser(c).id, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(deleteEventRoute, async (c) => {
    await deleteEvent(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(eventIcsRoute, async (c) => {
    const file = await eventIcsFile(c.get("db"), c.req.valid("param").id, originOf(c.req.url));
    return icsResponse(file.body, file.filename, "public, max-age=60");
  })
  .openapi(joinEventRoute, async (c) => {
    const result = await joinEvent(c.get("db"), requireUser(c).id, c.req.valid("param").id, c.req.valid("json"));
    return result.created ? c.json(result.event, 201) : c.json(result.event, 200);
  })
  .openapi(leaveEventRoute, async (c) => {
    const { promotedUserIds } = await leaveEvent(c.get("db"), requireUser(c).id, c.req.valid("param").id);
    return c.json({ left: true as const, promotedUserIds }, 200);
  });
