import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { BrowseTournaments } from "~/components/tournaments/browse-tournaments";
import { MyTournaments } from "~/components/tournaments/my-tournaments";
import { TournamentForm } from "~/components/tournaments/tournament-form";
import { hubAction, loadHub } from "./tournament-hub.server";
import { useTournamentList } from "~/components/tournaments/use-tournament-list";
import { ActionToast } from "~/components/ui/action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import { documentTitle } from "../../../workers/contract/brand";
import { DEFAULT_COMMUNITY_ID } from "~/lib/community-themes";
import { useResultToast } from "~/lib/forms";

export const meta: MetaFunction = () => [{ title: documentTitle("Tournament Hub") }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadHub(request, context);

/** Create (dialog and tab) and Join post here; the page's data revalidates after each. */
export const action = ({ request, context }: ActionFunctionArgs) => hubAction(request, context);

export default function TournamentHub() {
  const { list, mine } = useLoaderData<typeof loader>();
  const { selectedCommunityId, selectedCommunity } = useCommunity();
  const communityId = selectedCommunityId ?? DEFAULT_COMMUNITY_ID;
  const browse = useTournamentList(communityId, list);
  const join = useFetcher<typeof action>({ key: "tournament-join" });
  useResultToast(join.data);
  const [tab, setTab] = useState("browse");
  const [dialogOpen, setDialogOpen] = useState(false);
  const joiningId = join.state === "idle" ? null : String(join.formData?.get("tournamentId") ?? "");
  const joinedIds = new Set(mine.participating.map((t) => t.id));

  function created() {
    setDialogOpen(false);
    setTab("browse");
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ActionToast />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Tournament Hub</h1>
          <p className="text-muted">Browse, join and organize tournaments in {selectedCommunity?.displayName ?? "Scry & Gather"}.</p>
        </div>
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
          <DialogTrigger asChild>
            <Button>
              <Plus className="h-4 w-4" aria-hidden="true" /> Create Tournament
            </Button>
          </DialogTrigger>
          <DialogContent title="Create Tournament" description="Set up a tournament for your community.">
            <TournamentForm
              communityId={communityId}
              idPrefix="dialog"
              onCreated={created}
              secondary={{ cancel: () => setDialogOpen(false) }}
            />
          </DialogContent>
        </Dialog>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Tournament Hub sections">
          <TabsTrigger value="browse">Browse Tournaments</TabsTrigger>
          <TabsTrigger value="mine">My Tournaments</TabsTrigger>
          <TabsTrigger value="create">Create Tournament</TabsTrigger>
        </TabsList>
        <TabsContent value="browse">
          <BrowseTournaments
            items={browse.items}
            loading={browse.loading}
            failed={browse.failed}
            joinedIds={joinedIds}
            joiningId={joiningId}
            join={join}
            onCreateFirst={() => setDialogOpen(true)}
            onRetry={browse.reload}
          />
        </TabsContent>
        <TabsContent value="mine">
          <MyTournaments participating={mine.participating} organizing={mine.organizing} />
        </TabsContent>
        <TabsContent value="create">
          <Card className="max-w-2xl">
            <h2 className="mb-4 text-xl font-semibold">Create Tournament</h2>
            <TournamentForm communityId={communityId} idPrefix="tab" onCreated={created} secondary="reset" />
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
