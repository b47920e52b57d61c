import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriend,
  sendFriendRequest,
} from "../../../workers/domain/members/friends";
import { savePreferences } from "../../../workers/domain/members/matchmaking";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import type { User } from "../../../workers/db/schema";
import type { Db } from "../../../workers/db/client";
import { connectionSubmission, preferencesSubmission, type ConnectionSubmission } from "~/components/matchmaking/matchmaking-forms";
import { connectionDone, connectionFailed, PREFERENCES_SAVED, preferencesFailed } from "~/components/matchmaking/matchmaking-toasts";

const CHECK_FIELDS = "Please correct the highlighted fields.";

/** The same domain calls as POST /api/friend-requests, …/accept, …/decline, DELETE …/:id and DELETE /api/friends/:userId. */
async function changeConnection(db: Db, member: User, form: ConnectionSubmission): Promise<void> {
  switch (form.intent) {
    case "invite":
      await sendFriendRequest(db, member, form.addresseeId);
      return;
    case "accept":
      await acceptFriendRequest(db, member, form.id);
      return;
    case "decline":
      await declineFriendRequest(db, member, form.id);
      return;
    case "cancel":
      await cancelFriendRequest(db, member, form.id);
      return;
    case "remove":
      await removeFriend(db, member.id, form.userId);
      return;
  }
}

/**
 * /matchmaking's forms, posted with fetchers that stay on the page: Save
 * Preferences answers with the stored preferences; invites and the Connections
 * tab's buttons answer with their toast, and the page's lists reload after.
 */
export async function matchmakingAction({ request, context }: ActionFunctionArgs) {
  const member = requireMember(request, context);
  const raw = await readForm(request);
  if (raw.intent === "save-preferences") {
    const parsed = parseSubmission(preferencesSubmission, raw, preferencesFailed(CHECK_FIELDS));
    if (!parsed.ok) return parsed.response;
    const { saved: _saved, ...preferences } = await savePreferences(context.db, member.id, parsed.value);
    return { ok: true as const, toast: PREFERENCES_SAVED, preferences };
  }
  const parsed = parseSubmission(connectionSubmission, raw, connectionFailed(raw.intent, CHECK_FIELDS));
  if (!parsed.ok) return parsed.response;
  try {
    await changeConnection(context.db, member, parsed.value);
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: connectionFailed(parsed.value.intent, e.message) }));
  }
  return { ok: true as const, toast: connectionDone(parsed.value) };
}
