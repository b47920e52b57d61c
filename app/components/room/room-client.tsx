/**
 * The TableSync room page's client: socket, media, place and the table's layout. Over 300 lines: it wires
 * the hooks and panels together; the panels, hooks and pure state (room-state.ts) are already apart, and
 * the table-first room (issue 25) will split the layout further.
 */
import { ROOM_CLOSE, endedReasonFor } from "../../../workers/contract/room/close-codes";
import { loginHref } from "~/lib/login-href";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { Clock, Gauge, Globe, Lock, LogOut, Play, Swords, Users, Wifi, WifiOff, X } from "lucide-react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Badge } from "~/components/ui/card";
import { formatClock, useGameTimer } from "~/hooks/use-game-timer";
import { useLocalMedia } from "~/hooks/use-local-media";
import { useRecorder } from "~/hooks/use-recorder";
import { useRoomPlace } from "~/hooks/use-room-place";
import { useRoomSocket } from "~/hooks/use-room-socket";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { isSignallingRefusal, ROOM_ERROR, type ClientFrame, type ServerFrame } from "../../../workers/contract/room/protocol";
import type { DiceSides } from "../../../workers/contract/room/dice";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { isCommanderFormat, powerLabel } from "../../../workers/contract/brackets";
import { formatLabel, roomPath } from "../../../workers/contract/game-session-options";
import { ChatPanel } from "./chat-panel";
import { ReportButton } from "~/components/moderation/report-button";
import { CommanderPanel } from "./commander-panel";
import { EndGameButton } from "./end-game-button";
import { GameTools } from "./game-tools";
import { PeerMesh } from "./peer-mesh";
import { PlayersList } from "./players-list";
import { elapsedSeconds } from "./room-state";
import { asksForDeck, decksAboveRoom } from "./rule-zero";
import { RuleZeroNotices, SayYourDeck } from "./rule-zero-notice";
import { TableBar, type ShownRoll } from "./table-bar";
import { useTableCards } from "./use-table-cards";
import { VideoPanel, type Layout } from "./video-panel";

// The deck dialog and the card lookup are their own chunks: most visits to a room open neither at once.
const DeckDialog = lazy(() => import("./deck-dialog"));
const CardLookup = lazy(() => import("./card-lookup"));

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

/** This browser's clock, once a second: the shared game clock and seat countdowns count from the room's times. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The live game room (spec 001 §2, issue 14), loaded lazily by the route so
 * other pages never carry it. Video comes first: at desktop width the
 * players' video takes most of the first screen beside a column with the
 * table (seats, life, Commander tools) and chat; on a phone it comes first.
 */
