import { Hono } from "hono";
import { createGameSessionBody, listGameSessionsQuery, sessionIdParam } from "../contract/game-sessions";
import {
  createRoom,
  getGameSession,
  joinGameSession,
  leaveGameSession,
  listGameSessions,
  spectateGameSession,
  startGameSession,
} from "../domain/game-sessions";
import { enforceRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../domain/errors";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery, parseValue } from "../http/validate";
import { syncRoom } from "../ws";

const idOf = (raw: Record<string, string>) => parseValue(sessionIdParam, raw, "Invalid session id").id;

/** TableSync REST (spec 001 §7): thin handlers over workers/domain/game-sessions.ts. */
export const gameSessionsApi = new Hono<AppEnv>()
  .get("/game-sessions", async (c) => {
    const query = parseQuery(c, listGameSessionsQuery);
    const sessions = await listGameSessions(c.get("db"), query);
    return c.json(sessions);
  })
  .get("/game-sessions/:id", async (c) => {
    const session = await getGameSession(c.get("db"), idOf(c.req.param()));
    if (!session) throw notFound("Game session not found");
    return c.json(session);
  })
  .post("/game-sessions", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, createGameSessionBody);
    await enforceRateLimit(c.get("db"), "gameSessionCreate", user.id);
    return c.json(await createRoom(c.get("db"), user.id, body), 201);
  })
  .post("/game-sessions/:id/join", async (c) => {
    const user = requireUser(c);
    const id = idOf(c.req.param());
    await enforceRateLimit(c.get("db"), "gameSessionJoin", user.id);
    const membership = await joinGameSession(c.get("db"), id, user.id);
    await syncRoom(c.env, id);
    return c.json(membership);
  })
  .post("/game-sessions/:id/spectate", async (c) => {
    const user = requireUser(c);
    const id = idOf(c.req.param());
    await enforceRateLimit(c.get("db"), "gameSessionJoin", user.id);
    const membership = await spectateGameSession(c.get("db"), id, user.id);
    await syncRoom(c.env, id);
    return c.json(membership);
  })
  .post("/game-sessions/:id/leave", async (c) => {
    const user = requireUser(c);
    const id = idOf(c.req.param());
    const session = await leaveGameSession(c.get("db"), id, user.id);
    await syncRoom(c.env, id, user.id);
    return c.json(session);
  })
  .post("/game-sessions/:id/start", async (c) => {
    const user = requireUser(c);
    const id = idOf(c.req.param());
    const session = await startGameSession(c.get("db"), id, user.id);
    await syncRoom(c.env, id);
    return c.json(session);
  });
