import { Hono } from "hono";
import { createTournamentSchema, listTournamentsQuerySchema, matchResultSchema, updateTournamentSchema } from "../contract/tournaments";
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
import { enforceRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../http/require-user";
import { parseJsonBody, parseQuery } from "../http/validate";

// Tournament Hub (spec 001 §2, §7; issue 8). Thin: validate → domain → JSON.
export const tournamentsApi = new Hono<AppEnv>()
  .get("/tournaments", async (c) => {
    const query = parseQuery(c, listTournamentsQuerySchema);
    return c.json(await listTournaments(c.get("db"), query));
  })
  .post("/tournaments", async (c) => {
    const user = requireUser(c);
    const input = await parseJsonBody(c, createTournamentSchema);
    return c.json(await createTournament(c.get("db"), user, input), 201);
  })
  .get("/tournaments/:id", async (c) => c.json(await getTournamentDetail(c.get("db"), c.req.param("id"))))
  .patch("/tournaments/:id", async (c) => {
    const user = requireUser(c);
    const input = await parseJsonBody(c, updateTournamentSchema);
    return c.json(await updateTournament(c.get("db"), c.req.param("id"), user, input));
  })
  .get("/tournaments/:id/standings", async (c) => c.json(await getStandings(c.get("db"), c.req.param("id"))))
  .post("/tournaments/:id/join", async (c) => {
    const user = requireUser(c);
    await enforceRateLimit(c.get("db"), "tournamentJoin", user.id);
    return c.json(await joinTournament(c.get("db"), c.req.param("id"), user));
  })
  .post("/tournaments/:id/leave", async (c) => {
    const user = requireUser(c);
    return c.json(await leaveTournament(c.get("db"), c.req.param("id"), user));
  })
  .post("/tournaments/:id/drop", async (c) => {
    const user = requireUser(c);
    return c.json(await dropFromTournament(c.get("db"), c.req.param("id"), user));
  })
  .post("/tournaments/:id/start", async (c) => {
    const user = requireUser(c);
    return c.json(await startTournament(c.get("db"), c.req.param("id"), user));
  })
  .post("/tournaments/:id/rounds", async (c) => {
    const user = requireUser(c);
    await enforceRateLimit(c.get("db"), "tournamentRound", user.id);
    return c.json(await pairNextRound(c.get("db"), c.req.param("id"), user), 201);
  })
  .post("/tournaments/:id/finish", async (c) => {
    const user = requireUser(c);
    return c.json(await finishTournament(c.get("db"), c.req.param("id"), user));
  })
  .post("/tournaments/:id/matches/:matchId/result", async (c) => {
    const user = requireUser(c);
    const input = await parseJsonBody(c, matchResultSchema);
    await enforceRateLimit(c.get("db"), "matchResult", user.id);
    return c.json(await reportMatchResult(c.get("db"), c.req.param("id"), c.req.param("matchId"), user, input));
  })
  .post("/tournaments/:id/matches/:matchId/room", async (c) => {
    const user = requireUser(c);
    return c.json(await openMatchRoom(c.get("db"), c.req.param("id"), c.req.param("matchId"), user));
  });
