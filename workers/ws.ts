import type { Context } from "hono";
import { getServerByName } from "partyserver";
import { z } from "zod";
import type { AppEnv } from "./http/app-env";
import { HttpError, unauthorized } from "./http/errors";
import { parseQuery } from "./http/validate";

/** Header the Worker overwrites with the authenticated member's id; rooms trust nothing else. */
export const ROOM_USER_HEADER = "x-realmcast-user-id";
export const ROOM_MODE_HEADER = "x-realmcast-mode";

const wsQuery = z.object({
  sessionId: z.string().min(1).max(100),
  mode: z.enum(["play", "spectate"]).optional(),
});

/** `/ws?sessionId=ID`: authenticates, then hands the upgrade to the GameRoom named ID. */
export async function handleRoomSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpError(426, "Expected a WebSocket upgrade");
  }
  const user = c.get("user");
  if (!user) throw unauthorized();
  const { sessionId, mode } = parseQuery(c, wsQuery);
  const headers = new Headers(c.req.raw.headers);
  headers.set(ROOM_USER_HEADER, user.id);
  headers.set(ROOM_MODE_HEADER, mode ?? "play");
  headers.set("x-partykit-room", sessionId);
  const stub = await getServerByName(c.env.GameRoom, sessionId);
  return stub.fetch(new Request(c.req.raw.url, { headers, method: "GET" }));
}

/**
 * Tells a room that membership changed through the REST API (join, spectate,
 * leave, start) so it reloads from D1 and tells its sockets. `leftUserId`
 * disconnects that member's sockets: they left the room.
 */
export async function syncRoom(env: Env, sessionId: string, leftUserId?: string): Promise<void> {
  const stub = await getServerByName(env.GameRoom, sessionId);
  await stub.syncFromDatabase(leftUserId ?? null);
}
