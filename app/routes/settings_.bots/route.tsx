import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BOT_CONSENT_EXPLAINED, BotConsentList } from "~/components/settings/bot-consent-list";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../../workers/contract/brand";
import type { botsLoader } from "./bots.server";

export { botsAction as action, botsLoader as loader } from "./bots.server";

export const meta: MetaFunction = () => [{ title: documentTitle("Bots that may seat you") }];

/**
 * Where a bot's request to seat the member is answered (issue 35): the notification that asks links here, and
 * Settings, Privacy shows the same list. Plain forms, so it works without JavaScript.
 */
export default function BotsPage() {
  const { bots } = useLoaderData<typeof botsLoader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">Bots that may seat you</h1>
      <p className="mt-3 text-muted">{BOT_CONSENT_EXPLAINED}</p>
      <div className="mt-8">
        <BotConsentList bots={bots} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
