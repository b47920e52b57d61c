/**
 * The TableSync room page's client: a composition of hooks (the place, the socket, the peer mesh, local media,
 * their status, the room's notices) and the table's layout (header, video, side column, sheets).
 */
import { ROOM_CLOSE, endedReasonFor } from "../../../workers/contract/room/close-codes";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useGameTimer } from "~/hooks/use-game-timer";
import { useLocalMedia } from "~/hooks/use-local-media";
import { useRecorder } from "~/hooks/use-recorder";
import { useRoomPlace } from "~/hooks/use-room-place";
import { useRoomSocket } from "~/hooks/use-room-socket";
import { useResultToast, type ActionResult } from "~/lib/forms";
import type { DiceSides } from "../../../workers/contract/room/dice";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { isCommanderFormat } from "../../../workers/contract/brackets";
import type { CardDto } from "../../../workers/contract/cards";
import { CardLookupSheet } from "./card-lookup-sheet";
import { ChatPanel } from "./chat-panel";
import { CommanderPanel } from "./commander-panel";
import { GameTools } from "./game-tools";
import { PlayersList } from "./players-list";
import { roomFacts } from "./room-facts";
import { SideColumn } from "./side-column";
import { RoomHeader } from "./room-header";
import { RoomNotice } from "./room-notice";
import { elapsedSeconds } from "./room-state";
import { asksForDeck, decksAboveRoom } from "./rule-zero";
import { RuleZeroNotices, SayYourDeck } from "./rule-zero-notice";
import { TableBar, type ShownRoll } from "./table-bar";
import { useMediaStatus } from "./use-media-status";
import { useNow } from "./use-now";
import { useOpenedOnce } from "./use-opened-once";
import { useRoomMesh } from "./use-room-mesh";
import { useRoomNotices } from "./use-room-notices";
import { useTableCards } from "./use-table-cards";
import { VideoPanel, type Layout } from "./video-panel";

// Its own chunk: most visits to a room never open it.
const DeckDialog = lazy(() => import("./deck-dialog"));

export type RoomClientProps = {
  session: GameSessionView;
  /** The host's display name as the page loaded it (the roster's names follow the same rule). */
  hostName: string;
  selfId: string;
  mode: "play" | "spectate";
  /** Whether the member had a place in the room when the page loaded. */
  hasPlace: boolean;
  iceServers: RTCIceServer[];
};

/**
 * The live game room (spec 001 §2, issue 14), loaded lazily by the route so
 * other pages never carry it. Video comes first: at desktop width the
 * players' video takes most of the first screen beside a column with the
 * table (seats, life, Commander tools) and chat; on a phone it comes first.
 */
