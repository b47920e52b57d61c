import { useState } from "react";
import { useNavigate, useRevalidator } from "@remix-run/react";
import { Plus, Video } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import { toast } from "~/hooks/use-toast";
import { useRootData } from "~/root";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { CreateRoomForm } from "./create-room-form";
import { LobbyEvents } from "./lobby-events";
import { RoomCard } from "./room-card";
import { joinRoom, spectateRoom } from "./room-api";

/** The members' TableSync lobby: Join Room and Create Room tabs (spec 001 §2). */
export function TableSyncLobby({ sessions }: { sessions: GameSessionView[] }) {
  const [tab, setTab] = useState("join");
  const [busyId, setBusyId] = useState<string | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const signedIn = Boolean(useRootData()?.user);
  const { selectedCommunityId } = useCommunity();

  async function join(session: GameSessionView) {
    if (!signedIn)
      return toast({ title: "Authentication required", description: "Please log in to join a game room.", variant: "destructive" });
    if (session.currentPlayers >= session.maxPlayers) {
      return toast({
        title: "Room is full",
        description: `This room has reached its maximum capacity of ${session.maxPlayers} players.`,
        variant: "destructive",
      });
    }
    setBusyId(session.id);
    try {
      await joinRoom(session.id);
      toast({ title: "Successfully joined!", description: "Connecting to game room..." });
      navigate(`/tablesync/room/${session.id}`);
    } catch {
      toast({ title: "Failed to join room", description: "Room may be full or no longer available.", variant: "destructive" });
      revalidator.revalidate();
    } finally {
      setBusyId(null);
    }
  }

  async function spectate(session: GameSessionView) {
    setBusyId(session.id);
    try {
      await spectateRoom(session.id);
      toast({ title: "Now spectating!", description: "You can watch the game in progress." });
      navigate(`/tablesync/room/${session.id}?mode=spectate`);
    } catch {
      toast({ title: "Failed to spectate", description: "Unable to join as spectator.", variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-8 flex items-center gap-3">
        <span className="grid h-12 w-12 place-items-center rounded-xl bg-gradient-primary text-white">
          <Video className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold">TableSync</h1>
          <p className="text-muted">Play paper card games remotely over webcam.</p>
        </div>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="TableSync">
          <TabsTrigger value="join">Join Room</TabsTrigger>
          <TabsTrigger value="create">Create Room</TabsTrigger>
        </TabsList>
        <TabsContent value="join">
          {sessions.length === 0 ? (
            <Card className="py-12 text-center">
              <h2 className="text-xl font-bold">No Active Rooms or Events</h2>
              <p className="mt-2 text-muted">Be the first to open a table.</p>
              <Button className="mt-4" onClick={() => setTab("create")}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Create First Room
              </Button>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Game rooms">
              {sessions.map((s) => (
                <li key={s.id}>
                  <RoomCard session={s} busy={busyId === s.id} onJoin={join} onSpectate={spectate} />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6">
            <LobbyEvents communityId={selectedCommunityId} />
          </div>
        </TabsContent>
        <TabsContent value="create">
          <CreateRoomForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
