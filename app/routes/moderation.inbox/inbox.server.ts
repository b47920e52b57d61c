import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { contactAnswer } from "../../../workers/contract/moderation";
import { answerContactMessage, closeContactMessage, listInbox, type InboxFolder } from "../../../workers/domain/moderation/contact-inbox";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm, rethrowForLoader } from "~/lib/forms.server";

const FOLDERS: readonly InboxFolder[] = ["open", "answered", "closed"];

export async function loadInbox({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("folder");
  const folder: InboxFolder = FOLDERS.find((f) => f === asked) ?? "open";
  try {
    return { ...(await listInbox(context.db, user.id, folder, url.searchParams.get("cursor") ?? undefined)), folder };
  } catch (error) {
    rethrowForLoader(error);
  }
}

const inboxCommand = z.discriminatedUnion("intent", [
  contactAnswer.extend({ intent: z.literal("answer") }),
  z.object({ intent: z.literal("close"), messageId: contactAnswer.shape.messageId }),
]);

/** Answer (kept; e-mailed only with an e-mail service) or close a message: administrators only (the domain asks the role rule). */
export async function inboxAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const parsed = parseSubmission(inboxCommand, await readForm(request));
  if (!parsed.ok) return parsed.response;
  const command = parsed.value;
  try {
    const message =
      command.intent === "answer"
        ? await answerContactMessage(context.db, user.id, command.messageId, command.answer)
        : await closeContactMessage(context.db, user.id, command.messageId);
    return { ok: true as const, toast: { title: message } };
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: { title: "Not done", description: e.message, variant: "destructive" as const } }));
  }
}
