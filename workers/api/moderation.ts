import { reportBody, reportReceipt } from "../contract/moderation";
import { REPORT_REASON_LABELS } from "../contract/moderation-options";
import { limitText } from "../domain/rate-limit-rules";
import { fileReport } from "../domain/moderation/reports";
import { requireUser } from "../http/require-user";
import { apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";
import { memberRoute } from "./route-guards";

const fileReportRoute = memberRoute({
  method: "post",
  path: "/reports",
  summary: `Reports a forum post or reply, a room's chat message (with its room), a room, an event, a tournament or a profile to the realm's moderators (a profile: the administrators), with a reason (${Object.values(REPORT_REASON_LABELS).join(", ")}) and an optional note. A member reports an item once. At most ${limitText("report")} per member, and ${limitText("reportItem")}.`,
  request: { body: jsonBody(reportBody) },
  responses: {
    201: jsonResponse(reportReceipt, "Reported: moderators will review it"),
    ...errors(
      [400, "Invalid report, or the item is your own (or the table's own chat line)"],
      [401, "Signed out"],
      [404, "No such item (or not one you can see)"],
      [409, "You already reported this item"],
      [429, "Too many reports from you, or of this item"],
    ),
  },
});

export const moderationApi = apiRouter().openapi(fileReportRoute, async (c) =>
  c.json(await fileReport(c.env, c.get("db"), requireUser(c).id, c.req.valid("json")), 201),
);
