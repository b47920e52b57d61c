import { useEffect, useRef } from "react";
import { MicOff, VideoOff } from "lucide-react";
import { cn } from "~/lib/cn";

/** One video in the grid: the local preview (muted) or a remote player's stream. */
export function VideoTile({
  stream,
  label,
  local = false,
  muted = false,
  cameraOff = false,
  large = false,
  onSelect,
}: {
  stream: MediaStream | null;
  label: string;
  local?: boolean;
  muted?: boolean;
  cameraOff?: boolean;
  large?: boolean;
  onSelect?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure
      className={cn("relative overflow-hidden rounded-xl border border-border bg-black", large ? "aspect-video w-full" : "aspect-video")}
      data-testid={local ? "local-tile" : "remote-tile"}
    >
      {stream ? (
        // Live camera video between players: there is no caption track to offer.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          ref={ref}
          autoPlay
          playsInline
          muted={local}
          className={cn("h-full w-full object-cover", local && "-scale-x-100")}
          data-testid={local ? "local-video" : "remote-video"}
          aria-label={`${label} video`}
        />
      ) : (
        <div className="grid h-full w-full place-items-center text-sm text-white/70">
          <VideoOff className="h-8 w-8" aria-hidden="true" />
        </div>
      )}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1 rounded-md bg-black/60 px-2 py-0.5 text-xs text-white">
        {label}
        {muted ? <MicOff className="h-3 w-3" aria-label="Microphone off" /> : null}
        {cameraOff ? <VideoOff className="h-3 w-3" aria-label="Camera off" /> : null}
      </figcaption>
      {onSelect ? <button type="button" onClick={onSelect} className="absolute inset-0" aria-label={`Focus on ${label}`} /> : null}
    </figure>
  );
}
