import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { loadMemberHome } from "./member-home.server";
import { LandingPage } from "~/components/landing/landing-page";
import { communityMembershipAction } from "./community-membership-action.server";
import { communityMemberCounts } from "../../../workers/domain/community-membership";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../../workers/contract/brand";
import { preloadBeforeHydration } from "~/lib/hydration-preloads";
import { useRootData } from "~/lib/root-data";

// Visitors download only the landing page; the member dashboards load as their own chunk. On a member's page
// (the server rendered the dashboard) that chunk downloads at once and the page hydrates with it, rendered
// directly: a lazy component suspends once even when its module is already there, leaving its buttons dead.
let loadedMemberHome: (typeof import("~/components/dashboard/member-home"))["MemberHome"] | null = null;
const importMemberHome = () =>
  import("~/components/dashboard/member-home").then((m) => {
    loadedMemberHome = m.MemberHome;
    return m;
  });
if (typeof document !== "undefined" && document.querySelector("[data-member-home]")) preloadBeforeHydration(importMemberHome);
const LazyMemberHome = lazy(() => importMemberHome().then((m) => ({ default: m.MemberHome })));

export const meta: MetaFunction = () => [{ title: documentTitle() }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const home = await loadMemberHome(request, context);
  // Visitors see the realm cards, with each realm's member count.
  return home.signedIn ? home : { ...home, memberCounts: await communityMemberCounts(context.db) };
}

/** The realm dashboard's "Join this realm" / "Leave" form. */
export const action = ({ request, context }: ActionFunctionArgs) => communityMembershipAction(request, context);

export default function Index() {
  const root = useRootData();
  const data = useLoaderData<typeof loader>();
  if (root?.user) {
    const MemberHome = loadedMemberHome ?? LazyMemberHome;
    return (
      <div data-member-home="">
        <Suspense fallback={<p className="mx-auto max-w-7xl px-4 py-16 text-muted">Loading your dashboard...</p>}>
          <MemberHome user={root.user} initial={data} />
        </Suspense>
      </div>
    );
  }
  return <LandingPage communities={root?.communities ?? null} memberCounts={"memberCounts" in data ? data.memberCounts : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