export default function RoomClient({ session, hostName: loadedHostName, selfId, mode, hasPlace, iceServers }: RoomClientProps) {
  const place = useRoomPlace(mode, hasPlace);
  const { lost } = place;
  const startFetcher = useFetcher<ActionResult>();
  useResultToast(startFetcher.data);
  const removeFetcher = useFetcher<ActionResult>();
  useResultToast(removeFetcher.data);
  const privacyFetcher = useFetcher<ActionResult<{ isPrivate: boolean }>>();
  useResultToast(privacyFetcher.data);
  const isPrivate = privacyFetcher.data?.ok ? privacyFetcher.data.isPrivate : session.isPrivate;
  const [mirrored, setMirrored] = useState(false);
  const now = useNow();
  // A refused Leave (the redirect after a successful one leaves the page).
  useResultToast(useActionData<ActionResult>());
  const meshRef = useRef<PeerMesh | null>(null);
  const sendRef = useRef<(frame: ClientFrame) => boolean>(() => false);
  const tracksRef = useRef<{ video: MediaStreamTrack | null; audio: MediaStreamTrack | null }>({ video: null, audio: null });
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [remoteStatus, setRemoteStatus] = useState<Record<string, { camera?: boolean; mic?: boolean }>>({});
  const [uploadLimited, setUploadLimited] = useState(false);
  const [layout, setLayout] = useState<Layout>("grid");
  const [focusId, setFocusId] = useState<string | null>(null);
  const [deckOpen, setDeckOpen] = useState(false);
  const [deckLoaded, setDeckLoaded] = useState(false);
  // The chat (a sheet on a phone; always beside the table at desktop width) and the card lookup (a side sheet).
  const [chatOpen, setChatOpen] = useState(false);
  const [lookupOpen, setLookupOpen] = useState(false);
  const [lookupLoaded, setLookupLoaded] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const openLookup = useCallback((open: boolean) => {
    if (open) setLookupLoaded(true);
    setLookupOpen(open);
  }, []);
  const openDeck = useCallback(() => {
    setDeckLoaded(true);
    setDeckOpen(true);
  }, []);
  // Escape from inside the lookup's sheet closes it. The name field says it itself (its open suggestions take the
  // first Escape); Radix's layers (a toast) mark every Escape as handled, so no defaultPrevented check here.
  const lookupRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!lookupOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const inside = target instanceof Element && lookupRef.current?.contains(target) && target.getAttribute("role") !== "combobox";
      if (event.key === "Escape" && inside) openLookup(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [lookupOpen, openLookup]);
  const timer = useGameTimer();
  const recorder = useRecorder(session.id);

  const onRemoteStream = useCallback((peerId: string, stream: MediaStream | null) => {
    setRemoteStreams((all) => {
      const next = { ...all };
      if (stream) next[peerId] = stream;
      else delete next[peerId];
      return next;
    });
  }, []);

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      const mesh = meshRef.current;
      const withVideo = (list: { id: string; receivesVideo: boolean }[]) => list.filter((s) => s.receivesVideo).map((s) => s.id);
      switch (frame.type) {
        case "room_state": {
          meshRef.current?.dispose();
          const publisher = frame.you.role === "player" && mode === "play";
          const next = new PeerMesh(
            publisher,
            iceServers,
            (signal) => sendRef.current({ ...signal, sessionId: session.id }),
            onRemoteStream,
            setUploadLimited,
          );
          next.setTracks(tracksRef.current.video, tracksRef.current.audio);
          meshRef.current = next;
          next.syncSpectators(withVideo(frame.spectators));
          return;
        }
        case "player_joined":
          if (frame.player.id === selfId || !mesh) return;
          if (frame.role === "player") mesh.offerLater(frame.player.id, false);
          else {
            // A returning spectator dropped its old connections: offer afresh.
            if ("receivesVideo" in frame.player && frame.player.receivesVideo) mesh.offerLater(frame.player.id, true);
            mesh.syncSpectators(withVideo(frame.spectators));
          }
          return;
        case "player_left":
          mesh?.close(frame.player.id);
          mesh?.syncSpectators(withVideo(frame.spectators));
          return;
        case "room_update":
          mesh?.syncSpectators(withVideo(frame.spectators));
          return;
        case "webrtc_offer":
          void mesh?.handleOffer(frame.fromPlayer, frame.offer);
          return;
        case "webrtc_answer":
          void mesh?.handleAnswer(frame.fromPlayer, frame.answer);
          return;
        case "webrtc_ice_candidate":
          void mesh?.handleIce(frame.fromPlayer, frame.candidate);
          return;
        case "camera_status":
        case "mic_status":
          setRemoteStatus((all) => ({
            ...all,
            [frame.player]: { ...all[frame.player], [frame.type === "camera_status" ? "camera" : "mic"]: frame.enabled },
          }));
          return;
        case "game_started": {
          const first = frame.firstPlayer === selfId ? "You go" : `${nameOf(frame.firstPlayer)} goes`;
          toast({ title: "Game started", description: `Random pick: ${first} first.` });
          return;
        }
        case "room_ended":
          meshRef.current?.dispose();
          return;
        case "error":
          // No place (any more): take one through the room service, then the socket joins again.
          if (frame.code === ROOM_ERROR.noPlace) return lost();
          // A candidate that reached the room after its peer left (a removal, a drop) is not the member's doing.
          if (isSignallingRefusal(frame.code)) return;
          toast({ title: "Room", description: frame.message, variant: "destructive" });
          return;
        // Chat, dice, life and turns are folded into the view by the socket hook.
        case "message":
        case "game_action":
        case "turn_change":
          return;
        default: {
          const unreachable: never = frame;
          return unreachable;
        }
      }
    },
    [iceServers, lost, mode, onRemoteStream, selfId, session.id],
  );

  const { view, status, send, endedReason } = useRoomSocket(session.id, place.held, onFrame);
  const viewRef = useRef(view);
  viewRef.current = view;
  function nameOf(id: string | null): string {
    const seat = [...viewRef.current.players, ...viewRef.current.away].find((p) => p.id === id);
    return seat?.name.split(" ")[0] ?? "Nobody";
  }
  sendRef.current = send;
  useEffect(() => () => meshRef.current?.dispose(), []);

  const media = useLocalMedia(
    (video, audio) => {
      tracksRef.current = { video, audio };
      meshRef.current?.setTracks(video, audio);
    },
    { memberId: selfId, publishes: mode === "play" && view.you?.role === "player" },
  );
  useEffect(() => {
    if (media.camera) send({ type: "camera_status", enabled: media.videoOn });
  }, [media.camera, media.videoOn, send]);
  useEffect(() => {
    if (media.camera) send({ type: "mic_status", enabled: media.audioOn });
  }, [media.camera, media.audioOn, send]);

  const spectator = mode === "spectate" || view.you?.role === "spectator";
  const connected = status === "open" && view.you !== null;
  const toolsDisabled = spectator || !connected;
  const hostId = view.hostId ?? session.hostId;
  const hostName = [...view.players, ...view.away].find((p) => p.id === hostId)?.name ?? loadedHostName;
  const roomStatus = view.status ?? session.status;
  const players = view.status ? view.players.length + view.away.length : session.currentPlayers;
  const isHost = !spectator && hostId === selfId;
  const turnHolderAway = view.away.some((p) => p.id === view.currentTurn);
  const gameSeconds = elapsedSeconds(view.startedAt, view.clockOffset, now);
  const seated = useMemo(() => [...view.players, ...view.away], [view.players, view.away]);
  const tableCards = useTableCards(session.id, seated);
  const mySeat = seated.find((p) => p.id === selfId);
  const myDeck = mySeat?.deck ?? null;
  // Rule 0 (issue 27): a Commander room's players give their deck a bracket; decks above the room's are talked over.
  const roomBracket = session.gameData.bracket;
  const commanderRoom = isCommanderFormat(session.gameData.format);
  const aboveRoom = useMemo(() => decksAboveRoom({ status: roomStatus, bracket: roomBracket }, seated), [roomStatus, roomBracket, seated]);

  const shownRoll: ShownRoll = useMemo(() => {
    if (!view.lastRoll) return null;
    const name = view.players.find((p) => p.id === view.lastRoll!.player)?.name.split(" ")[0] ?? "A player";
    return { name, sides: view.lastRoll.sides, value: view.lastRoll.value, at: view.lastRoll.at };
  }, [view.lastRoll, view.players]);

  const onLife = (delta: number) => send({ type: "game_action", sessionId: session.id, action: "life_change", data: { delta } });
  const roll = (sides: DiceSides) => send({ type: "game_action", sessionId: session.id, action: "dice_roll", data: { sides } });

  const notice = view.ended ?? endedReason ?? (place.refusal ? `You could not take a place in this room: ${place.refusal}` : null);
  // Kept out for good (refused a place, or removed by the host): the page stops offering what needs a place.
  const keptOut = place.refusal !== null || endedReason === endedReasonFor(ROOM_CLOSE.removed);
  const remove = (userId: string, name: string) => {
    if (window.confirm(`Remove ${name} from this room?`)) removeFetcher.submit({ intent: "remove", userId }, { method: "post" });
  };

  return (
    <div className="mx-auto max-w-[1600px] px-2 py-2 sm:px-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold sm:text-2xl">{session.gameData.name || "Game Room"}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span>Hosted by {hostName}</span>
            <Badge tone={roomStatus === "active" ? "success" : "secondary"} data-testid="room-status">
              {roomStatus === "active" ? "Game Active" : roomStatus === "completed" ? "Game Over" : "Waiting for Players"}
            </Badge>
            {spectator ? <Badge tone="outline">Spectating</Badge> : null}
            <Badge tone="outline" aria-live="polite">
              {connected ? <Wifi className="h-3 w-3" aria-hidden="true" /> : <WifiOff className="h-3 w-3" aria-hidden="true" />}
              {connected ? "Connected" : status === "closed" || keptOut ? "Disconnected" : "Connecting..."}
            </Badge>
          </div>
        </div>
        {/* The stat cards, as one compact strip. */}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="room-stats">
          {[
            { icon: Users, label: "Players", value: `${players}/${session.maxPlayers}` },
            { icon: Swords, label: "Format", value: formatLabel(session.gameData.format) },
            { icon: Gauge, label: "Power Level", value: powerLabel(session.gameData) },
            { icon: Clock, label: "Game Time", value: formatClock(gameSeconds) },
          ].map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-1">
              <dt className="flex items-center gap-1 text-muted">
                <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              </dt>
              <dd className="font-semibold tabular-nums" data-testid={label === "Game Time" ? "game-time" : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          {isHost && roomStatus === "waiting" ? (
            <startFetcher.Form method="post">
              <input type="hidden" name="intent" value="start" />
              <Button type="submit" size="sm" disabled={!connected || startFetcher.state !== "idle"}>
                <Play className="h-4 w-4" aria-hidden="true" /> Start Game
              </Button>
            </startFetcher.Form>
          ) : null}
          {isHost && roomStatus !== "completed" ? (
            <EndGameButton disabled={!connected} onEnd={() => send({ type: "end_game", sessionId: session.id })} />
          ) : null}
          {isHost && roomStatus !== "completed" ? (
            <privacyFetcher.Form method="post">
              <input type="hidden" name="intent" value="privacy" />
              <input type="hidden" name="isPrivate" value={String(!isPrivate)} />
              <Button type="submit" size="sm" variant="outline" aria-pressed={isPrivate} disabled={privacyFetcher.state !== "idle"}>
                {isPrivate ? <Lock className="h-4 w-4" aria-hidden="true" /> : <Globe className="h-4 w-4" aria-hidden="true" />}
                {isPrivate ? "Private room" : "Make private"}
              </Button>
            </privacyFetcher.Form>
          ) : null}
          {hostId !== selfId ? <ReportButton target={{ kind: "room", id: session.id }} variant="outline" /> : null}
          {keptOut || view.ended ? null : (
            <Form method="post" onSubmit={() => recorder.stop()}>
              <input type="hidden" name="intent" value="leave" />
              <Button type="submit" size="sm" variant="destructive">
                <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Room
              </Button>
            </Form>
          )}
        </div>
      </header>

      {notice ? (
        <div
          role="status"
          className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3 text-sm"
        >
          <p>
            {notice}
            {endedReason === endedReasonFor(ROOM_CLOSE.signedOut) ? (
              <>
                {" "}
                <a className="font-medium text-primary underline" href={loginHref(roomPath(session.id))}>
                  Sign in
                </a>
              </>
            ) : null}
          </p>
          {view.ended || keptOut ? (
            <span className="flex flex-wrap gap-2">
              {/* The page's loader shows an ended room's result (record, answer or read it). */}
              {view.ended && !session.tournamentMatchId ? (
                <Link to={roomPath(session.id)} className={buttonClasses("outline", "sm")}>
                  Game result
                </Link>
              ) : null}
              <Link to="/tablesync" className={buttonClasses("primary", "sm")}>
                Back to the lobby
              </Link>
            </span>
          ) : null}
        </div>
      ) : null}

      <RuleZeroNotices decks={aboveRoom} />
      {!toolsDisabled && asksForDeck(roomStatus, mySeat) ? <SayYourDeck withBracket={commanderRoom} onDeck={openDeck} /> : null}

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
                sessionId={session.id}
                disabled={toolsDisabled}
                canPass={!toolsDisabled && roomStatus === "active" && (view.currentTurn === selfId || hostId === selfId || turnHolderAway)}
                onPassTurn={() => send({ type: "game_action", sessionId: session.id, action: "pass_turn" })}
                roll={shownRoll}
                timerRunning={timer.running}
                onRoll={roll}
                onToggleTimer={timer.toggle}
                chatOpen={chatOpen}
                onChat={() => setChatOpen((open) => !open)}
                lookupOpen={lookupOpen}
                onLookup={() => openLookup(!lookupOpen)}
              />
            }
            selfId={selfId}
            spectator={spectator}
            players={view.players}
            remoteStreams={remoteStreams}
            media={{ ...media, uploadLimited }}
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
              onDeck: openDeck,
            }}
            tableCards={tableCards}
            // Click-to-identify on a video tile (issue 26): the same share_card as the lookup's, and its name search.
            onShareCard={
              spectator ? undefined : (card) => connected && send({ type: "share_card", sessionId: session.id, cardId: card.id })
            }
            onSearchCardByName={() => openLookup(true)}
          />
        </div>
        {/* Beside the table at desktop width, its own scroll: the chat stays in view while the page does not move. */}
        <div className="min-w-0 space-y-3 lg:sticky lg:top-2 lg:max-h-[calc(100dvh-1rem)] lg:overflow-y-auto">
          {/* First beside the table at desktop width (the tiles carry each seat's life and turn); on a phone a sheet over
              the foot of the screen, opened from the action bar. */}
          <div
            id="room-chat"
            className={
              chatOpen
                ? "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-40 max-lg:rounded-t-2xl max-lg:shadow-2xl"
                : "max-lg:hidden"
            }
          >
            <ChatPanel
              className="max-lg:h-[60dvh] lg:h-[min(480px,calc(100dvh-13rem))]"
              messages={view.messages}
              disabled={spectator}
              connected={connected}
              onSend={(content) => send({ type: "message", sessionId: session.id, content })}
              onClose={() => setChatOpen(false)}
              report={{ roomId: session.id, selfId }}
            />
          </div>
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
            onDeck={openDeck}
            onSetOut={
              isHost && connected && roomStatus === "active"
                ? (userId, out) => send({ type: "seat_out", sessionId: session.id, userId, out })
                : undefined
            }
          />
          {spectator ? null : (
            <CommanderPanel
              me={view.players.find((p) => p.id === selfId)}
              opponents={[...view.players, ...view.away].filter((p) => p.id !== selfId).sort((a, b) => a.seat - b.seat)}
              monarch={view.monarch}
              initiative={view.initiative}
              disabled={toolsDisabled}
              send={(frame) => send({ ...frame, sessionId: session.id })}
            />
          )}
          <GameTools sessionId={session.id} disabled={toolsDisabled} roll={shownRoll} onRoll={roll} timer={timer} />
        </div>
        {/* The card lookup (issue 37): a sheet wide enough to read a card, over the table's side, never modal. */}
        <section
          id="room-card-lookup"
          role="dialog"
          aria-modal="false"
          aria-labelledby="card-lookup-heading"
          hidden={!lookupOpen}
          ref={lookupRef}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto rounded-t-2xl border border-border bg-surface p-4 shadow-2xl sm:inset-x-auto sm:bottom-auto sm:right-4 sm:top-4 sm:max-h-[calc(100dvh-2rem)] sm:w-[32rem] sm:rounded-2xl"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 id="card-lookup-heading" className="text-lg font-bold">
              Card lookup
            </h2>
            <Button size="icon" variant="ghost" aria-label="Close card lookup" onClick={() => openLookup(false)}>
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
          {lookupLoaded ? (
            <Suspense fallback={<p className="text-sm text-muted">Loading card lookup...</p>}>
              <CardLookup
                focusWhen={lookupOpen}
                onEscape={() => openLookup(false)}
                onShare={spectator ? null : (card) => connected && send({ type: "share_card", sessionId: session.id, cardId: card.id })}
              />
            </Suspense>
          ) : null}
        </section>
      </div>

      {deckLoaded ? (
        <Suspense fallback={null}>
          <DeckDialog
            open={deckOpen}
            onOpenChange={setDeckOpen}
            current={myDeck}
            brackets={commanderRoom ? { room: roomBracket } : null}
            onAttach={(choice) => send({ type: "set_deck", sessionId: session.id, ...choice })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
