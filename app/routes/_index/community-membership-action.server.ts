import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { membershipParams } from "../../../workers/contract/communities";
import { DomainError } from "../../../workers/domain/errors";
import { joinCommunity, leaveCommunity } from "../../../workers/domain/community-membership";
import { listCommunitiesCached } from "../../../workers/domain/shell";
import { requireMember } from "~/lib/auth.server";
import { readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { COMMUNITY_MEMBERSHIP_INTENTS } from "~/components/community/community-membership";

const submission = z.object({ intent: z.enum(COMMUNITY_MEMBERSHIP_INTENTS), communityId: membershipParams.shape.id });

/** Whether a form post is a realm join or leave (read from a copy, so the page's own action can still read the body). */
export async function isCommunityMembershipPost(request: Request): Promise<boolean> {
  const intent = (await readForm(request.clone() as Request)).intent;
  return COMMUNITY_MEMBERSHIP_INTENTS.some((i) => i === intent);
}

/** Where to go back to: the page that posted, without Remix's `index` marker. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * "Join this realm" / "Leave" from the dashboard and the forum, with or
 * without JavaScript: the API's own domain calls, then back to the same page
 * with a toast (post/redirect/get, so a reload never posts twice).
 */
export async function communityMembershipAction(request: Request, context: AppLoadContext) {
  const user = requireMember(request, context);
  const parsed = submission.safeParse(await readForm(request));
  const to = backTo(request);
  if (!parsed.success) return redirectWithToast(request, to, { title: "Unknown realm", variant: "destructive" });
  const { intent, communityId } = parsed.data;
  try {
    if (intent === "join-realm") await joinCommunity(context.db, user.id, communityId);
    else await leaveCommunity(context.db, user.id, communityId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const title = intent === "join-realm" ? "Could not join the realm" : "Could not leave the realm";
    return redirectWithToast(request, to, { title, description: error.message, variant: "destructive" });
  }
  const community = (await listCommunitiesCached(context.db)).find((c) => c.id === communityId);
  const name = community?.displayName ?? "the realm";
  const toast =
    intent === "join-realm" ? { title: `Welcome to ${name}!`, description: "You are now a member." } : { title: `You left ${name}` };
  return redirectWithToast(request, to, toast, { headers: { "X-Remix-Replace": "true" } });
}
