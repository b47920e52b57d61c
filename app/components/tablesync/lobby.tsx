import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Armchair, Video } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FlashToast } from "~/components/ui/flash-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useCommunity } from "~/hooks/use-community";
import { cn } from "~/lib/cn";
import type { ActionResult } from "~/lib/forms";
import { CreateRoomForm } from "./create-room-form";
import { LobbyEvents } from "./lobby-events";
import { LobbyFilterForm } from "./lobby-filters";
import { LobbyRooms } from "./lobby-rooms";
import { lobbyTab, type LobbyTab } from "./lobby-tabs";
import type { CreateRoomDefaults, LobbyFilters } from "../../../workers/contract/game-sessions";
import type { GameSessionPage } from "../../../workers/domain/rooms/game-session-list";
import type { EventDto } from "../../../workers/contract/events";

/** A lobby page's rooms, with the filters that chose them and why a filter of the URL was dropped. */
export type LobbyData = GameSessionPage & {
  filters: LobbyFilters;
  errors: LobbyFilterErrors;
  pods: LobbyPods | null;
  /** Create Room's starting values ("Find me a seat" found none: the member's usual settings). */
  createDefaults: CreateRoomDefaults;
  /** How many rooms a host may announce, for Create Room's "Tell members who are waiting" ("3 rooms an hour"). */
  announceLimit: string;
};
/** The upcoming game pods the page was rendered with, and the realm they are for (null: every realm). */
export type LobbyPods = { communityId: string | null; events: EventDto[] };
export type LobbyFilterErrors = Partial<Record<keyof LobbyFilters, string>>;

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
export function TableSyncLobby({ lobby, initialTab }: { lobby: LobbyData; initialTab: LobbyTab }) {
  // A refused form of this page (a room not created; without JavaScript also a refused join or spectate).
  const result = useActionData<ActionResult>();
  const refused = result && !result.ok ? (result.toast ?? null) : null;
  // Field errors only come from the Create Room form: show it with them.
  const [tab, setTab] = useState<LobbyTab>(result && !result.ok && result.fieldErrors ? "create" : initialTab);
  // A navigation to another ?tab= (Find me a seat found none: Create Room) keeps this component: follow the URL
  // when it changes (not on mount, where a refused Create Room form's errors chose the tab).
  const shownTab = useRef(initialTab);
  useEffect(() => {
    if (shownTab.current === initialTab) return;
    shownTab.current = initialTab;
    setTab(initialTab);
  }, [initialTab]);
  const [eventCount, setEventCount] = useState<number | null>(lobby.pods?.events.length ?? null);
  const { selectedCommunityId } = useCommunity();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
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
        <TabsContent value="join" className="grid gap-6">
          <FindASeat filters={lobby.filters} />
          <LobbyFilterForm filters={lobby.filters} errors={lobby.errors} />
          {lobby.errors.cursor ? (
            <p role="status" className="text-sm text-muted">
              {lobby.errors.cursor}
            </p>
          ) : null}
          {/* Game pods sit beside the rooms on wide screens and above them, one scrolling row, on phones. */}
          <div className={cn("grid gap-6", eventCount !== 0 && "lg:grid-cols-[minmax(0,1fr)_20rem]")}>
            <div className="min-w-0 lg:order-last">
              <LobbyEvents communityId={selectedCommunityId} initial={lobby.pods} onCountChange={setEventCount} />
            </div>
            <LobbyRooms
              sessions={lobby.sessions}
              nextCursor={lobby.nextCursor}
              filters={lobby.filters}
              eventCount={eventCount}
              onCreateFirst={(event) => {
                stayOnPage(event);
                if (event.defaultPrevented) setTab("create");
              }}
            />
          </div>
        </TabsContent>
        <TabsContent value="create">
          <CreateRoomForm defaults={lobby.createDefaults} announceLimit={lobby.announceLimit} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * "Find me a seat" (issue 25): one plain form post to the lobby's action, which seats the member in the best open
 * room for them (the format, power level and bracket filtered here, else their matchmaking preferences) and goes there,
 * or opens Create Room with their usual settings. Works without JavaScript.
 */
function FindASeat({ filters }: { filters: LobbyFilters }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "find-seat";
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3" aria-label="Find me a seat" data-testid="find-a-seat">
      <input type="hidden" name="format" value={filters.format ?? ""} />
      <input type="hidden" name="powerLevel" value={filters.powerLevel ?? ""} />
      <input type="hidden" name="bracket" value={filters.bracket ?? ""} />
      <Button type="submit" name="intent" value="find-seat" size="lg" disabled={pending}>
        <Armchair className="h-5 w-5" aria-hidden="true" /> Find me a seat
      </Button>
      <p className="text-sm text-muted">The open room that needs one more player first, for your games and format.</p>
    </Form>
  );
}
