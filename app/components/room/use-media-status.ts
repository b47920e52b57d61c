import { useEffect, useState } from "react";
import type { RoomChannel } from "~/hooks/use-room-socket";
import { foldMediaStatus, type RemoteMediaStatus } from "./media-status";

/**
 * Camera and microphone status over the room's socket: tells the room this player's (once their camera is on, and
 * on every toggle) and keeps the other players' (their tiles say "camera off", "muted").
 */
export function useMediaStatus(
  { send, subscribe }: RoomChannel,
  media: { camera: MediaStream | null; videoOn: boolean; audioOn: boolean },
): RemoteMediaStatus {
  const [remoteStatus, setRemoteStatus] = useState<RemoteMediaStatus>({});
  useEffect(
    () =>
      subscribe((frame) => {
        if (frame.type === "camera_status" || frame.type === "mic_status") setRemoteStatus((all) => foldMediaStatus(all, frame));
      }),
    [subscribe],
  );

  const { camera, videoOn, audioOn } = media;
  useEffect(() => {
    if (camera) send({ type: "camera_status", enabled: videoOn });
  }, [camera, videoOn, send]);
  useEffect(() => {
    if (camera) send({ type: "mic_status", enabled: audioOn });
  }, [camera, audioOn, send]);
  return remoteStatus;
}
