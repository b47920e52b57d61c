import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../../workers/contract/brand";
import { loadModerationArea } from "./moderation-area.server";

export const meta: MetaFunction = () => [{ title: documentTitle("Moderation") }];

export const loader = (args: LoaderFunctionArgs) => loadModerationArea(args);

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-primary text-primary-foreground" : "text-muted hover:bg-surface hover:text-fg"}`;

/**
 * The moderation area (issue 38): the queue, the audit log and the moderators for a realm's moderators; the
 * contact inbox and the operator's figures for administrators too. Each page asks the role rule itself; this
 * layout only names the pages the reader may open.
 */
export default function ModerationArea() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Moderation</h1>
      <nav aria-label="Moderation" className="mt-4 flex flex-wrap gap-1 border-b border-border pb-2">
        <NavLink to="/moderation" end className={tabClass}>
          Queue
        </NavLink>
        <NavLink to="/moderation/audit" className={tabClass}>
          Audit log
        </NavLink>
        <NavLink to="/moderation/moderators" className={tabClass}>
          Moderators
        </NavLink>
        {isAdmin ? (
          <>
            <NavLink to="/moderation/inbox" className={tabClass}>
              Contact inbox
            </NavLink>
            <NavLink to="/moderation/admin" className={tabClass}>
              Site figures
            </NavLink>
          </>
        ) : null}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
