/**
 * The Tournament Hub's routes (spec 001 §2, §7; issues 8 and 37), thin: declaration → domain → JSON.
 *
 * Over 300 lines: sixteen route declarations, each with its summary and every answer it gives, feed the handlers,
 * the OpenAPI document and the typed client from one place; splitting them would split one router.
 */
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
  podParams,
  podResultSchema,
  standingsSchema,
  tournamentDetailSchema,
  tournamentListSchema,
  tournamentParams,
  updateTournamentSchema,
} from "../contract/tournaments";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { dropFromTournament, openMatchRoom, reportMatchResult } from "../domain/tournaments/tournament-matches";
import { finishTournament, getStandings, pairNextRound, startTopCut, startTournament } from "../domain/tournaments/tournament-play";
import { callTime, reportPodResult } from "../domain/tournaments/tournament-pod-results";
import {
  createTournament,
  getTournamentDetail,
  joinTournament,
  leaveTournament,
  listTournaments,
  updateTournament,
} from "../domain/tournaments/tournaments";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, PUBLIC, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

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
  summary:
    "Standings. One against one (MTR Appendix C): match points, then OMW%, GW%, OGW%. Pods (Commander): 5 points a win, 1 a draw, then opponents' win rate (OWP), then the later average seat; once a top cut is played, its winner, finalists and semifinalists come first. Fractions rounded to 4 decimals.",
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
  summary:
    "Organizer starts the tournament (at least 2 participants; 3 when it plays in pods): status active, seeds drawn, round 1 paired (in pods, seated in turn order and timed), players notified. Not before its start date less the check-in window (`startOpensAt`, 60 minutes).",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(tournamentDetailSchema, "The running tournament with round 1"),
    ...errors(...organizerOnly, [409, "Not upcoming, too early (before startOpensAt) or too few participants"]),
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

const topCutRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/top-cut",
  summary:
    "Pods only: once the current Swiss round has every result, the organizer starts the top cut that fits the active players (`topCut`: top 4 is one final pod; top 10 and 16 play semifinal pods, then the final with Next Round). Cut pods are seated by Swiss standing and untimed.",
  ...member,
  request: { params: tournamentParams },
  responses: {
    201: jsonResponse(tournamentDetailSchema, "The tournament with its first top-cut round"),
    ...errors(...organizerOnly, [409, "Not in pods, not running, results missing, cut begun already, or 4 or fewer active players"]),
  },
});

const timeRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/time",
  summary:
    "Pods only: once the current round's time is up (`endsAt`), the organizer calls time: every pod nobody has reported is a draw for its players who have not dropped (1 point each).",
  ...member,
  request: { params: tournamentParams },
  responses: {
    200: jsonResponse(tournamentDetailSchema, "The tournament with the round's unfinished pods drawn"),
    ...errors(...organizerOnly, [409, "Not running, the round is untimed, its time is not up, or no pod is still playing"]),
  },
});

const podResultRoute = createRoute({
  method: "post",
  path: "/tournaments/{id}/pods/{podId}/result",
  summary:
    "Reports a pod's game (`podId` is the pod's match id): `{outcome: \"win\", winnerId}`, or `{outcome: \"draw\", drawIds?}` shared by the players still in the game (by default every player of the pod who has not dropped; the others lose). By a player of the pod or the organizer. The organizer's report is final; players' reports complete the pod when every player still in the event reported the same, and a different report marks it disputed until the organizer reports. A top-cut pod needs a winner.",
  ...member,
  request: { params: podParams, body: jsonBody(podResultSchema) },
  responses: {
    200: jsonResponse(matchSchema, "The pod after the report, with its seats"),
    ...errors(
      [400, "Invalid result: a winner or draw outside the pod, or a draw in the top cut"],
      [401, "Signed out"],
      [403, "Neither a player of the pod nor the organizer"],
      [404, "No such tournament or pod"],
      [409, "Not running, not the current round, a one-against-one match, or already final"],
      [429, `More than ${limitText("matchResult")}`],
    ),
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
  summary:
    "Opens (once) a TableSync room for the match, linked to it: two seats for a match, one per player for a pod (each player takes their pod seat, so the room's turn order is the pod's and seat 1 starts); answers its game session id.",
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
  .openapi(topCutRoute, async (c) => c.json(await startTopCut(c.get("db"), c.req.valid("param").id, requireUser(c)), 201))
  .openapi(timeRoute, async (c) => c.json(await callTime(c.get("db"), c.req.valid("param").id, requireUser(c)), 200))
  .openapi(podResultRoute, async (c) => {
    const user = requireUser(c);
    const { id, podId } = c.req.valid("param");
    const input = c.req.valid("json");
    await enforceRateLimit(c.get("db"), "matchResult", user.id);
    return c.json(await reportPodResult(c.get("db"), id, podId, user, input), 200);
  })
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
