import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BuildABotArticle } from "~/components/help/build-a-bot-article";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";
import { RATE_LIMITS } from "../../workers/domain/rate-limit-rules";

export const meta: MetaFunction = () => [{ title: documentTitle("Build a bot") }];

/** The article's curl lines name this site's own address; its limit line quotes the rule. */
export const loader = ({ request }: LoaderFunctionArgs) => ({
  origin: new URL(request.url).origin,
  perMinute: RATE_LIMITS.accessTokenUse.limit,
});

export default function BuildABotPage() {
  const { origin, perMinute } = useLoaderData<typeof loader>();
  return <BuildABotArticle origin={origin} perMinute={perMinute} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
