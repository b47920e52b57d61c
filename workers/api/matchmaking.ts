import { Hono } from "hono";
import { matchmakingPreferencesSchema } from "../contract/matchmaking";
import { findPlayers, getPreferences, savePreferences } from "../domain/matchmaking";
import { enforceRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../http/require-user";
import { parseJsonBody } from "../http/validate";

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
    await enforceRateLimit(db, "matchmakingSearch", user.id);
    return c.json(await findPlayers(db, user.id, search));
  });
