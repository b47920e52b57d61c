import { createRoute } from "@hono/zod-openapi";
import { gameResultResponse, recordResultBody, respondToResultBody } from "../contract/game-results";
import { sessionIdParam } from "../contract/game-sessions";
import { notFound } from "../domain/errors";
import { readGameResult, recordGameResult, respondToGameResult } from "../domain/results/game-results";
import { TOURNAMENT_RESULT_REFUSAL } from "../domain/results/game-result-rules";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

/** A finished room's result (issue 27): thin handlers over workers/domain/results/game-results.ts. */

const LIMIT = [429, `More than ${limitText("gameResult")}`] as const;

const recordRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/result",
  summary:
    "Host only, after the game ended: records the result (winner or draw, the turn it ended, each player's commander; players left out of `commanders` keep their seat deck's). Its players are the room's seated players; each other player is notified to confirm it. One result per room: recording again is allowed only while it is disputed, and asks everyone again.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam, body: jsonBody(recordResultBody) },
  responses: {
    201: jsonResponse(gameResultResponse, "The recorded result (status pending)"),
    ...errors(
      [400, "Invalid body, or a winner or commander line for someone who did not play"],
      [401, "Signed out"],
      [403, "Not the host"],
      [404, "No such session"],
      [
        409,
        `The game has not ended, the result is already recorded (and not disputed), fewer than two players sat, or a tournament match room ("${TOURNAMENT_RESULT_REFUSAL}")`,
      ],
      LIMIT,
    ),
  },
});

const respondRoute = createRoute({
  method: "post",
  path: "/game-sessions/{id}/result/response",
  summary:
    "Another player of the game confirms or disputes the recorded result (once). A dispute notifies the host with the optional reason; when every other player has confirmed, the result is confirmed and the room's bot hears `room.ended`.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam, body: jsonBody(respondToResultBody) },
  responses: {
    200: jsonResponse(gameResultResponse, "The result after the answer"),
    ...errors(
      [400, "Invalid body"],
      [401, "Signed out"],
      [403, "Not one of the game's other players"],
      [404, "No such session, or no result recorded yet"],
      [409, "Already answered, the result is disputed, or a tournament match room"],
      LIMIT,
    ),
  },
});

const readRoute = createRoute({
  method: "get",
  path: "/game-sessions/{id}/result",
  summary:
    "The room's result with each player's answer (pending, confirmed or disputed; stats count confirmed results only). For anyone who may see the room; a token needs `results:read`.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(gameResultResponse, "The result"),
    ...errors(
      [401, "Signed out"],
      [403, "A block or the host's removal keeps the caller out of the room"],
      [404, "No such session, or no result recorded yet"],
    ),
  },
});

export const gameResultsApi = apiRouter()
  .openapi(recordRoute, async (c) =>
    c.json(await recordGameResult(c.get("db"), c.req.valid("param").id, requireUser(c).id, c.req.valid("json")), 201),
  )
  .openapi(respondRoute, async (c) =>
    c.json(await respondToGameResult(c.env, c.get("db"), c.req.valid("param").id, requireUser(c).id, c.req.valid("json")), 200),
  )
  .openapi(readRoute, async (c) => {
    const { view } = await readGameResult(c.get("db"), c.req.valid("param").id, requireUser(c).id);
    if (!view) throw notFound("No result has been recorded for this game");
    // Answers change it: never kept by a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(view, 200);
  });
