/**
 * The room's video: the tiles in Grid, Focus and Theatre, the local camera's controls and each tile's overlays.
 * Over 300 lines: the three layouts share one tile list and its sizing rules, which read best side by side; the
 * tile, its overlay and the peer mesh are already apart.
 */
import { useRef, type ReactNode, type RefObject } from "react";
import {
  Camera,
  Circle,
  FlipHorizontal,
  Grid2x2,
  Maximize,
  Maximize2,
  Mic,
  MicOff,
  MonitorUp,
  Square,
  Video,
  VideoOff,
} from "lucide-react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { CardDto } from "../../../workers/contract/cards";
import type { RoomPlayer } from "../../../workers/contract/room/protocol";
import { TileOverlay } from "./tile-overlay";
import { VideoTile } from "./video-tile";

export type Layout = "grid" | "focus";

/** Spec 001 §9: video chat shows up to four players (you and three remote slots). */
export const VIDEO_SLOTS = 4;

type Media = {
  camera: MediaStream | null;
  screen: MediaStream | null;
  videoOn: boolean;
  audioOn: boolean;
  error: string | null;
  cameras: { deviceId: string; label: string }[];
  cameraId: string | null;
  enableCamera: () => void;
  switchCamera: (deviceId: string) => void;
  toggleVideo: () => void;
  toggleAudio: () => void;
  startScreenShare: () => void;
  stopScreenShare: () => void;
  /** This player's upload limits their video (the room's peer mesh measures it). */
  uploadLimited?: boolean;
};

