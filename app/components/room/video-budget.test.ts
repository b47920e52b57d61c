import { describe, expect, it } from "vitest";
import {
  adaptUpload,
  INITIAL_UPLOAD,
  MIN_UPLOAD_SCALE,
  NOTICE_AFTER,
  RAISE_AFTER,
  scaleDownBy,
  tableBudget,
  VIDEO_UPLOAD_BUDGET,
  type ConnectionSample,
  type UploadState,
} from "./video-budget";
import { connectionSample, readUploadStats } from "./video-budget-stats";

/** A player's whole video upload: one stream per opponent and per spectator with a video place. */
const totalUpload = (players: number, spectators: number, scale = 1) => {
  const b = tableBudget({ players, spectators }, scale);
  return players * b.player.maxBitrate + spectators * b.spectator.maxBitrate;
};
/** Opus in a call: about 40 kbit/s a stream with its packet headers. */
const AUDIO = 40_000;

describe("the table's video budget", () => {
  it("keeps a player's whole upload at a full table (3 opponents, 6 spectators) under 6 Mbit/s with the audio", () => {
    expect(totalUpload(3, 6)).toBeLessThanOrEqual(VIDEO_UPLOAD_BUDGET);
    expect(totalUpload(3, 6) + 9 * AUDIO).toBeLessThan(6_000_000);
    for (let players = 0; players <= 3; players++)
      for (let spectators = 0; spectators <= 6; spectators++)
        expect(totalUpload(players, spectators) + (players + spectators) * AUDIO).toBeLessThan(6_000_000);
  });

  it("gives an opponent enough to read a card at a full table, and a spectator less", () => {
    const { player, spectator } = tableBudget({ players: 3, spectators: 6 });
    expect(player.maxBitrate).toBeGreaterThanOrEqual(900_000);
    expect(player.maxHeight).toBe(540);
    expect(spectator.maxBitrate).toBeLessThan(player.maxBitrate);
    expect(spectator.maxHeight).toBe(360);
    expect(spectator.maxFramerate).toBeLessThan(player.maxFramerate);
  });

  it("sends a lone opponent a large tile's 720p, and shares more out as the table empties", () => {
    expect(tableBudget({ players: 1, spectators: 0 }).player).toEqual({ maxBitrate: 2_500_000, maxHeight: 720, maxFramerate: 30 });
    // Two or three opponents see a grid: 540p at most, however many bits there are.
    expect(tableBudget({ players: 3, spectators: 0 }).player.maxHeight).toBe(540);
    const full = tableBudget({ players: 3, spectators: 6 });
    const fewer = tableBudget({ players: 3, spectators: 2 });
    expect(fewer.player.maxBitrate).toBeGreaterThan(full.player.maxBitrate);
    expect(fewer.spectator.maxBitrate).toBeGreaterThan(full.spectator.maxBitrate);
  });

  it("scales every connection with the measured upload, to smaller pictures on the way down", () => {
    const low = tableBudget({ players: 3, spectators: 6 }, 0.5);
    expect(low.player.maxBitrate).toBe(Math.round(tableBudget({ players: 3, spectators: 6 }).player.maxBitrate * 0.5));
    expect(low.player.maxHeight).toBe(360);
    expect(tableBudget({ players: 3, spectators: 6 }, MIN_UPLOAD_SCALE).spectator.maxHeight).toBe(270);
  });

  it("scales a camera or a shared screen down to the height wanted, never up", () => {
    expect(scaleDownBy(720, 540)).toBe(1.333);
    expect(scaleDownBy(1080, 540)).toBe(2);
    expect(scaleDownBy(480, 540)).toBe(1);
    expect(scaleDownBy(undefined, 360)).toBe(1);
  });
});

const settled = (limited: boolean): ConnectionSample => ({ limited, settled: true });
const run = (state: UploadState, samples: ConnectionSample[][]) => samples.reduce(adaptUpload, state);

