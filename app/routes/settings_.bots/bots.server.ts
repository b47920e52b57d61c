import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { botConsentAnswer } from "../../../workers/contract/bot-consents";
import { answerSeatConsent, listSeatConsents } from "../../../workers/domain/access/bot-consents";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { BOT_ALLOWED, BOT_DECLINED, botAnswerFailed } from "~/components/settings/settings-toasts";

/** The bots that asked to seat the member (the page, and Settings, Privacy through a fetcher). One D1 round trip. */
export async function botsLoader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  return { bots: await listSeatConsents(context.db, user.id) };
}

/**
 * The member's own answer to a bot, signed in: a page action, so it needs the session cookie and the site's Origin
 * (workers/http/security.ts) and never takes an API token. Allow, or decline (also Remove): it holds from the bot's
 * next request.
 */
export async function botsAction({ request, context }: ActionFunctionArgs) {
  const user = requireMember(request, context);
  const parsed = parseSubmission(botConsentAnswer, await readForm(request), botAnswerFailed("Please try again."));
  if (!parsed.ok) return parsed.response;
  const { intent, botId } = parsed.value;
  try {
    const bot = await answerSeatConsent(context.db, user.id, botId, intent === "allow");
    return { ok: true as const, bot, toast: intent === "allow" ? BOT_ALLOWED(bot.botName) : BOT_DECLINED(bot.botName) };
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: botAnswerFailed(e.message) }));
  }
}
