import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { loadMemberHome } from "~/components/dashboard/dashboard.server";
import { LandingPage } from "~/components/landing/landing-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "~/lib/brand";
import { useRootData } from "~/root";

// Visitors download only the landing page; the member dashboards load as their own chunk.
const MemberHome = lazy(() => import("~/components/dashboard/member-home").then((m) => ({ default: m.MemberHome })));

export const meta: MetaFunction = () => [{ title: documentTitle() }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMemberHome(request, context);
}

export default function Index() {
  const root = useRootData();
  const data = useLoaderData<typeof loader>();
  if (root?.user) {
    return (
      <Suspense fallback={<p className="mx-auto max-w-7xl px-4 py-16 text-muted">Loading your dashboard...</p>}>
        <MemberHome user={root.user} initial={data} />
      </Suspense>
    );
  }
  return <LandingPage communities={root?.communities ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
