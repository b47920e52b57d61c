import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConnectionsPanel } from "~/components/matchmaking/connections-panel";
import { FindPlayers } from "~/components/matchmaking/find-players";
import { matchmakingAction } from "./matchmaking-actions.server";
import { PreferencesForm } from "~/components/matchmaking/preferences-form";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "../../../workers/contract/brand";
import type { MatchmakingPreferences } from "../../../workers/contract/matchmaking";
import { loadMatchmakingPage } from "../../../workers/domain/members/matchmaking";

export const meta: MetaFunction = () => [{ title: documentTitle("AI Matchmaking") }];

const TABS = ["find", "preferences", "connections"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMatchmakingPage(context.db, requireMember(request, context).id);
}

/** Save preferences, invite, accept, decline, cancel, remove (matchmaking-actions.server.ts). */
export const action = matchmakingAction;

export default function MatchmakingPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const initialTab = TABS.find((t) => t === searchParams.get("tab")) ?? "find";
  const [tab, setTab] = useState<Tab>(initialTab);
  // A notification link (?tab=connections) followed while already on this page.
  useEffect(() => setTab(initialTab), [initialTab]);
  const { saved: _saved, ...stored } = data.preferences;
  const [preferences, setPreferences] = useState<MatchmakingPreferences>(stored);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ActionToast />
      <h1 className="text-3xl font-bold">AI Matchmaking</h1>
      <p className="mt-1 text-muted">Find players who share your games, formats, power level and schedule.</p>
      <Tabs value={tab} onValueChange={(v) => setTab(TABS.find((t) => t === v) ?? "find")} className="mt-6">
        <TabsList className="grid! w-full grid-cols-3 sm:inline-flex! sm:w-auto">
          <TabsTrigger value="find" className="px-2! sm:px-4!">
            Find Players
          </TabsTrigger>
          <TabsTrigger value="preferences" className="px-2! sm:px-4!">
            Preferences
          </TabsTrigger>
          <TabsTrigger value="connections" className="px-2! sm:px-4!">
            Connections
            {data.requests.incoming.length > 0 ? (
              <>
                <span aria-hidden="true" className="ml-1 rounded-full bg-destructive px-1.5 text-xs font-bold text-white">
                  {data.requests.incoming.length}
                </span>
                <span className="sr-only"> ({data.requests.incoming.length} pending)</span>
              </>
            ) : null}
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted so search results survive a look at the other tabs. */}
        <TabsContent value="find" forceMount className="data-[state=inactive]:hidden">
          <FindPlayers preferences={preferences} />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesForm value={preferences} onChange={setPreferences} />
        </TabsContent>
        <TabsContent value="connections">
          <ConnectionsPanel requests={data.requests} friendsPage={data.friends} friendCount={data.friendCount} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
