import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { moderationCommand, queueQuery } from "../../../workers/contract/moderation";
import { moderateCase } from "../../../workers/domain/moderation/actions";
import { listQueue } from "../../../workers/domain/moderation/queue";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, echoValues, parseSubmission, readForm, rethrowForLoader } from "~/lib/forms.server";

/** The queue's page: open cases the reader may read (`?realm=` one realm or "site"; `?cursor=` the next page). */
export async function loadQueue({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const url = new URL(request.url);
  const query = queueQuery.safeParse(Object.fromEntries(url.searchParams));
  const filter = query.success ? query.data : {};
  try {
    const { actor, cases, nextCursor } = await listQueue(context.db, user.id, { realm: filter.realm ?? null, cursor: filter.cursor });
    return { cases, nextCursor, realm: filter.realm ?? null, isAdmin: actor.siteAdmin, realms: actor.moderatorOf };
  } catch (error) {
    rethrowForLoader(error);
  }
}

/**
 * One action on a case: the form's `intent` (a radio group), the reason (a dismissal's optional note), a period
 * for a removal or a suspension. The role rule decides in the domain (moderateCase); the answer is a toast.
 */
export async function queueAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  // A dismissal's note is the same field as the other actions' reason.
  const form = raw.intent === "dismiss" ? { ...raw, note: raw.reason } : raw;
  const parsed = parseSubmission(moderationCommand, form, { title: "Not done", variant: "destructive", description: "Check the form." });
  if (!parsed.ok) return parsed.response;
  try {
    const outcome = await moderateCase(context.cloudflare.env, context.db, user.id, parsed.value);
    return { ok: true as const, caseId: parsed.value.caseId, toast: { title: outcome.message } };
  } catch (error) {
    // The values name the case, so the queue's card that asked shows the refusal (the cards share one fetcher).
    return domainFailure(error, (e) => ({
      toast: { title: "Not done", description: e.message, variant: "destructive" as const },
      values: echoValues(raw),
    }));
  }
}
