import { Camera, Circle, Grid2x2, Maximize2, Mic, MicOff, MonitorUp, Square, Video, VideoOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { RoomPlayer } from "../../../durable-objects/protocol";
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
  enableCamera: () => void;
  toggleVideo: () => void;
  toggleAudio: () => void;
  startScreenShare: () => void;
  stopScreenShare: () => void;
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
}: {
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
}) {
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
            muted: !media.audioOn,
            cameraOff: Boolean(media.camera) && !media.videoOn,
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
  const focused = layout === "focus" ? (tiles.find((t) => t.id === focusId) ?? tiles.find((t) => !t.local) ?? tiles[0]) : null;
  const controlsDisabled = spectator;

  return (
    <Card className="p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Video className="h-5 w-5" aria-hidden="true" /> Video Chat ({players.length}/{VIDEO_SLOTS} players)
        </h2>
        <div className="flex gap-1" role="group" aria-label="Layout">
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
        <div className="space-y-2">
          <VideoTile {...focused} large />
          <div className="grid grid-cols-3 gap-2">
            {tiles
              .filter((t) => t.id !== focused.id)
              .map((t) => (
                <VideoTile key={t.id} {...t} onSelect={() => onFocus(t.id)} />
              ))}
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {tiles.map((t) => (
            <VideoTile key={t.id} {...t} />
          ))}
          {tiles.length === 0 ? <p className="text-sm text-muted">No players on camera yet.</p> : null}
        </div>
      )}

      {media.error ? (
        <p role="alert" className="mt-3 rounded-lg border border-destructive p-2 text-sm">
          {media.error}
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2" role="toolbar" aria-label="Video controls">
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
          </>
        )}
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
    </Card>
  );
}
