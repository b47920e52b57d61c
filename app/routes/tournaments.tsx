import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { PendingPage } from "~/components/shell/pending-page";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "~/lib/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Tournament Hub") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  return null;
}

export default function Page() {
  return <PendingPage title="Tournament Hub" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
