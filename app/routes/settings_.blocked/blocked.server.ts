import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { blockAnswer } from "../../../workers/contract/blocks";
import { safeReturnTo } from "../../../workers/contract/auth";
import { blockMemberEverywhere, listBlocked, unblockMember } from "../../../workers/domain/members/member-blocks";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { BLOCKED, blockFailed, UNBLOCKED } from "~/components/settings/settings-toasts";

/** The members the member blocked (the page, and Settings → Privacy through a fetcher). One D1 round trip. */
export async function blockedLoader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  return { blocked: await listBlocked(context.db, user.id) };
}

/**
 * A block or an unblock, signed in: a page action, so it needs the session cookie and the site's Origin
 * (workers/http/security.ts). Every door on the site posts here: the profile, the room's player menu, a room that
 * refuses the member for their own block, Settings → Privacy. With `returnTo` (a plain form, or a page that reloads
 * what it shows) the answer is a redirect there with its toast; without, the toast comes back to the fetcher.
 */
export async function blockedAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const parsed = parseSubmission(blockAnswer, await readForm(request), blockFailed("Please try again."));
  if (!parsed.ok) return parsed.response;
  const { intent, userId, returnTo } = parsed.value;
  try {
    if (intent === "block") await blockMemberEverywhere(context.cloudflare.env, context.db, user.id, userId);
    else await unblockMember(context.db, user.id, userId);
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: blockFailed(e.message) }));
  }
  const toast = intent === "block" ? BLOCKED : UNBLOCKED;
  if (returnTo) return redirectWithToast(request, safeReturnTo(returnTo, new URL(request.url).origin), toast);
  return { ok: true as const, intent, userId, toast };
}
