import { Hono } from "hono";
import { matchmakingPreferencesSchema } from "../contract/matchmaking";
import { findPlayers, getPreferences, savePreferences } from "../domain/matchmaking";
import { consumeRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { tooManyRequests } from "../http/errors";
import { requireUser } from "../http/require-user";
import { parseJsonBody } from "../http/validate";

/** Searches per member per minute: generous for people, a brake on scripted scraping. */
const SEARCHES_PER_MINUTE = 30;

export const matchmakingApi = new Hono<AppEnv>()
  .get("/matchmaking/preferences", async (c) => {
    const user = requireUser(c);
    return c.json(await getPreferences(c.get("db"), user.id));
  })
  .put("/matchmaking/preferences", async (c) => {
    const user = requireUser(c);
    const prefs = await parseJsonBody(c, matchmakingPreferencesSchema);
    return c.json(await savePreferences(c.get("db"), user.id, prefs));
  })
  .post("/matchmaking/find-players", async (c) => {
    const user = requireUser(c);
    const search = await parseJsonBody(c, matchmakingPreferencesSchema);
    const db = c.get("db");
    const { allowed } = await consumeRateLimit(db, `find-players:${user.id}`, SEARCHES_PER_MINUTE, 60_000);
    if (!allowed) throw tooManyRequests("Too many searches, please wait a minute");
    return c.json(await findPlayers(db, user.id, search));
  });
