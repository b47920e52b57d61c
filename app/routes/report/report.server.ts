import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { safeReturnTo } from "../../../workers/contract/auth";
import { reportBody, reportItemKind } from "../../../workers/contract/moderation";
import { fileReport } from "../../../workers/domain/moderation/reports";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { ReportTarget } from "~/components/moderation/report-target";

const REPORT_SENT = { title: "Report sent", description: "Thanks. A moderator will review it." };
const REPORT_FAILED = { title: "Report not sent", variant: "destructive" as const };

/** What the report page reports (its query): the item, a chat message's room, and the page to go back to. */
const reportQuery = z.object({
  kind: reportItemKind,
  id: z.string().trim().min(1).max(64),
  roomId: z.string().trim().min(1).max(64).optional(),
  back: z.string().max(2048).optional(),
});

/** The page's data: the item to report and where the member came from (a same-site path, else home). */
export function loadReportPage({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const url = new URL(request.url);
  const parsed = reportQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: "Nothing to report: open Report from the item itself" }, { status: 400 });
  const { kind, id, roomId, back } = parsed.data;
  const target: ReportTarget = roomId ? { kind, id, roomId } : { kind, id };
  return { target, back: safeReturnTo(back, url.origin) };
}

/**
 * Files a report: from the report page's plain form (answers with a redirect back to the item and a toast, so it
 * works without JavaScript) or from the report dialog (`mode=dialog`: answers data, the page stays as it is).
 */
export async function reportAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const fromDialog = raw.mode === "dialog";
  const parsed = parseSubmission(reportBody, raw, { ...REPORT_FAILED, description: "Please choose a reason." });
  if (!parsed.ok) return parsed.response;
  try {
    await fileReport(context.cloudflare.env, context.db, user.id, parsed.value);
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: { ...REPORT_FAILED, description: e.message } }));
  }
  if (fromDialog) return { ok: true as const, toast: REPORT_SENT };
  const url = new URL(request.url);
  return redirectWithToast(request, safeReturnTo(url.searchParams.get("back"), url.origin), REPORT_SENT);
}
