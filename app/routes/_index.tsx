import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { loadMemberHome } from "~/components/dashboard/dashboard.server";
import { MemberHome } from "~/components/dashboard/member-home";
import { LandingPage } from "~/components/landing/landing-page";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "~/lib/brand";
import { useRootData } from "~/root";

export const meta: MetaFunction = () => [{ title: documentTitle() }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMemberHome(request, context);
}

export default function Index() {
  const root = useRootData();
  const data = useLoaderData<typeof loader>();
  if (root?.user) return <MemberHome user={root.user} initial={data} />;
  return <LandingPage communities={root?.communities ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
