/**
 * One peer connection's WebRTC statistics (`RTCPeerConnection.getStats()`, W3C webrtc-stats) read for the video
 * budget: whether the outgoing video is held back by bandwidth, and what the path is estimated to carry.
 */
import type { ConnectionSample } from "./video-budget";

/** The fields read here, as webrtc-stats names them; every other entry of the report is ignored. */
type StatsEntry = {
  type: string;
  id: string;
  kind?: string;
  qualityLimitationReason?: string;
  availableOutgoingBitrate?: number;
  nominated?: boolean;
  state?: string;
  selectedCandidatePairId?: string;
};

export type UploadReading = { bandwidthLimited: boolean; availableOutgoingBitrate: number | null };

/** What a report says of the outgoing video and of the path in use (the transport's selected candidate pair). */
export function readUploadStats(report: Iterable<StatsEntry>): UploadReading {
  const entries = [...report];
  const video = entries.find((s) => s.type === "outbound-rtp" && s.kind === "video");
  const selectedId = entries.find((s) => s.type === "transport" && s.selectedCandidatePairId)?.selectedCandidatePairId;
  const pair =
    entries.find((s) => s.type === "candidate-pair" && s.id === selectedId) ??
    entries.find((s) => s.type === "candidate-pair" && s.nominated && s.state === "succeeded");
  return {
    bandwidthLimited: video?.qualityLimitationReason === "bandwidth",
    availableOutgoingBitrate: typeof pair?.availableOutgoingBitrate === "number" ? pair.availableOutgoingBitrate : null,
  };
}

/**
 * A connection counts as limited when the encoder blames bandwidth AND the path's estimate is under the budget's
 * bitrate: the encoder alone also says "bandwidth" when the budget itself is what keeps the picture small.
 */
export function connectionSample(reading: UploadReading, maxBitrate: number, settled: boolean): ConnectionSample {
  const underBudget = reading.availableOutgoingBitrate === null || reading.availableOutgoingBitrate < maxBitrate;
  return { limited: reading.bandwidthLimited && underBudget, settled };
}

/** `RTCStatsReport` is a maplike of dictionaries; its values are the entries. */
export function statsEntries(report: RTCStatsReport): Iterable<StatsEntry> {
  return report.values() as Iterable<StatsEntry>;
}
