import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { safeReturnTo } from "../../../workers/contract/auth";
import { profileUpdateBody, socialLinkBody } from "../../../workers/contract/profile";
import { notFound } from "../../../workers/domain/errors";
import { addSocialLink, deleteSocialLink, updateProfile } from "../../../workers/domain/members/profile";
import { enforceRateLimit } from "../../../workers/domain/rate-limit";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, echoValues, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { DECK_INTENTS, deckAction } from "./deck-actions.server";
import { LINK_REMOVE_FAILED, linkAddFailed, PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from "~/components/profile/profile-toasts";

/**
 * The forms of /profile and of the Edit Profile dialog: the API's bodies, each
 * with its `intent`. Every success redirects (post/redirect/get, so a reload
 * never posts again): a saved profile to `returnTo` (the dialog's page) or
 * /profile in view mode, a link change to /profile. The Decks card's intents are in deck-actions.server.ts.
 */
const profileSubmission = z.discriminatedUnion("intent", [
  profileUpdateBody.extend({ intent: z.literal("update"), returnTo: z.string().optional() }),
  socialLinkBody.extend({ intent: z.literal("addLink") }),
  z.strictObject({ intent: z.literal("removeLink"), linkId: z.string().min(1) }),
]);

/** Names are trimmed by the schema; a blank last name is left as it is rather than refused (spec 000 §5). */
function withoutBlankLastName(raw: Record<string, string | string[]>) {
  const { lastName, ...rest } = raw;
  return typeof lastName === "string" && lastName.trim() === "" ? rest : raw;
}

export async function profileAction(request: Request, context: AppLoadContext) {
  const user = requireMember(request, context);
  const raw = withoutBlankLastName(await readForm(request));
  if (typeof raw.intent === "string" && DECK_INTENTS.has(raw.intent)) return deckAction(request, context, user.id, raw);
  const failureToast = raw.intent === "addLink" ? linkAddFailed("Please correct the highlighted fields.") : PROFILE_UPDATE_FAILED;
  const parsed = parseSubmission(profileSubmission, raw, failureToast);
  if (!parsed.ok) return parsed.response;
  const submission = parsed.value;
  const db = context.db;
  switch (submission.intent) {
    case "update": {
      const { intent: _intent, returnTo, ...changes } = submission;
      try {
        await updateProfile(db, user.id, changes);
      } catch (error) {
        return domainFailure(error, { toast: PROFILE_UPDATE_FAILED, values: echoValues(raw) });
      }
      // Post/redirect/get: the toast shows on the next page, with or without JavaScript.
      const to = returnTo ? safeReturnTo(returnTo, new URL(request.url).origin) : "/profile";
      return redirectWithToast(request, to, PROFILE_UPDATED);
    }
    case "addLink":
      try {
        await enforceRateLimit(db, "socialLink", user.id);
        await addSocialLink(db, user.id, { platform: submission.platform, username: submission.username });
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: linkAddFailed(e.message) }));
      }
      return redirect("/profile");
    case "removeLink":
      try {
        if (!(await deleteSocialLink(db, user.id, submission.linkId))) throw notFound("Social link not found");
      } catch (error) {
        return domainFailure(error, { toast: LINK_REMOVE_FAILED });
      }
      return redirect("/profile");
  }
}
