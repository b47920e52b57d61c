import { useState, type MouseEvent, type ReactNode } from "react";
import { useActionData } from "@remix-run/react";
import { Plus, Video } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FlashToast } from "~/components/ui/flash-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import type { ActionResult } from "~/lib/forms";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { CreateRoomForm } from "./create-room-form";
import { LobbyEvents } from "./lobby-events";
import { RoomCard } from "./room-card";

export type LobbyTab = "join" | "create";
export const lobbyTab = (value: string | null | undefined): LobbyTab => (value === "create" ? "create" : "join");

/** With JavaScript a plain click switches tabs in place; the link is for pages without it (and new tabs). */
function stayOnPage(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) event.preventDefault();
}

/** A tab that is also a link to `?tab=`, so the tabs work before and without JavaScript. */
function TabLink({ value, children }: { value: LobbyTab; children: ReactNode }) {
  return (
    <TabsTrigger value={value} asChild>
      <a href={`/tablesync?tab=${value}`} onClick={stayOnPage}>
        {children}
      </a>
    </TabsTrigger>
  );
}

/** The members' TableSync lobby: Join Room and Create Room tabs (spec 001 §2). */
export function TableSyncLobby({ sessions, initialTab }: { sessions: GameSessionView[]; initialTab: LobbyTab }) {
  // A refused form of this page (a room not created; without JavaScript also a refused join or spectate).
  const result = useActionData<ActionResult>();
  const refused = result && !result.ok ? (result.toast ?? null) : null;
  // Field errors only come from the Create Room form: show it with them.
  const [tab, setTab] = useState<LobbyTab>(result && !result.ok && result.fieldErrors ? "create" : initialTab);
  const { selectedCommunityId } = useCommunity();

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
      <FlashToast toast={refused} />
      <Tabs value={tab} onValueChange={(value) => setTab(lobbyTab(value))}>
        <TabsList aria-label="TableSync">
          <TabLink value="join">Join Room</TabLink>
          <TabLink value="create">Create Room</TabLink>
        </TabsList>
        <TabsContent value="join">
          {sessions.length === 0 ? (
            <Card className="py-12 text-center">
              <h2 className="text-xl font-bold">No Active Rooms or Events</h2>
              <p className="mt-2 text-muted">Be the first to open a table.</p>
              <a
                href="/tablesync?tab=create"
                className={buttonClasses("primary", "md", "mt-4")}
                onClick={(event) => {
                  stayOnPage(event);
                  if (event.defaultPrevented) setTab("create");
                }}
              >
                <Plus className="h-4 w-4" aria-hidden="true" /> Create First Room
              </a>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Game rooms">
              {sessions.map((s) => (
                <li key={s.id}>
                  <RoomCard session={s} />
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
