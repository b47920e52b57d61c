import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { PendingPage } from "~/components/shell/pending-page";

import { documentTitle } from "~/lib/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("API Documentation") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  void request; void context;
  return null;
}

export default function Page() {
  return <PendingPage title="API Documentation" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
