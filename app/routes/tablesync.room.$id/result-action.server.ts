import type { AppLoadContext } from "@remix-run/cloudflare";
import { domainFailure, failure, fieldErrorsOf, parseSubmission } from "~/lib/forms.server";
import { COMMANDER_FIELD, recordResultForm, respondToResultForm } from "../../../workers/contract/game-results";
import { DomainError } from "../../../workers/domain/errors";
import { recordGameResult, respondToGameResult } from "../../../workers/domain/results/game-results";

export const RESULT_INTENTS = new Set(["record_result", "respond_result"]);

const RESULT_TOASTS = {
  recorded: { title: "Result recorded", description: "The other players are asked to confirm it." },
  confirmed: { title: "Result confirmed" },
  disputed: { title: "Result disputed", description: "The host is told, and can correct it." },
  failed: { title: "The result was not saved", variant: "destructive" as const },
};

/**
 * The room page's result forms (issue 27), checked with the API's schemas: the host records (or corrects) the
 * result, another player confirms or disputes it. Field errors come back beside the fields, without JavaScript too.
 */
export async function resultAction(context: AppLoadContext, sessionId: string, userId: string, raw: Record<string, string | string[]>) {
  const { db } = context;
  if (raw.intent === "record_result") {
    const parsed = recordResultForm.safeParse(raw);
    if (!parsed.success) return commanderErrorsBesideFields(raw, parsed.error.issues);
    try {
      await recordGameResult(db, sessionId, userId, parsed.data);
    } catch (error) {
      if (error instanceof DomainError && error.issues) return commanderErrorsBesideFields(raw, error.issues as Issue[], error.message);
      return domainFailure(error, { toast: RESULT_TOASTS.failed });
    }
    return { ok: true as const, toast: RESULT_TOASTS.recorded };
  }
  const parsed = parseSubmission(respondToResultForm, raw, RESULT_TOASTS.failed);
  if (!parsed.ok) return parsed.response;
  try {
    await respondToGameResult(context.cloudflare.env, db, sessionId, userId, parsed.value);
  } catch (error) {
    return domainFailure(error, { toast: RESULT_TOASTS.failed });
  }
  return { ok: true as const, toast: parsed.value.response === "confirm" ? RESULT_TOASTS.confirmed : RESULT_TOASTS.disputed };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** The body's `commanders.<i>` issues shown beside that player's field (`commander:<id>`), the rest by their path. */
function commanderErrorsBesideFields(
  raw: Record<string, string | string[]>,
  issues: readonly Issue[],
  message = "Please correct the highlighted fields.",
) {
  const ids = Object.keys(raw).filter((name) => name.startsWith(COMMANDER_FIELD));
  const placed = issues.map((issue) =>
    issue.path[0] === "commanders" && typeof issue.path[1] === "number" && ids[issue.path[1]]
      ? { ...issue, path: [ids[issue.path[1]]!] }
      : issue,
  );
  const values = Object.fromEntries(Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" && k !== "intent" ? [[k, v]] : [])));
  return failure(400, message, { fieldErrors: fieldErrorsOf(placed), values, toast: RESULT_TOASTS.failed });
}
