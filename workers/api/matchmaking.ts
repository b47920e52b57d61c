import { createRoute } from "@hono/zod-openapi";
import { matchList, matchmakingPreferencesSchema, preferencesResponseSchema } from "../contract/matchmaking";
import { findPlayers, getPreferences, savePreferences } from "../domain/members/matchmaking";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

const getPreferencesRoute = createRoute({
  method: "get",
  path: "/matchmaking/preferences",
  summary: "The member's saved matchmaking preferences, or the spec defaults (saved: false) when none are stored.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  responses: { 200: jsonResponse(preferencesResponseSchema, "The preferences"), ...errors([401, "Signed out"]) },
});

const savePreferencesRoute = createRoute({
  method: "put",
  path: "/matchmaking/preferences",
  summary: "Saves the member's matchmaking preferences (and their games index) in one batch.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { body: jsonBody(matchmakingPreferencesSchema) },
  responses: {
    200: jsonResponse(preferencesResponseSchema, "Saved"),
    ...errors([400, "Invalid preferences"], [401, "Signed out"]),
  },
});

const findPlayersRoute = createRoute({
  method: "post",
  path: "/matchmaking/find-players",
  summary:
    "Up to 20 members whose saved preferences share a game with the body's, best matchScore first; never the searcher, never a member blocked either way.",
  security: MEMBER_ONLY,
  middleware: memberOnly,
  request: { body: jsonBody(matchmakingPreferencesSchema) },
  responses: {
    200: jsonResponse(matchList, "Match results, best first"),
    ...errors([400, "Invalid preferences"], [401, "Signed out"], [429, `More than ${limitText("matchmakingSearch")}`]),
  },
});

export const matchmakingApi = apiRouter()
  .openapi(getPreferencesRoute, async (c) => c.json(await getPreferences(c.get("db"), requireUser(c).id), 200))
  .openapi(savePreferencesRoute, async (c) => c.json(await savePreferences(c.get("db"), requireUser(c).id, c.req.valid("json")), 200))
  .openapi(findPlayersRoute, async (c) => c.json(await findPlayers(c.get("db"), requireUser(c).id, c.req.valid("json")), 200));
