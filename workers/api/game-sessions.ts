import { createRoute, z } from "@hono/zod-openapi";
import {
  createdGameSessionResponse,
  createGameSessionBody,
  gameSessionResponse,
  listGameSessionsQuery,
  membershipResponse,
  POWER_FIELDS_DOC,
  roomPrivacyBody,
  roomPrivacyResponse,
  sessionIdParam,
  tableCardsResponse,
} from "../contract/game-sessions";
import { conflict, forbidden, notFound } from "../domain/errors";
import { deckCardsForTable } from "../domain/cards/decks";
import { tableDecksFor } from "../domain/rooms/seat-decks";
import { nextCursorHeader } from "../contract/events";
import { listGameSessions } from "../domain/rooms/game-session-list";
import { getGameSession } from "../domain/rooms/game-sessions";
import { limitText } from "../domain/rate-limit-rules";
import { roomLinks } from "../domain/rooms/room-invites";
import { setRoomPrivacy } from "../domain/rooms/room-privacy";
import { SEAT_REFUSALS } from "../domain/rooms/room-rules";
import { createRoom, joinRoom, leaveRoom, spectateRoom, startRoom, type SeatResult } from "../domain/rooms/rooms";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

/** TableSync REST (spec 001 §7): thin handlers over the room service (workers/domain/rooms/rooms.ts). */

const JOIN_LIMIT = [429, `More than ${limitText("gameSessionJoin")} (joins and spectates together)`] as const;

const listRoute = createRoute({
  method: "get",
  path: "/game-sessions",
  summary:
    "Game sessions, newest first, with the `preferCommunityId` realm's rooms ahead of the rest. Filters: status (the lobby asks for waiting), communityId, format, powerLevel, bracket, q (room or host name contains, case-insensitive). Private rooms only for their host and members with a place in them. `limit` (max 100) and `cursor` page through them: the next cursor is in the X-Next-Cursor header.",
  description: POWER_FIELDS_DOC,
  security: PUBLIC,
  request: { query: listGameSessionsQuery },
  responses: {
    200: { ...jsonResponse(z.array(gameSessionResponse), "The sessions"), headers: nextCursorHeader },
    ...errors([400, "Bad query or cursor"]),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/game-sessions/{id}",
  summary: "One game session.",
  description: POWER_FIELDS_DOC,
  security: PUBLIC,
  request: { params: sessionIdParam },
  responses: { 200: jsonResponse(gameSessionResponse, "The session"), ...errors([404, "No such session"]) },
});

const createRoomRoute = createRoute({
  method: "post",
  path: "/game-sessions",
  summary:
    "Creates a waiting room; the caller is seated as host in seat 1. Description defaults to '{format} game session'. `invitedMemberIds` (at most 7) makes a room that seats only its host and the invited (anyone else may watch); each invitee is notified. With an API token (scope rooms:write) and invitees, the token's member takes no seat: the host is `hostMemberId` or the first invited, who must have allowed the bot (the token's member, whichever of their tokens) to seat them; a host who has not is asked once (a notification they answer in Settings) and the room is not created (403). The answer adds the room's absolute `roomUrl` and, for a private room with invitees, the `inviteUrl` to send them.",
  description: POWER_FIELDS_DOC,
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { body: jsonBody(createGameSessionBody) },
  responses: {
    201: jsonResponse(createdGameSessionResponse, "The new session with its links"),
    ...errors(
      [400, "Invalid body, unknown community/event, or an invitee that does not exist or a block keeps apart"],
      [401, "Signed out, or an invalid, expired or revoked token"],
      [403, "A token without the rooms:write scope, or a host who has not allowed the token's bot to seat them"],
      [429, `More than ${limitText("gameSessionCreate")}`],
    ),
  },
});

const joinRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/join",
  summary: "Takes a free seat (idempotent). Capacity is decided by one conditional insert, so simultaneous joins never overfill.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(membershipResponse, "Seated"),
    ...errors(
      [401, "Signed out"],
      [
        403,
        "A block stands between the caller and the host, a tournament match room of other players, or a room with invites that did not invite the caller",
      ],
      [404, "No such session"],
      [409, "Room is full, or the session has ended"],
      JOIN_LIMIT,
    ),
  },
});

const spectateRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/spectate",
  summary: "Watches the room as a spectator (a seated caller keeps their seat).",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(membershipResponse, "Watching"),
    ...errors(
      [401, "Signed out"],
      [403, "A block stands between the caller and the host"],
      [404, "No such session"],
      [409, "The session has ended"],
      JOIN_LIMIT,
    ),
  },
});

const leaveRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/leave",
  summary: "Leaves the room. A leaving host hands over to the next seated player; when nobody is seated the session completes.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(gameSessionResponse, "The session after leaving"),
    ...errors([401, "Signed out"], [404, "No such session, or not in it"]),
  },
});

const startRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/start",
  summary: "Host only: waiting → active, the first turn goes to seat 1.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(gameSessionResponse, "The started session"),
    ...errors([401, "Signed out"], [403, "Not the host"], [404, "No such session"], [409, "Not waiting"]),
  },
});

const privacyRoute = createRoute({
  method: "patch",
  path: "/game-sessions/{id}",
  summary:
    "Host only: makes the room private (listed only to its host and the members with a place in it; still joinable by its link) or public again.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam, body: jsonBody(roomPrivacyBody) },
  responses: {
    200: jsonResponse(roomPrivacyResponse, "The room's privacy"),
    ...errors([400, "Invalid body"], [401, "Signed out"], [403, "Not the host"], [404, "No such session, or it has ended"]),
  },
});

const tableCardsRoute = createRoute({
  method: "get",
  path: "/game-sessions/{id}/cards",
  summary:
    "Every card in the decks on the room's seats (commanders included, each card once): what a video tile's card identification chooses from. For members who may see the room (not one its host removed or a block keeps out).",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(tableCardsResponse, "The table's cards"),
    ...errors([401, "Signed out"], [403, "The host removed the caller, or a block stands between them"], [404, "No such session"]),
  },
});

/** The API's words for a seat the service could not give. */
function seatRefused(result: Exclude<SeatResult, { ok: true }>): never {
  if (result.reason === "full") throw conflict("Room is full");
  throw forbidden(result.reason === "invited_only" ? SEAT_REFUSALS.invitedOnly : SEAT_REFUSALS.matchPlayersOnly);
}

export const gameSessionsApi = apiRouter()
  .openapi(listRoute, async (c) => {
    const page = await listGameSessions(c.get("db"), c.get("user")?.id ?? null, c.req.valid("query"));
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    // What a member sees depends on who they are (private rooms): never shared by a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(page.sessions, 200);
  })
  .openapi(getRoute, async (c) => {
    const session = await getGameSession(c.get("db"), c.req.valid("param").id);
    if (!session) throw notFound("Game session not found");
    return c.json(session, 200);
  })
  .openapi(createRoomRoute, async (c) => {
    const room = await createRoom(c.get("db"), requireUser(c).id, c.req.valid("json"), { tokenId: c.get("accessToken")?.id ?? null });
    return c.json({ ...room, ...roomLinks(new URL(c.req.url).origin, room, room.invitedMemberIds) }, 201);
  })
  .openapi(joinRoute, async (c) => {
    const result = await joinRoom(c.env, c.get("db"), c.req.valid("param").id, requireUser(c).id);
    if (!result.ok) seatRefused(result);
    return c.json(result.membership, 200);
  })
  .openapi(spectateRoute, async (c) => c.json(await spectateRoom(c.env, c.get("db"), c.req.valid("param").id, requireUser(c).id), 200))
  .openapi(leaveRoute, async (c) => c.json(await leaveRoom(c.env, c.get("db"), c.req.valid("param").id, requireUser(c).id), 200))
  .openapi(privacyRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { isPrivate } = c.req.valid("json");
    await setRoomPrivacy(c.get("db"), requireUser(c), id, isPrivate);
    return c.json({ id, isPrivate }, 200);
  })
  .openapi(tableCardsRoute, async (c) => {
    const db = c.get("db");
    const table = await tableDecksFor(db, c.req.valid("param").id, requireUser(c).id);
    if (!table.found) throw notFound("Game session not found");
    if (table.refused) throw forbidden("You cannot see this room");
    // Decks change while a game is on: never kept by a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json({ cards: await deckCardsForTable(db, table.deckIds) }, 200);
  })
  .openapi(startRoute, async (c) => c.json(await startRoom(c.env, c.get("db"), c.req.valid("param").id, requireUser(c).id), 200));
