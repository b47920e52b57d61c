import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadModerator } from "../../../workers/domain/moderation/facts";
import { can } from "../../../workers/domain/moderation/roles";
import { requireMember } from "~/lib/auth.server";

/** Who may open the moderation area at all (the role rule), and whether they are an administrator (their tabs). */
export async function loadModerationArea({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const actor = await loadModerator(context.db, user.id);
  if (!can(actor, "open_moderation"))
    throw data({ message: "Only moderators and administrators open the moderation area" }, { status: 403 });
  return { isAdmin: can(actor, "handle_contact") };
}
