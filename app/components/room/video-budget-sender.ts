/**
 * The video budget's lever on a peer connection: the sender of its outgoing video, and its encoding parameters.
 */
import { scaleDownBy, type VideoEncoding } from "./video-budget";

/** Resolution goes down before frames do: a card read from a smaller, steady picture beats a sharp, jerky one. */
const DEGRADATION = "maintain-framerate";

/** The sender of a connection's outgoing video, if it sends any. */
export function videoSender(pc: RTCPeerConnection): RTCRtpSender | null {
  const t = pc
    .getTransceivers()
    .find((t) => t.receiver.track.kind === "video" && (t.direction === "sendrecv" || t.direction === "sendonly"));
  return t?.sender ?? null;
}

/** Chromium and Safari take `degradationPreference` in `setParameters`; TypeScript's DOM types no longer list it. */
type SendParameters = RTCRtpSendParameters & { degradationPreference?: string };

export async function setEncoding(sender: RTCRtpSender, wanted: VideoEncoding, trackHeight: number | undefined): Promise<void> {
  const params: SendParameters = sender.getParameters();
  // No encodings before the connection's first negotiation: the budget is set again once it has them.
  const [first, ...rest] = params.encodings ?? [];
  if (!first) return;
  const scale = scaleDownBy(trackHeight, wanted.maxHeight);
  if (
    first.maxBitrate === wanted.maxBitrate &&
    first.scaleResolutionDownBy === scale &&
    first.maxFramerate === wanted.maxFramerate &&
    params.degradationPreference === DEGRADATION
  ) {
    return;
  }
  params.encodings = [
    { ...first, maxBitrate: wanted.maxBitrate, scaleResolutionDownBy: scale, maxFramerate: wanted.maxFramerate },
    ...rest,
  ];
  params.degradationPreference = DEGRADATION;
  await sender.setParameters(params);
}
