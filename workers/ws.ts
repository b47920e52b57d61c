import type { Context } from "hono";
import { z } from "./lib/zod";
import { sessionIdFromRequest, sessionKey } from "./auth/session";
import { gameSessionExists } from "./domain/rooms/game-sessions";
import type { AppEnv } from "./http/app-env";
import { forbidden, notFound, unauthorized } from "./domain/errors";
import { HttpError } from "./http/errors";
import { isSameOrigin } from "./http/security";
import { parseQuery } from "./http/validate";
import { ROOM_SESSION_HEADER, ROOM_USER_HEADER } from "./contract/room/headers";

const wsQuery = z.object({
  sessionId: z.string().min(1).max(100),
  // Accepted for the spec's clients and ignored: a socket attaches to the place its member has (workers/domain/rooms/rooms.ts).
  mode: z.enum(["play", "spectate"]).optional(),
});

/**
 * `/ws?sessionId=ID`: authenticates, checks the page is ours and the room
 * exists, then hands the upgrade to the GameRoom named ID.
 */
export async function handleRoomSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpError(426, "Expected a WebSocket upgrade");
  }
  const user = c.get("user");
  const cookieSession = sessionIdFromRequest(c);
  if (!user || !cookieSession) throw unauthorized();
  // Browsers send Origin on every socket upgrade: another site's page must not open a socket with our cookie.
  if (!isSameOrigin(c.req.raw)) throw forbidden("Cross-origin socket refused");
  const { sessionId } = parseQuery(c, wsQuery);
  // D1 first: every name handed to the namespace creates a Durable Object with its own storage.
  if (!(await gameSessionExists(c.get("db"), sessionId))) throw notFound("Game session not found");
  // Built from scratch, not copied: client headers (x-partykit-*, look-alikes of ours) and query values
  // (`_pk` becomes the connection id and tag; long ones break the socket attachment) never reach the room.
  const url = new URL("/ws", c.req.url);
  url.search = new URLSearchParams({ sessionId }).toString();
  const headers = new Headers({
    Upgrade: "websocket",
    [ROOM_USER_HEADER]: user.id,
    [ROOM_SESSION_HEADER]: await sessionKey(cookieSession),
    "x-partykit-room": sessionId,
  });
  // Not partyserver's getServerByName: its extra call (setName, so RPC methods find onStart done) costs every socket
  // a round trip to the room; a fetch starts the room itself and names it from `x-partykit-room`.
  return c.env.GameRoom.getByName(sessionId).fetch(new Request(url, { headers, method: "GET" }));
}
