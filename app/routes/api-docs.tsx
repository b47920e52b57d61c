import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Code, Database, Gauge, KeyRound, Server, Webhook } from "lucide-react";
import { buildRouteReference } from "../../workers/contract/api-reference";
import { ApiReference } from "~/components/api-docs/api-reference";
import { ComingSoonPage, type Topic } from "~/components/help/coming-soon-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("API Documentation") }];

const TOPICS: Topic[] = [
  { title: "Authentication", description: "Session cookies today; API keys for third parties are planned.", icon: KeyRound },
  { title: "Data Models", description: "Members, realms, events, rooms, tournaments and forum posts.", icon: Database },
  { title: "Webhooks", description: "Get notified when events, rooms or tournaments change.", icon: Webhook },
  { title: "REST Endpoints", description: "The JSON API the Realmcast site itself uses (listed below).", icon: Server },
  { title: "Rate Limiting", description: "Fair-use limits, answered with 429 Too Many Requests.", icon: Gauge },
  { title: "Code Examples", description: "Snippets for common integrations.", icon: Code },
];

/** The reference is the generated OpenAPI document, flattened for reading. */
export function loader({ context }: LoaderFunctionArgs) {
  return { routes: buildRouteReference(context.apiDocument()) };
}

export default function ApiDocsPage() {
  const { routes } = useLoaderData<typeof loader>();
  return (
    <ComingSoonPage title="API Documentation" intro="Build on Realmcast: the REST API, its data models and limits." topics={TOPICS}>
      <ApiReference routes={routes} />
    </ComingSoonPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
