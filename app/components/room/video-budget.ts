/**
 * How much video a player sends on each peer connection (issue 40). A player uploads one stream per other player
 * and per spectator with a video place (up to 3 + 6): without a limit each is a 720p stream at the browser's own
 * ceiling (about 2.5 Mbit/s), far more than a home connection's upload. The table's upload budget is shared by
 * weight: a player's tile gets the bits to read a card at the size the table shows it, a spectator's less. The
 * measured connection then scales the whole budget down (never one connection alone: each connection's own
 * congestion control already handles a receiver's slow download) and back up slowly.
 */

/** What one outgoing video encoding may use: `RTCRtpEncodingParameters` in the units a person reads. */
export type VideoEncoding = {
  /** Bits per second. */
  maxBitrate: number;
  /** Lines of picture the receiver needs (the sender scales its camera down to it, never up). */
  maxHeight: number;
  maxFramerate: number;
};

export type TableBudget = { player: VideoEncoding; spectator: VideoEncoding };

/** Video upload of one player at a full table (3 opponents and 6 spectators), leaving room for 9 Opus streams and headers under 6 Mbit/s. */
export const VIDEO_UPLOAD_BUDGET = 5_000_000;
/** A spectator's share against a player's: a spectator watches, a player reads the cards across the table. */
export const SPECTATOR_WEIGHT = 0.4;
const PLAYER_BITRATE = { min: 600_000, max: 2_500_000 };
const SPECTATOR_BITRATE = { min: 200_000, max: 1_000_000 };
/** The picture each bitrate carries cleanly in VP8 at 20–30 frames a second (the usual real-time ladder). */
const HEIGHT_LADDER: [minBitrate: number, height: number][] = [
  [1_600_000, 720],
  [800_000, 540],
  [350_000, 360],
  [0, 270],
];
/** Cards lie still: a spectator's stream keeps fewer frames and more bits for each. */
const PLAYER_FRAMERATE = 30;
const SPECTATOR_FRAMERATE = 20;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function heightFor(bitrate: number, most: number): number {
  const rung = HEIGHT_LADDER.find(([min]) => bitrate >= min) ?? HEIGHT_LADDER[HEIGHT_LADDER.length - 1];
  return Math.min(rung[1], most);
}

/**
 * The encoding for each kind of receiver, given how many connections of each kind this player sends on, and the
 * connection's scale (1, or lower when the upload is the bottleneck: `adaptUpload`). One opponent sees this player
 * on a large tile (720p); two or three see a grid of tiles (540p at most); spectators a grid of up to four (360p).
 */
export function tableBudget({ players, spectators }: { players: number; spectators: number }, scale = 1): TableBudget {
  const weight = Math.max(1, players + spectators * SPECTATOR_WEIGHT);
  const share = VIDEO_UPLOAD_BUDGET / weight;
  const playerBitrate = Math.round(clamp(share, PLAYER_BITRATE.min, PLAYER_BITRATE.max) * scale);
  const spectatorBitrate = Math.round(clamp(share * SPECTATOR_WEIGHT, SPECTATOR_BITRATE.min, SPECTATOR_BITRATE.max) * scale);
  return {
    player: {
      maxBitrate: playerBitrate,
      maxHeight: heightFor(playerBitrate, players <= 1 ? 720 : 540),
      maxFramerate: PLAYER_FRAMERATE,
    },
    spectator: { maxBitrate: spectatorBitrate, maxHeight: heightFor(spectatorBitrate, 360), maxFramerate: SPECTATOR_FRAMERATE },
  };
}

/** `scaleResolutionDownBy` for a track of `trackHeight` lines (a camera, or a shared screen) to fit `maxHeight`. */
export function scaleDownBy(trackHeight: number | undefined, maxHeight: number): number {
  if (!trackHeight || trackHeight <= maxHeight) return 1;
  return Math.round((trackHeight / maxHeight) * 1000) / 1000;
}

/** One connection's reading of its statistics (video-budget-stats.ts). */
export type ConnectionSample = {
  /** The encoder says bandwidth holds the picture back, and the path's estimate is under what the budget allows. */
  limited: boolean;
  /** Connected long enough for the bandwidth estimate to have ramped up (it starts low on every new connection). */
  settled: boolean;
};

export type UploadState = {
  /** Multiplies every connection's bitrate: 1, or less while the upload is the bottleneck. */
  scale: number;
  /** Consecutive samples with the upload limiting / with nothing limited. */
  limitedRun: number;
  calmRun: number;
  /** Whether to tell the player that their upload is limiting their video. */
  notice: boolean;
};

export const INITIAL_UPLOAD: UploadState = { scale: 1, limitedRun: 0, calmRun: 0, notice: false };
/** Not below a quarter: under it the other players would see no card at all, better a frozen frame now and then. */
export const MIN_UPLOAD_SCALE = 0.25;
const LOWER_BY = 0.7;
const RAISE_BY = 1.15;
/** Samples without any limit before the budget is raised one step (with 5 s samples: half a minute). */
export const RAISE_AFTER = 6;
/** Samples with the upload limiting before the player is told (one could be a passing dip). */
export const NOTICE_AFTER = 2;

/**
 * The next state after one sample of every connection. The upload is the bottleneck when at least half of the
 * settled connections (and at least two: with one, it could as well be the receiver's download) are held back by
 * bandwidth at once: the budget goes down by a step each such sample; it comes back up a small step after a
 * calm half minute. The notice shows after two such samples and goes after two calm ones.
 */
export function adaptUpload(state: UploadState, sample: ConnectionSample[]): UploadState {
  const settled = sample.filter((c) => c.settled);
  if (settled.length === 0) return state;
  const limited = settled.filter((c) => c.limited).length;
  const uploadBound = settled.length >= 2 && limited * 2 >= settled.length;
  if (uploadBound) {
    const limitedRun = state.limitedRun + 1;
    return {
      scale: Math.max(MIN_UPLOAD_SCALE, Math.round(state.scale * LOWER_BY * 1000) / 1000),
      limitedRun,
      calmRun: 0,
      notice: state.notice || limitedRun >= NOTICE_AFTER,
    };
  }
  if (limited > 0) return { ...state, limitedRun: 0, calmRun: 0 };
  const calmRun = state.calmRun + 1;
  const raise = state.scale < 1 && calmRun % RAISE_AFTER === 0;
  return {
    scale: raise ? Math.min(1, Math.round(state.scale * RAISE_BY * 1000) / 1000) : state.scale,
    limitedRun: 0,
    calmRun,
    notice: state.notice && calmRun < NOTICE_AFTER,
  };
}
