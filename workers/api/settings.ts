import { createRoute } from "@hono/zod-openapi";
import { clearSessionCookie, destroySession, sessionIdFromRequest } from "../auth/session";
import { memberDataExport, userSettingsBody } from "../contract/settings";
import { deleteAccount, exportFileName, exportMemberData } from "../domain/members/account";
import { getSettings, saveSettings } from "../domain/members/settings";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

// Settings dialog (spec 000 §2, §7): settings, data export, account deletion.
const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;

const getSettingsRoute = createRoute({
  method: "get",
  path: "/user/settings",
  summary: "The member's settings; the spec's defaults when never saved.",
  ...member,
  responses: { 200: jsonResponse(userSettingsBody, "Your settings"), ...errors([401, "Signed out"]) },
});

const saveSettingsRoute = createRoute({
  method: "put",
  path: "/user/settings",
  summary: "Replaces the member's settings (all four groups, every field).",
  ...member,
  request: { body: jsonBody(userSettingsBody) },
  responses: {
    200: jsonResponse(userSettingsBody, "Your settings as saved"),
    ...errors([400, "Missing or invalid field"], [401, "Signed out"]),
  },
});

const exportRoute = createRoute({
  method: "post",
  path: "/user/export-data",
  summary:
    "Everything stored about the member as a JSON file download (Content-Disposition: attachment): profile, settings, links, communities, events, rooms, tournaments, forum posts and replies, friends, notifications, social posts, saved decks.",
  ...member,
  responses: { 200: jsonResponse(memberDataExport, "Your data, as a file download"), ...errors([401, "Signed out"]) },
});

const deleteAccountRoute = createRoute({
  method: "delete",
  path: "/user/account",
  summary:
    "Deletes the member and their personal data in one batch and ends every session. Forum posts and replies stay, unattributed; events, rooms and tournaments they created are deleted.",
  ...member,
  responses: { 204: { description: "Deleted; this session is signed out" }, ...errors([401, "Signed out"]) },
});

export const settingsApi = apiRouter()
  .openapi(getSettingsRoute, async (c) => c.json(await getSettings(c.get("db"), requireUser(c).id), 200))
  .openapi(saveSettingsRoute, async (c) => c.json(await saveSettings(c.get("db"), requireUser(c).id, c.req.valid("json")), 200))
  .openapi(exportRoute, async (c) => {
    const data = await exportMemberData(c.get("db"), requireUser(c));
    c.header("Content-Disposition", `attachment; filename="${exportFileName(data)}"`);
    c.header("Cache-Control", "no-store");
    return c.json(data, 200);
  })
  .openapi(deleteAccountRoute, async (c) => {
    await deleteAccount(c.env, c.get("db"), requireUser(c));
    // Other sessions stop resolving because the user row is gone; this one is removed outright.
    const sessionId = sessionIdFromRequest(c);
    if (sessionId) await destroySession(c.env, sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