describe("following the measured upload", () => {
  it("lowers the budget while most connections are held back by bandwidth, and tells the player after two samples", () => {
    const once = adaptUpload(INITIAL_UPLOAD, [settled(true), settled(true), settled(false)]);
    expect(once.scale).toBeLessThan(1);
    expect(once.notice).toBe(false);
    const twice = adaptUpload(once, [settled(true), settled(true), settled(false)]);
    expect(twice.scale).toBeLessThan(once.scale);
    expect(twice.notice).toBe(true);
    expect(NOTICE_AFTER).toBe(2);
  });

  it("never goes under its floor", () => {
    const low = run(
      INITIAL_UPLOAD,
      Array.from({ length: 20 }, () => [settled(true), settled(true)]),
    );
    expect(low.scale).toBe(MIN_UPLOAD_SCALE);
  });

  it("leaves one slow receiver to its own connection, and a lone connection's limit unclaimed", () => {
    // One spectator of six on a slow download: that connection's congestion control handles it.
    const one = adaptUpload(INITIAL_UPLOAD, [settled(true), ...Array.from({ length: 5 }, () => settled(false))]);
    expect(one).toEqual(INITIAL_UPLOAD);
    // With a single connection, whose link limits cannot be told.
    expect(run(INITIAL_UPLOAD, [[settled(true)], [settled(true)], [settled(true)]])).toEqual(INITIAL_UPLOAD);
  });

  it("ignores connections still ramping up (a new connection's estimate starts low)", () => {
    const ramping = [
      { limited: true, settled: false },
      { limited: true, settled: false },
    ];
    expect(run(INITIAL_UPLOAD, [ramping, ramping, ramping])).toEqual(INITIAL_UPLOAD);
  });

  it("raises the budget back slowly: a small step after a calm half minute, and the notice goes after two calm samples", () => {
    const limited = run(INITIAL_UPLOAD, [
      [settled(true), settled(true)],
      [settled(true), settled(true)],
    ]);
    const calm = (n: number) => Array.from({ length: n }, () => [settled(false), settled(false)]);
    const afterTwo = run(limited, calm(2));
    expect(afterTwo.notice).toBe(false);
    expect(afterTwo.scale).toBe(limited.scale);
    const afterStep = run(limited, calm(RAISE_AFTER));
    expect(afterStep.scale).toBeGreaterThan(limited.scale);
    expect(afterStep.scale).toBeLessThan(limited.scale * 1.2);
    const recovered = run(limited, calm(RAISE_AFTER * 10));
    expect(recovered.scale).toBe(1);
  });

  it("holds still while a few connections are limited but not most", () => {
    const limited = run(INITIAL_UPLOAD, [[settled(true), settled(true)]]);
    const mixed = run(
      limited,
      Array.from({ length: RAISE_AFTER * 2 }, () => [settled(true), settled(false), settled(false)]),
    );
    expect(mixed.scale).toBe(limited.scale);
  });
});

describe("reading a connection's statistics", () => {
  // The entries of Chromium's RTCStatsReport the budget reads, in webrtc-stats' names (a trimmed real report).
  const report = (reason: string, available: number | undefined) => [
    { type: "transport", id: "T01", selectedCandidatePairId: "CP1" },
    { type: "candidate-pair", id: "CP0", nominated: false, state: "waiting" },
    { type: "candidate-pair", id: "CP1", nominated: true, state: "succeeded", availableOutgoingBitrate: available },
    { type: "outbound-rtp", id: "OA", kind: "audio" },
    { type: "outbound-rtp", id: "OV", kind: "video", qualityLimitationReason: reason, targetBitrate: 925_926 },
  ];

  it("reads the video's limitation and the selected path's estimate", () => {
    expect(readUploadStats(report("bandwidth", 640_000))).toEqual({ bandwidthLimited: true, availableOutgoingBitrate: 640_000 });
    expect(readUploadStats(report("none", undefined))).toEqual({ bandwidthLimited: false, availableOutgoingBitrate: null });
    expect(readUploadStats([])).toEqual({ bandwidthLimited: false, availableOutgoingBitrate: null });
  });

  it("counts a connection as limited only when the path's estimate is also under its budget", () => {
    expect(connectionSample(readUploadStats(report("bandwidth", 640_000)), 925_926, true)).toEqual({ limited: true, settled: true });
    // The budget itself keeps the picture small: the path carries more than it is given.
    expect(connectionSample(readUploadStats(report("bandwidth", 1_400_000)), 925_926, true).limited).toBe(false);
    expect(connectionSample(readUploadStats(report("cpu", 300_000)), 925_926, false)).toEqual({ limited: false, settled: false });
  });
});
