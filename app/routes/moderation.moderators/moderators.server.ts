import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { moderationUndo, moderatorAppointment } from "../../../workers/contract/moderation";
import {
  appointModerator,
  liftSuspension,
  listModeration,
  memberIdFrom,
  reinstateMember,
  removeModerator,
} from "../../../workers/domain/moderation/members";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, echoValues, parseSubmission, readForm, rethrowForLoader } from "~/lib/forms.server";

export async function loadModerators({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  try {
    const { actor, listing } = await listModeration(context.db, user.id);
    return { listing, isAdmin: actor.siteAdmin };
  } catch (error) {
    rethrowForLoader(error);
  }
}

const id = z.string().trim().min(1).max(64);
const moderatorsCommand = z.union([
  moderatorAppointment.extend({ intent: z.literal("appoint") }),
  z.object({ intent: z.literal("unappoint"), communityId: id, memberId: id }),
  moderationUndo,
]);

/** Appoint or remove a realm's moderator, reinstate a removed member, lift a suspension: the domain asks the role rule. */
export async function moderatorsAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const parsed = parseSubmission(moderatorsCommand, raw);
  if (!parsed.ok) return parsed.response;
  const command = parsed.value;
  try {
    let message: string;
    switch (command.intent) {
      case "appoint":
        message = await appointModerator(context.db, user.id, command.communityId, memberIdFrom(command.member));
        break;
      case "unappoint":
        message = await removeModerator(context.db, user.id, command.communityId, command.memberId);
        break;
      case "reinstate_member":
        message = await reinstateMember(context.db, user.id, command.communityId, command.memberId, command.reason);
        break;
      case "lift_suspension":
        message = await liftSuspension(context.db, user.id, command.memberId, command.reason);
        break;
    }
    return { ok: true as const, toast: { title: message } };
  } catch (error) {
    // The values name the row, so the page's form that asked shows the refusal (the rows share one fetcher).
    return domainFailure(error, (e) => ({
      toast: { title: "Not done", description: e.message, variant: "destructive" as const },
      values: echoValues(raw),
    }));
  }
}
