import { ROOM_CLOSE, endedReasonFor } from "../../../durable-objects/close-codes";
import { loginHref } from "~/lib/login-href";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useActionData, useFetcher } from "@remix-run/react";
import { Clock, Gauge, LogOut, Play, Swords, Users, Wifi, WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { formatClock, useGameTimer } from "~/hooks/use-game-timer";
import { useLocalMedia } from "~/hooks/use-local-media";
import { useRecorder } from "~/hooks/use-recorder";
import { useRoomPlace } from "~/hooks/use-room-place";
import { useRoomSocket } from "~/hooks/use-room-socket";
import { toast } from "~/hooks/use-toast";
import { useResultToast, type ActionResult } from "~/lib/forms";
import { ROOM_ERROR, type ClientFrame, type ServerFrame } from "../../../durable-objects/protocol";
import type { DiceSides } from "../../../durable-objects/rules/dice";
import type { GameSessionView } from "../../../workers/contract/game-sessions";
import { formatLabel, powerLevelLabel } from "../../../workers/contract/game-session-options";
import { ChatPanel } from "./chat-panel";
import { GameTools, type ShownRoll } from "./game-tools";
import { PeerMesh } from "./peer-mesh";
import { PlayersList } from "./players-list";
import { RoomFooter } from "./room-footer";
import { VideoPanel, type Layout } from "./video-panel";

export type RoomClientProps = {
  session: GameSessionView;
  selfId: string;
  mode: "play" | "spectate";
  /** Whether the member had a place in the room when the page loaded. */
  hasPlace: boolean;
  iceServers: RTCIceServer[];
};

/** The live game room (spec 001 §2), loaded lazily by the route so other pages never carry it. */
export default function RoomClient({ session, selfId, mode, hasPlace, iceServers }: RoomClientProps) {
  const place = useRoomPlace(mode, hasPlace);
  const { lost } = place;
  const startFetcher = useFetcher<ActionResult>();
  useResultToast(startFetcher.data);
  // A refused Leave (the redirect after a successful one leaves the page).
  useResultToast(useActionData<ActionResult>());
  const meshRef = useRef<PeerMesh | null>(null);
  const sendRef = useRef<(frame: ClientFrame) => boolean>(() => false);
  const tracksRef = useRef<{ video: MediaStreamTrack | null; audio: MediaStreamTrack | null }>({ video: null, audio: null });
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [remoteStatus, setRemoteStatus] = useState<Record<string, { camera?: boolean; mic?: boolean }>>({});
  const [layout, setLayout] = useState<Layout>("grid");
  const [focusId, setFocusId] = useState<string | null>(null);
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
        case "error":
          // No place (any more): take one through the room service, then the socket joins again.
          if (frame.code === ROOM_ERROR.noPlace) return lost();
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
  sendRef.current = send;
  useEffect(() => () => meshRef.current?.dispose(), []);

  const media = useLocalMedia((video, audio) => {
    tracksRef.current = { video, audio };
    meshRef.current?.setTracks(video, audio);
  });
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
  const hostName = view.players.find((p) => p.id === hostId)?.name ?? session.host.firstName ?? "Host";
  const roomStatus = view.status ?? session.status;
  const players = view.status ? view.players.length : session.currentPlayers;

  const shownRoll: ShownRoll = useMemo(() => {
    if (!view.lastRoll) return null;
    const name = view.players.find((p) => p.id === view.lastRoll!.player)?.name.split(" ")[0] ?? "A player";
    return { name, sides: view.lastRoll.sides, value: view.lastRoll.value, at: view.lastRoll.at };
  }, [view.lastRoll, view.players]);

  const roll = (sides: DiceSides) => send({ type: "game_action", sessionId: session.id, action: "dice_roll", data: { sides } });

  const notice = endedReason ?? (place.refusal ? `You could not take a place in this room: ${place.refusal}` : null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{session.gameData.name || "Game Room"}</h1>
          <p className="text-muted">
            Hosted by {hostName} • {formatLabel(session.gameData.format)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={roomStatus === "active" ? "success" : "secondary"} data-testid="room-status">
              {roomStatus === "active" ? "Game Active" : "Waiting for Players"}
            </Badge>
            {spectator ? <Badge tone="outline">Spectating</Badge> : null}
            <Badge tone="outline" aria-live="polite">
              {connected ? <Wifi className="h-3 w-3" aria-hidden="true" /> : <WifiOff className="h-3 w-3" aria-hidden="true" />}
              {connected ? "Connected" : status === "closed" ? "Disconnected" : "Connecting..."}
            </Badge>
          </div>
        </div>
        <div className="flex gap-2">
          {!spectator && hostId === selfId && roomStatus === "waiting" ? (
            <startFetcher.Form method="post">
              <input type="hidden" name="intent" value="start" />
              <Button type="submit" disabled={!connected || startFetcher.state !== "idle"}>
                <Play className="h-4 w-4" aria-hidden="true" /> Start Game
              </Button>
            </startFetcher.Form>
          ) : null}
          <Form method="post" onSubmit={() => recorder.stop()}>
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" variant="destructive">
              <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Room
            </Button>
          </Form>
        </div>
      </header>

      {notice ? (
        <p role="status" className="mt-4 rounded-lg border border-border bg-surface p-3 text-sm">
          {notice}
          {endedReason === endedReasonFor(ROOM_CLOSE.signedOut) ? (
            <>
              {" "}
              <a className="font-medium text-primary underline" href={loginHref(`/tablesync/room/${session.id}`)}>
                Sign in
              </a>
            </>
          ) : null}
        </p>
      ) : null}

      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          { icon: Users, label: "Players", value: `${players}/${session.maxPlayers}` },
          { icon: Swords, label: "Format", value: formatLabel(session.gameData.format) },
          { icon: Gauge, label: "Power Level", value: powerLevelLabel(session.gameData.powerLevel) },
          { icon: Clock, label: "Game Time", value: formatClock(timer.seconds) },
        ].map(({ icon: Icon, label, value }) => (
          <Card key={label} className="p-4">
            <dt className="flex items-center gap-1 text-sm text-muted">
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
            </dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <VideoPanel
            selfId={selfId}
            spectator={spectator}
            players={view.players}
            remoteStreams={remoteStreams}
            media={media}
            recording={recorder.recording}
            onRecord={() => (recorder.recording ? recorder.stop() : recorder.start(media.camera))}
            layout={layout}
            onLayout={setLayout}
            focusId={focusId}
            onFocus={setFocusId}
            remoteStatus={remoteStatus}
          />
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <PlayersList
              players={view.players}
              spectators={view.spectators}
              selfId={selfId}
              currentTurn={view.currentTurn}
              canAct={!toolsDisabled}
              canPass={!toolsDisabled && roomStatus === "active" && (view.currentTurn === selfId || hostId === selfId)}
              onLife={(delta) => send({ type: "game_action", sessionId: session.id, action: "life_change", data: { delta } })}
              onPassTurn={() => send({ type: "game_action", sessionId: session.id, action: "pass_turn" })}
            />
            <GameTools sessionId={session.id} disabled={toolsDisabled} roll={shownRoll} onRoll={roll} timer={timer} />
          </div>
        </div>
        <ChatPanel
          messages={view.messages}
          disabled={spectator}
          connected={connected}
          onSend={(content) => send({ type: "message", sessionId: session.id, content })}
        />
      </div>

      <RoomFooter sessionId={session.id} disabled={toolsDisabled} timerRunning={timer.running} onRoll={roll} onToggleTimer={timer.toggle} />
    </div>
  );
}