export function VideoPanel({
  selfId,
  spectator,
  players,
  remoteStreams,
  media,
  recording,
  onRecord,
  layout,
  onLayout,
  focusId,
  onFocus,
  remoteStatus,
  mirrored,
  onMirror,
  table,
  tableCards,
  onShareCard,
  onSearchCardByName,
  theatreRoot,
  bar,
}: {
  /** What Theatre puts full screen: the whole table (tiles, its action bar and the side column), not the video alone. */
  theatreRoot?: RefObject<HTMLElement | null>;
  /** The table's action bar (Pass Turn, dice, chat, lookup), right under the tiles in every layout. */
  bar?: ReactNode;
  selfId: string;
  spectator: boolean;
  players: RoomPlayer[];
  remoteStreams: Record<string, MediaStream>;
  media: Media;
  recording: boolean;
  onRecord: () => void;
  layout: Layout;
  onLayout: (l: Layout) => void;
  focusId: string | null;
  onFocus: (id: string) => void;
  remoteStatus: Record<string, { camera?: boolean; mic?: boolean }>;
  /** Whether the self-view is mirrored (off by default: cards read the right way). */
  mirrored: boolean;
  onMirror: (mirrored: boolean) => void;
  /** The table's markers and the viewer's own life control, drawn over each player's tile. */
  table: {
    currentTurn: string | null;
    monarch: string | null;
    initiative: string | null;
    canAct: boolean;
    onLife: (delta: number) => void;
    /** Opens the deck dialog for the viewer's own seat. */
    onDeck: () => void;
  };
  /** Every card in the decks on the table's seats (`GET /api/game-sessions/{id}/cards`), for the tiles' card identification. */
  tableCards: CardDto[];
  /** Click-to-identify's "Show to table" (absent for a spectator) and "Search by name" (issue 26). */
  onShareCard?: (card: CardDto) => void;
  onSearchCardByName?: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const remotes = players.filter((p) => p.id !== selfId).slice(0, spectator ? VIDEO_SLOTS : VIDEO_SLOTS - 1);
  const localStream = media.screen ?? media.camera;
  const tiles = [
    ...(spectator
      ? []
      : [
          {
            id: selfId,
            label: media.screen ? "You (screen)" : "You",
            stream: localStream,
            local: true,
            mirrored: mirrored && !media.screen,
            muted: !media.audioOn,
            cameraOff: Boolean(media.camera) && !media.videoOn,
            uploadLimited: media.uploadLimited,
          },
        ]),
    ...remotes.map((p) => ({
      id: p.id,
      label: p.name,
      stream: remoteStreams[p.id] ?? null,
      local: false,
      muted: remoteStatus[p.id]?.mic === false,
      cameraOff: remoteStatus[p.id]?.camera === false,
    })),
  ];
  const names = new Map(players.map((p) => [p.id, p.name.split(" ")[0]]));
  /** What the tile's bottom right holds: the seat's deck, or only the own seat's Deck control. */
  const footOf = (id: string) => (players.find((p) => p.id === id)?.deck ? "deck" : id === selfId && table.canAct ? "control" : undefined);
  const overlayOf = (id: string) => {
    const player = players.find((p) => p.id === id);
    if (!player) return null;
    return (
      <TileOverlay
        player={player}
        names={names}
        turn={table.currentTurn === id}
        monarch={table.monarch === id}
        initiative={table.initiative === id}
        onLife={id === selfId && table.canAct ? table.onLife : undefined}
        onDeck={id === selfId && table.canAct ? table.onDeck : undefined}
      />
    );
  };
  const focused = layout === "focus" ? (tiles.find((t) => t.id === focusId) ?? tiles.find((t) => !t.local) ?? tiles[0]) : null;
  const controlsDisabled = spectator;
  const theatre = () => {
    const panel = theatreRoot?.current ?? panelRef.current;
    if (!panel) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void panel.requestFullscreen?.().catch((error: unknown) => console.warn("Full screen refused", error));
  };

  return (
    // Not a Card: the theatre mode puts this element itself full screen, so it holds the ref.
    <section
      ref={panelRef}
      className="rounded-xl border border-border bg-gradient-card p-2 shadow-sm sm:p-3 [&:fullscreen]:overflow-auto [&:fullscreen]:bg-background"
      data-testid="video-panel"
      aria-label="Video"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-bold">
          <Video className="h-5 w-5" aria-hidden="true" /> Video Chat ({players.length}/{VIDEO_SLOTS} players)
        </h2>
        <div className="flex gap-1" role="group" aria-label="Layout">
          <Button size="sm" variant="outline" onClick={theatre} aria-label="Theatre: the whole table full screen">
            <Maximize className="h-4 w-4" aria-hidden="true" /> Theatre
          </Button>
          <Button
            size="sm"
            variant={layout === "grid" ? "primary" : "outline"}
            aria-pressed={layout === "grid"}
            onClick={() => onLayout("grid")}
          >
            <Grid2x2 className="h-4 w-4" aria-hidden="true" /> Grid
          </Button>
          <Button
            size="sm"
            variant={layout === "focus" ? "primary" : "outline"}
            aria-pressed={layout === "focus"}
            onClick={() => onLayout("focus")}
          >
            <Maximize2 className="h-4 w-4" aria-hidden="true" /> Focus
          </Button>
        </div>
      </div>

      {focused ? (
        // Focus: one large tile, as large as leaves the thumbnails and the action bar in the first screen.
        <div className="space-y-2">
          <div className="mx-auto w-full lg:max-w-[calc((100dvh-25rem)*16/9)]">
            <VideoTile
              {...focused}
              large
              overlay={overlayOf(focused.id)}
              foot={footOf(focused.id)}
              tableCards={tableCards}
              onShareCard={onShareCard}
              onSearchCardByName={onSearchCardByName}
            />
          </div>
          {/* The others: on a phone one row that scrolls sideways, each thumbnail wide enough for its name and life
              (three in a row left each ~113 px, their overlays crowded); three across under the large tile on wider screens. */}
          <div
            className="-mx-2 flex snap-x gap-2 overflow-x-auto px-2 pb-1 sm:mx-auto sm:grid sm:max-w-md sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0"
            data-testid="focus-thumbnails"
          >
            {tiles
              .filter((t) => t.id !== focused.id)
              .map((t) => (
                <VideoTile
                  key={t.id}
                  {...t}
                  className="w-[46%] shrink-0 snap-start sm:w-auto"
                  onSelect={() => onFocus(t.id)}
                  overlay={overlayOf(t.id)}
                  foot={footOf(t.id)}
                  tableCards={tableCards}
                  onShareCard={onShareCard}
                  onSearchCardByName={onSearchCardByName}
                />
              ))}
          </div>
        </div>
      ) : (
        <div
          className={cn(
            "grid grid-cols-1 gap-2",
            // Two by two on a phone too: the whole table (tiles, life, turn) in the first screen, not one tile a screen.
            tiles.length > 1 && "grid-cols-2",
            // Two rows of tiles on a laptop: as wide as lets both rows and the action bar below fit in the first screen.
            tiles.length > 2 && "mx-auto lg:max-w-[calc((100dvh-21rem)*16/9)]",
          )}
        >
          {tiles.map((t) => (
            <VideoTile
              key={t.id}
              {...t}
              overlay={overlayOf(t.id)}
              foot={footOf(t.id)}
              tableCards={tableCards}
              onShareCard={onShareCard}
              onSearchCardByName={onSearchCardByName}
            />
          ))}
          {tiles.length === 0 ? <p className="text-sm text-muted">No players on camera yet.</p> : null}
        </div>
      )}

      {bar}

      {media.error ? (
        <p role="alert" className="mt-3 rounded-lg border border-destructive p-2 text-sm">
          {media.error}
        </p>
      ) : null}

      <div className="mt-2 flex flex-wrap gap-2" role="toolbar" aria-label="Video controls">
        {!media.camera ? (
          <Button size="sm" onClick={media.enableCamera} disabled={controlsDisabled}>
            <Camera className="h-4 w-4" aria-hidden="true" /> Enable Camera
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={media.toggleVideo} disabled={controlsDisabled} aria-pressed={media.videoOn}>
              {media.videoOn ? <Video className="h-4 w-4" aria-hidden="true" /> : <VideoOff className="h-4 w-4" aria-hidden="true" />}
              {media.videoOn ? "Camera On" : "Camera Off"}
            </Button>
            <Button size="sm" variant="outline" onClick={media.toggleAudio} disabled={controlsDisabled} aria-pressed={media.audioOn}>
              {media.audioOn ? <Mic className="h-4 w-4" aria-hidden="true" /> : <MicOff className="h-4 w-4" aria-hidden="true" />}
              {media.audioOn ? "Mic On" : "Mic Off"}
            </Button>
            {media.cameras.length > 1 ? (
              <NativeSelect
                aria-label="Camera"
                className="h-8 w-auto max-w-48 py-0 text-sm"
                value={media.cameraId ?? ""}
                onChange={(e) => media.switchCamera(e.target.value)}
              >
                {media.cameras.map((c) => (
                  <option key={c.deviceId} value={c.deviceId}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
          </>
        )}
        <Button size="sm" variant="outline" onClick={() => onMirror(!mirrored)} disabled={controlsDisabled} aria-pressed={mirrored}>
          <FlipHorizontal className="h-4 w-4" aria-hidden="true" /> Mirror self-view
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={media.screen ? media.stopScreenShare : media.startScreenShare}
          disabled={controlsDisabled}
          aria-pressed={Boolean(media.screen)}
        >
          <MonitorUp className="h-4 w-4" aria-hidden="true" /> {media.screen ? "Stop Sharing" : "Share Screen"}
        </Button>
        <Button
          size="sm"
          variant={recording ? "destructive" : "outline"}
          onClick={onRecord}
          disabled={controlsDisabled}
          aria-pressed={recording}
        >
          {recording ? <Square className="h-4 w-4" aria-hidden="true" /> : <Circle className="h-4 w-4" aria-hidden="true" />}
          {recording ? "Stop Recording" : "Record"}
        </Button>
      </div>
    </section>
  );
}
