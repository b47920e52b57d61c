import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Expand, MicOff, Play, Upload, Volume2, VideoOff } from "lucide-react";
import { cn } from "~/lib/cn";
import type { CardDto } from "../../../workers/contract/cards";
import { startPlayback, type Playback } from "./autoplay";
import type { Capture } from "./card-identify/card-identify-panel";
import { videoPointFromClick } from "./card-identify/video-point";
// Click a card on camera to identify it (issue 26): the panel and the vision code load apart, before the first click.
import { CardIdentifyPanel, useIdentifierPrefetch } from "./card-identify/prefetch";

const NO_CARDS: CardDto[] = [];

/**
 * One video: the local preview (muted, mirrored only when asked) or a remote
 * player's stream. Browsers may refuse to play with sound before the visitor
 * interacted with the page (a direct link, a reload): the tile then plays
 * muted and offers sound, or, when even that is refused, shows a "Click to
 * start video" control. Each tile can go full screen.
 */
export function VideoTile({
  stream,
  label,
  local = false,
  mirrored = false,
  muted = false,
  cameraOff = false,
  large = false,
  onSelect,
  overlay,
  tableCards = NO_CARDS,
  onShareCard,
  onSearchCardByName,
  foot,
  uploadLimited = false,
  className,
}: {
  /** Sizing from the layout around it (a Focus thumbnail's width in its row). */
  className?: string;
  /**
   * What sits at the tile's other bottom corner, which the name gives room: the seat's deck and bracket, or only the
   * own seat's Deck control (a button that is an icon on a narrow tile).
   */
  foot?: "deck" | "control";
  stream: MediaStream | null;
  label: string;
  local?: boolean;
  mirrored?: boolean;
  muted?: boolean;
  cameraOff?: boolean;
  large?: boolean;
  onSelect?: () => void;
  /** Drawn over the picture (the seat's table state, room/tile-overlay.tsx). */
  overlay?: ReactNode;
  /** The cards of the table's deck lists: what a click on a card in this video is matched against. */
  tableCards?: CardDto[];
  /** Shows an identified card to the table (the room's `share_card`); absent for a spectator. */
  onShareCard?: (card: CardDto) => void;
  /** Opens the card search by name (when the card is not recognised). */
  onSearchCardByName?: () => void;
  /** On the player's own tile: their upload is what limits the video the others see (peer-mesh.ts measures it). */
  uploadLimited?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const [playback, setPlayback] = useState<Playback>("playing");
  const [capture, setCapture] = useState<Capture | null>(null);
  /** A click on a remote player's picture (not a thumbnail that focuses) asks what card is there. */
  const identifyAt = (event: MouseEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    const point = videoPointFromClick(video.getBoundingClientRect(), video, event.clientX, event.clientY, mirrored);
    if (point) setCapture({ video, x: point.x, y: point.y, at: event.timeStamp });
  };
  const identifies = !local && !onSelect;
  // The identifier gets ready while a camera a click can identify on is on, so that the first click is quick.
  const mayIdentify = useIdentifierPrefetch(identifies && stream !== null && !cameraOff, tableCards);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (!stream) return;
    let current = true;
    void startPlayback(video, local).then((result) => {
      if (current) setPlayback(result);
    });
    return () => {
      current = false;
    };
  }, [stream, local]);

  /** A click is the gesture browsers wait for: play with sound. */
  const startByClick = useCallback(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = local;
    video
      .play()
      .then(() => setPlayback("playing"))
      .catch((error: unknown) => {
        console.warn("Video could not start", error);
        setPlayback("blocked");
      });
  }, [local]);

  const fullScreen = () => {
    const figure = figureRef.current;
    if (!figure) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void figure.requestFullscreen?.().catch((error: unknown) => console.warn("Full screen refused", error));
  };

  return (
    <figure
      ref={figureRef}
      className={cn(
        // A container: on a narrow tile (a Focus thumbnail, a phone's grid) the overlays take their compact forms.
        "@container group relative overflow-hidden rounded-xl border border-border bg-black",
        large ? "aspect-video w-full" : "aspect-video",
        className,
      )}
      data-testid={local ? "local-tile" : "remote-tile"}
    >
      {stream ? (
        // Live camera video between players: there is no caption track to offer. A click picks a point of the
        // picture, which only a pointer can; the card search by name is the keyboard's way to the same result.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          ref={ref}
          autoPlay
          playsInline
          muted={local}
          onClick={identifies ? identifyAt : undefined}
          onPointerEnter={identifies ? mayIdentify : undefined}
          onPointerDown={identifies ? mayIdentify : undefined}
          title={identifies ? "Click a card to identify it" : undefined}
          className={cn("h-full w-full object-contain", mirrored && "-scale-x-100", identifies && "cursor-crosshair")}
          data-testid={local ? "local-video" : "remote-video"}
          aria-label={`${label} video`}
        />
      ) : (
        <div className="grid h-full w-full place-items-center text-sm text-white/70">
          {/* On a narrow tile the name's own camera-off mark says it; this one would sit over the life row. */}
          <VideoOff className="h-8 w-8 @max-[16rem]:hidden" aria-hidden="true" data-testid="no-picture-mark" />
        </div>
      )}
      {/* A long name gives way (truncated, whole in its title) to the deck and bracket at the tile's other corner. */}
      <figcaption
        className={cn(
          "absolute bottom-2 left-2 flex items-center gap-1 rounded-md bg-black/60 px-2 py-0.5 text-xs text-white",
          foot === "deck"
            ? "max-w-[calc(40%-1rem)]"
            : foot === "control"
              ? "max-w-[calc(100%-6rem)] @max-[16rem]:max-w-[calc(100%-3.5rem)]"
              : "max-w-[calc(100%-1rem)]",
        )}
        title={label}
        data-testid="tile-name"
      >
        <span className="min-w-0 truncate">{label}</span>
        {muted ? <MicOff className="h-3 w-3" aria-label="Microphone off" /> : null}
        {cameraOff ? <VideoOff className="h-3 w-3" aria-label="Camera off" /> : null}
      </figcaption>
      {local ? (
        // Always present, so a screen reader hears the notice when it appears.
        <p role="status" className="pointer-events-none absolute bottom-9 left-2 right-2 z-10 flex">
          {uploadLimited ? (
            <span className="flex items-center gap-1 rounded-md bg-amber-950/90 px-2 py-1 text-xs font-medium text-amber-50">
              <Upload className="h-3 w-3 shrink-0" aria-hidden="true" /> Your upload is limiting your video
            </span>
          ) : null}
        </p>
      ) : null}
      {onSelect ? <button type="button" onClick={onSelect} className="absolute inset-0" aria-label={`Focus on ${label}`} /> : null}
      {overlay}
      {stream && playback === "blocked" ? (
        <button
          type="button"
          onClick={startByClick}
          className="absolute inset-0 z-10 grid place-items-center bg-black/70 text-white"
          data-testid="start-video"
        >
          <span className="flex items-center gap-2 rounded-lg bg-primary px-4 py-2 font-medium text-primary-foreground">
            <Play className="h-4 w-4" aria-hidden="true" /> Click to start video
          </span>
        </button>
      ) : null}
      {stream && playback === "muted" && !local ? (
        <button
          type="button"
          onClick={startByClick}
          className="absolute bottom-9 left-2 z-20 flex items-center gap-1 rounded-md bg-black/70 px-2 py-1 text-xs text-white"
        >
          <Volume2 className="h-3 w-3" aria-hidden="true" /> Click for sound
        </button>
      ) : null}
      {capture ? (
        <Suspense fallback={null}>
          <CardIdentifyPanel
            candidates={tableCards}
            capture={capture}
            onShare={onShareCard}
            onSearchByName={() => {
              setCapture(null);
              onSearchCardByName?.();
            }}
            onClose={() => setCapture(null)}
          />
        </Suspense>
      ) : null}
      <button
        type="button"
        onClick={fullScreen}
        className="absolute right-2 top-2 z-10 rounded-md bg-black/60 p-1.5 text-white opacity-80 hover:opacity-100 focus:opacity-100"
        aria-label={`Full screen: ${label}`}
      >
        <Expand className="h-4 w-4" aria-hidden="true" />
      </button>
    </figure>
  );
}
