import type { ServerFrame } from "../../../workers/contract/room/protocol";

/** Each other player's camera and microphone as they last said (unknown until they say). */
export type RemoteMediaStatus = Record<string, { camera?: boolean; mic?: boolean }>;

/** Folds a `camera_status` or `mic_status` frame in; any other frame leaves the statuses as they are (the same object). */
export function foldMediaStatus(all: RemoteMediaStatus, frame: ServerFrame): RemoteMediaStatus {
  if (frame.type !== "camera_status" && frame.type !== "mic_status") return all;
  const key = frame.type === "camera_status" ? "camera" : "mic";
  return { ...all, [frame.player]: { ...all[frame.player], [key]: frame.enabled } };
}
