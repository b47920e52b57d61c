import { createRoute } from "@hono/zod-openapi";
import {
  createTournamentSchema,
  dropSchema,
  listTournamentsQuerySchema,
  matchParams,
  matchResultSchema,
  matchRoomSchema,
  matchSchema,
  membershipSchema,
  standingsSchema,
  tournamentDetailSchema,
  tournamentListSchema,
  tournamentParams,
  updateTournamentSchema,
} from "../contract/tournaments";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { dropFromTournament, openMatchRoom, reportMatchResult } from "../domain/tournament-matches";
import { finishTournament, getStandings, pairNextRound, startTournament } from "../domain/tournament-play";
import {
  createTournament,
  getTournamentDetail,
  joinTournament,
  leaveTournament,
  listTournaments,
  updateTournament,
} from "../domain/tournaments";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

// Tournament Hub (spec 001 §2, §7; issue 8). Thin: declaration → domain → JSON.

const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;
const organizerOnly = [
  [401, "Signed out"],
  [403, "Not the organizer"],
  [404, "No such tournament"],
] as const;

const listRoute = createRoute({
  method: "get",
  path: "/tournaments",
  summary:
    "Tournament cards of a community (`mtg` means scry-gather), active first, then upcoming, then completed; by start date. Paginated with limit/offset.",
  security: PUBLIC,
  request: { query: listTournamentsQuerySchema },
  responses: { 200: jsonResponse(tournamentListSchema, "Tournament cards"), ...errors([400, "Bad query"]) },
});

const createTournamentRoute = createRoute({
  method: "post",
  path: "/tournaments",
  summary: "Creates an upcoming tournament organized by the caller.",
  ...member,
  request: { body: jsonBody(createTournamentSchema) },
  responses: {
    201: jsonResponse(tournamentDetailSchema, "The new tournament"),
    ...errors([400, "Invalid body or unknown community"], [401, "Signed out"], [429, `More than ${limitText("tournamentCreate")}`]),
  },
});

const detailRoute = createRoute({
  method: "get",
  path: "/tournaments/{id}",
  summary: "A tournament with its participants and every round's pairings and results.",
  security: PUBLIC,
  request: { params: tournamentParams },
  responses: { 200: jsonResponse(tournamentDetailSchema, "The tournament"), ...errors([404, "No such tournament"]) },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/tournaments/{id}",
  summary: "Organizer edits name, description, rules or prize pool (not once completed).",
  ...member,
  request: { params: tournamentParams, body: jsonBody(updateTournamentSchema) },
  responses: {
    200: jsonResponse(tournamentDetailSchema, "The tournament as edited"),
    ...errors([400, "Invalid body"], ...organizerOnly, [409, "Tournament completed"]),
  },
});

const standingsRoute = createRoute({
  method: "get",
  path: "/tournaments/{id}/standings",
  summary: "Standings (MTR Appendix C): match points, then OMW%, GW%, OGW%; fractions rounded to 4 decimals.",
  security: PUBLIC,
  request: { params: tournamentParams },
  responses: { 200: jsonResponse(standingsSchema, "Standings, best first"), ...errors([404, "No such tournament"]) },
});

const joinRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/join",
  summary: "Joins an upcoming tournament; the seat count is checked in the same statement that takes the seat.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(membershipSchema, "Joined"),
    ...errors(
      [401, "Signed out"],
      [404, "No such tournament"],
      [409, "Full, already joined or not upcoming"],
      [429, `More than ${limitText("tournamentJoin")}`],
    ),
  },
});

const leaveRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/leave",
  summary: "Leaves a tournament before it starts.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(membershipSchema, "Left"),
    ...errors([401, "Signed out"], [404, "No such tournament"], [409, "Started already or not joined"]),
  },
});

const dropRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/drop",
  summary:
    "A participant leaves a running tournament: an unreported match of the current round is conceded 0-2, and they are not paired again.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(dropSchema, "Dropped"),
    ...errors([401, "Signed out"], [404, "No such tournament"], [409, "Not running, not a participant or dropped already"]),
  },
});

const startRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/start",
  summary: "Organizer starts the tournament (at least 2 participants): status active, seeds drawn, round 1 paired, players notified.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(tournamentDetailSchema, "The running tournament with round 1"),
    ...errors(...organizerOnly, [409, "Not upcoming or fewer than 2 participants"]),
  },
});

const roundsRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/rounds",
  summary: "Organizer pairs the next round once every match of the current round has a result; players are notified.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    201: jsonResponse(tournamentDetailSchema, "The tournament with its new round"),
    ...errors(
      ...organizerOnly,
      [409, "Not running, results missing, or the bracket is decided"],
      [429, `More than ${limitText("tournamentRound")}`],
    ),
  },
});

const finishRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/finish",
  summary: "Organizer completes the tournament once the current round has every result.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(tournamentDetailSchema, "The completed tournament"),
    ...errors(...organizerOnly, [409, "Not running or results missing"]),
  },
});

const resultRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/matches/{matchId}/result",
  summary:
    "Reports a match result (best of three: games won 0-2 each, not 2-2; drawn games 0-3) by a player of the match or the organizer. Two matching player reports complete it; differing ones mark it disputed until the organizer reports; the organizer's report is final. No draws in single elimination.",
  ...member,
  request: { params: matchParams, body: jsonBody(matchResultSchema) },
  responses: {
    200: jsonResponse(matchSchema, "The match after the report"),
    ...errors(
      [400, "Invalid result (or a draw in single elimination)"],
      [401, "Signed out"],
      [403, "Neither a player of the match nor the organizer"],
      [404, "No such tournament or match"],
      [409, "Not running, not the current round, a bye, or already final"],
      [429, `More than ${limitText("matchResult")}`],
    ),
  },
});

const roomRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/matches/{matchId}/room",
  summary: "Opens (once) a two-player TableSync room for the match, linked to it; answers its game session id.",
  ...member,
  request: { params: matchParams },
  responses: {
    200: jsonResponse(matchRoomSchema, "The match's room"),
    ...errors(
      [401, "Signed out"],
      [403, "Neither a player of the match nor the organizer"],
      [404, "No such tournament or match"],
      [409, "Not running, or a bye"],
    ),
  },
});

export const tournamentsApi = apiRouter()
  .openapi(listRoute, async (c) => c.json(await listTournaments(c.get("db"), c.req.valid("query")), 200))
  .openapi(createTournamentRoute, async (c) => c.json(await createTournament(c.get("db"), requireUser(c), c.req.valid("json")), 201))
  .openapi(detailRoute, async (c) => c.json(await getTournamentDetail(c.get("db"), c.req.valid("param").id), 200))
  .openapi(updateRoute, async (c) =>
    c.json(await updateTournament(c.get("db"), c.req.valid("param").id, requireUser(c), c.req.valid("json")), 200),
  )
  .openapi(standingsRoute, async (c) => c.json(await getStandings(c.get("db"), c.req.valid("param").id), 200))
  .openapi(joinRoute, async (c) => {
    const user = requireUser(c);
    await enforceRateLimit(c.get("db"), "tournamentJoin", user.id);
    return c.json(await joinTournament(c.get("db"), c.req.valid("param").id, user), 200);
  })
  .openapi(leaveRoute, async (c) => c.json(await leaveTournament(c.get("db"), c.req.valid("param").id, requireUser(c)), 200))
  .openapi(dropRoute, async (c) => c.json(await dropFromTournament(c.get("db"), c.req.valid("param").id, requireUser(c)), 200))
  .openapi(startRoute, async (c) => c.json(await startTournament(c.get("db"), c.req.valid("param").id, requireUser(c)), 200))
  .openapi(roundsRoute, async (c) => {
    const user = requireUser(c);
    await enforceRateLimit(c.get("db"), "tournamentRound", user.id);
    return c.json(await pairNextRound(c.get("db"), c.req.valid("param").id, user), 201);
  })
  .openapi(finishRoute, async (c) => c.json(await finishTournament(c.get("db"), c.req.valid("param").id, requireUser(c)), 200))
  .openapi(resultRoute, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const { id, matchId } = c.req.valid("param");
    await enforceRateLimit(c.get("db"), "matchResult", user.id);
    return c.json(await reportMatchResult(c.get("db"), id, matchId, user, input), 200);
  })
  .openapi(roomRoute, async (c) => {
    const { id, matchId } = c.req.valid("param");
    return c.json(await openMatchRoom(c.get("db"), id, matchId, requireUser(c)), 200);
  });
