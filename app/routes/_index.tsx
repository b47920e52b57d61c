import type { MetaFunction } from "@remix-run/cloudflare";
import { HomeDashboard } from "~/components/dashboard/home-dashboard";
import { LandingPage } from "~/components/landing/landing-page";
import { useRootData } from "~/root";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "~/lib/brand";

export const meta: MetaFunction = () => [{ title: documentTitle() }];

export default function Index() {
  const root = useRootData();
  if (root?.user) return <HomeDashboard user={root.user} />;
  return <LandingPage communities={root?.communities ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