export default function RoomClient({ session, hostName: loadedHostName, selfId, mode, hasPlace, iceServers }: RoomClientProps) {
  const sessionId = session.id;
  const place = useRoomPlace(mode, hasPlace);
  const { view, status, send, subscribe, endedReason } = useRoomSocket(sessionId, place.held);
  const channel = useMemo(() => ({ send, subscribe }), [send, subscribe]);
  const mesh = useRoomMesh(channel, { sessionId, selfId, mode, iceServers });
  const media = useLocalMedia(mesh.setTracks, { memberId: selfId, publishes: mode === "play" && view.you?.role === "player" });
  const remoteStatus = useMediaStatus(channel, media);
  const seated = useMemo(() => [...view.players, ...view.away], [view.players, view.away]);
  useRoomNotices(channel, { selfId, seats: seated, onPlaceLost: place.lost });
  const tableCards = useTableCards(sessionId, seated);
  const timer = useGameTimer();
  const recorder = useRecorder(sessionId);
  const now = useNow();
  const removeFetcher = useFetcher<ActionResult>();
  useResultToast(removeFetcher.data);

  const [mirrored, setMirrored] = useState(false);
  const [layout, setLayout] = useState<Layout>("grid");
  const [focusId, setFocusId] = useState<string | null>(null);
  // The chat is a sheet on a phone (always beside the table at desktop width); the deck dialog and the card lookup open on demand.
  const [chatOpen, setChatOpen] = useState(false);
  const deck = useOpenedOnce();
  const lookup = useOpenedOnce();
  const tableRef = useRef<HTMLDivElement>(null);

  const facts = roomFacts({ view, session, loadedHostName, selfId, mode, status });
  const { spectator, connected, toolsDisabled, hostId, roomStatus, isHost } = facts;
  const mySeat = seated.find((p) => p.id === selfId);
  // Rule 0 (issue 27): a Commander room's players give their deck a bracket; decks above the room's are talked over.
  const roomBracket = session.gameData.bracket;
  const commanderRoom = isCommanderFormat(session.gameData.format);
  const aboveRoom = useMemo(() => decksAboveRoom({ status: roomStatus, bracket: roomBracket }, seated), [roomStatus, roomBracket, seated]);
  const shownRoll: ShownRoll = useMemo(() => {
    if (!view.lastRoll) return null;
    const name = view.players.find((p) => p.id === view.lastRoll!.player)?.name.split(" ")[0] ?? "A player";
    return { name, sides: view.lastRoll.sides, value: view.lastRoll.value, at: view.lastRoll.at };
  }, [view.lastRoll, view.players]);

  const onLife = (delta: number) => send({ type: "game_action", sessionId, action: "life_change", data: { delta } });
  const roll = (sides: DiceSides) => send({ type: "game_action", sessionId, action: "dice_roll", data: { sides } });
  const shareCard = spectator ? null : (card: CardDto) => connected && send({ type: "share_card", sessionId, cardId: card.id });
  const remove = (userId: string, name: string) => {
    if (window.confirm(`Remove ${name} from this room?`)) removeFetcher.submit({ intent: "remove", userId }, { method: "post" });
  };
  const notice = view.ended ?? endedReason ?? (place.refusal ? `You could not take a place in this room: ${place.refusal}` : null);
  // Kept out for good (refused a place, or removed by the host): the page stops offering what needs a place.
  const keptOut = place.refusal !== null || endedReason === endedReasonFor(ROOM_CLOSE.removed);

  return (
    <div className="mx-auto max-w-[1600px] px-2 py-2 sm:px-4">
      <RoomHeader
        session={session}
        facts={facts}
        selfId={selfId}
        status={status}
        gameSeconds={elapsedSeconds(view.startedAt, view.clockOffset, now)}
        leaveShown={!keptOut && !view.ended}
        keptOut={keptOut}
        onEndGame={() => send({ type: "end_game", sessionId })}
        onLeave={() => recorder.stop()}
      />
      {notice ? (
        <RoomNotice
          sessionId={sessionId}
          message={notice}
          signedOut={endedReason === endedReasonFor(ROOM_CLOSE.signedOut)}
          ended={view.ended !== null}
          keptOut={keptOut}
          tournamentMatch={Boolean(session.tournamentMatchId)}
        />
      ) : null}
      <RuleZeroNotices decks={aboveRoom} />
      {!toolsDisabled && asksForDeck(roomStatus, mySeat) ? (
        <SayYourDeck withBracket={commanderRoom} onDeck={() => deck.setOpen(true)} />
      ) : null}

      {/* The table: what Theatre puts full screen (tiles, action bar, the side column and its sheets), so a turn's tools stay. */}
      <div
        ref={tableRef}
        className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start [&:fullscreen]:overflow-auto [&:fullscreen]:bg-background [&:fullscreen]:p-2"
        data-testid="room-table"
      >
        <div className="min-w-0 space-y-3">
          <VideoPanel
            theatreRoot={tableRef}
            bar={
              <TableBar
                sessionId={sessionId}
                disabled={toolsDisabled}
                canPass={
                  !toolsDisabled && roomStatus === "active" && (view.currentTurn === selfId || hostId === selfId || facts.turnHolderAway)
                }
                onPassTurn={() => send({ type: "game_action", sessionId, action: "pass_turn" })}
                roll={shownRoll}
                timerRunning={timer.running}
                onRoll={roll}
                onToggleTimer={timer.toggle}
                chatOpen={chatOpen}
                onChat={() => setChatOpen((open) => !open)}
                lookupOpen={lookup.open}
                onLookup={() => lookup.setOpen(!lookup.open)}
              />
            }
            selfId={selfId}
            spectator={spectator}
            players={view.players}
            remoteStreams={mesh.remoteStreams}
            media={{ ...media, uploadLimited: mesh.uploadLimited }}
            recording={recorder.recording}
            onRecord={() => (recorder.recording ? recorder.stop() : recorder.start(media.camera))}
            layout={layout}
            onLayout={setLayout}
            focusId={focusId}
            onFocus={setFocusId}
            remoteStatus={remoteStatus}
            mirrored={mirrored}
            onMirror={setMirrored}
            table={{
              currentTurn: view.currentTurn,
              monarch: view.monarch,
              initiative: view.initiative,
              canAct: !toolsDisabled,
              onLife,
              onDeck: () => deck.setOpen(true),
            }}
            tableCards={tableCards}
            // Click-to-identify on a video tile (issue 26): the same share_card as the lookup's, and its name search.
            onShareCard={shareCard ?? undefined}
            onSearchCardByName={() => lookup.setOpen(true)}
          />
        </div>
        <SideColumn
          chatOpen={chatOpen}
          chat={
            <ChatPanel
              className="max-lg:h-[60dvh] lg:h-[min(480px,calc(100dvh-13rem))]"
              messages={view.messages}
              disabled={spectator}
              connected={connected}
              onSend={(content) => send({ type: "message", sessionId, content })}
              onClose={() => setChatOpen(false)}
              report={{ roomId: sessionId, selfId }}
            />
          }
          panels={
            <>
              <PlayersList
                players={view.players}
                away={view.away}
                spectators={view.spectators}
                selfId={selfId}
                currentTurn={view.currentTurn}
                monarch={view.monarch}
                initiative={view.initiative}
                canAct={!toolsDisabled}
                isHost={isHost}
                clockOffset={view.clockOffset}
                now={now}
                onLife={onLife}
                onRemove={remove}
                onDeck={() => deck.setOpen(true)}
                onSetOut={
                  isHost && connected && roomStatus === "active"
                    ? (userId, out) => send({ type: "seat_out", sessionId, userId, out })
                    : undefined
                }
              />
              {spectator ? null : (
                <CommanderPanel
                  me={view.players.find((p) => p.id === selfId)}
                  opponents={seated.filter((p) => p.id !== selfId).sort((a, b) => a.seat - b.seat)}
                  monarch={view.monarch}
                  initiative={view.initiative}
                  disabled={toolsDisabled}
                  send={(frame) => send({ ...frame, sessionId })}
                />
              )}
              <GameTools sessionId={sessionId} disabled={toolsDisabled} roll={shownRoll} onRoll={roll} timer={timer} />
            </>
          }
        />
        <CardLookupSheet open={lookup.open} loaded={lookup.loaded} onOpenChange={lookup.setOpen} onShare={shareCard} />
      </div>

      {deck.loaded ? (
        <Suspense fallback={null}>
          <DeckDialog
            open={deck.open}
            onOpenChange={deck.setOpen}
            current={mySeat?.deck ?? null}
            brackets={commanderRoom ? { room: roomBracket } : null}
            onAttach={(choice) => send({ type: "set_deck", sessionId, ...choice })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
