import { Hono } from "hono";
import { userSettingsBody } from "../contract/settings";
import { destroySession, sessionIdFromRequest, clearSessionCookie } from "../auth/session";
import { deleteAccount, exportMemberData } from "../domain/account";
import { getSettings, saveSettings } from "../domain/settings";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../http/require-user";
import { parseJsonBody } from "../http/validate";

export const settingsApi = new Hono<AppEnv>()
  .get("/user/settings", async (c) => {
    const user = requireUser(c);
    return c.json(await getSettings(c.get("db"), user.id));
  })
  .put("/user/settings", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, userSettingsBody);
    return c.json(await saveSettings(c.get("db"), user.id, body));
  })
  .post("/user/export-data", async (c) => {
    const user = requireUser(c);
    const data = await exportMemberData(c.get("db"), user);
    const day = data.exportedAt.slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="realmcast-data-${day}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(data);
  })
  .delete("/user/account", async (c) => {
    const user = requireUser(c);
    await deleteAccount(c.env, c.get("db"), user);
    // Other sessions stop resolving because the user row is gone; this one is removed outright.
    const sessionId = sessionIdFromRequest(c);
    if (sessionId) await destroySession(c.env, sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
