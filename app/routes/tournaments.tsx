import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { BrowseTournaments } from "~/components/tournaments/browse-tournaments";
import { MyTournaments } from "~/components/tournaments/my-tournaments";
import { errorText, tournamentApi } from "~/components/tournaments/tournament-api";
import { TournamentForm } from "~/components/tournaments/tournament-form";
import { useTournamentList } from "~/components/tournaments/use-tournament-list";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { requireMember } from "~/lib/auth.server";
import { documentTitle } from "~/lib/brand";
import { readSelectedRealm } from "~/lib/realm-cookie.server";
import { DEFAULT_COMMUNITY_ID } from "~/lib/community-themes";
import { loadTournamentHub } from "../../workers/domain/tournaments";

export const meta: MetaFunction = () => [{ title: documentTitle("Tournament Hub") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireMember(request, context);
  const communityId = (await readSelectedRealm(request)) ?? DEFAULT_COMMUNITY_ID;
  const { items, mine } = await loadTournamentHub(context.db, communityId, user.id);
  return { list: { communityId, items }, mine };
}

export default function TournamentHub() {
  const { list, mine } = useLoaderData<typeof loader>();
  const { selectedCommunityId, selectedCommunity } = useCommunity();
  const communityId = selectedCommunityId ?? DEFAULT_COMMUNITY_ID;
  const browse = useTournamentList(communityId, list);
  const revalidator = useRevalidator();
  const [tab, setTab] = useState("browse");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const joinedIds = new Set(mine.participating.map((t) => t.id));

  const refresh = () => {
    browse.reload();
    revalidator.revalidate();
  };

  async function join(id: string) {
    setJoiningId(id);
    try {
      await tournamentApi("POST", `/api/tournaments/${id}/join`);
      toast({ title: "Joined tournament!", description: "You have successfully joined the tournament." });
      refresh();
    } catch (error) {
      toast({ title: "Failed to join tournament", description: errorText(error), variant: "destructive" });
    } finally {
      setJoiningId(null);
    }
  }

  function created() {
    setDialogOpen(false);
    setTab("browse");
    refresh();
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
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
            onJoin={join}
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
