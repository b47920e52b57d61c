import { describe, expect, it } from "vitest";
import type { ServerFrame } from "../../../workers/contract/room/protocol";
import { seatFixture } from "./seat-fixture";
import { publishes, spectatorsWithVideo, steerMesh, type MeshControls } from "./mesh-frames";

/** A mesh that writes down what it was asked (the real one needs RTCPeerConnection, which Node has not). */
function recordingMesh() {
  const calls: unknown[][] = [];
  const mesh: MeshControls = {
    offerLater: (...args) => void calls.push(["offerLater", ...args]),
    syncSpectators: (...args) => void calls.push(["syncSpectators", ...args]),
    close: (...args) => void calls.push(["close", ...args]),
    handleOffer: async (...args) => void calls.push(["handleOffer", ...args]),
    handleAnswer: async (...args) => void calls.push(["handleAnswer", ...args]),
    handleIce: async (...args) => void calls.push(["handleIce", ...args]),
  };
  return { mesh, calls };
}

const spectator = (id: string, receivesVideo: boolean) => ({ id, name: id, avatar: null, receivesVideo });
const player = (id: string) => seatFixture(id, { seat: 2 });
const roster = {
  players: [player("a"), player("b")],
  away: [],
  monarch: null,
  initiative: null,
  startedAt: null,
  serverTime: 1,
  spectators: [spectator("s1", true), spectator("s2", false)],
  hostId: "a",
  currentTurn: null,
  status: "waiting" as const,
};

describe("spectatorsWithVideo and publishes", () => {
  it("keeps only the spectators with a video place", () => {
    expect(spectatorsWithVideo([spectator("s1", true), spectator("s2", false), spectator("s3", true)])).toEqual(["s1", "s3"]);
  });
  it("publishes only as a seated player on a page opened to play", () => {
    expect(publishes("player", "play")).toBe(true);
    expect(publishes("player", "spectate")).toBe(false);
    expect(publishes("spectator", "play")).toBe(false);
  });
});

describe("steerMesh (which frames steer the peer mesh)", () => {
  it("offers to a player who joined after the delay, never to itself", () => {
    const { mesh, calls } = recordingMesh();
    steerMesh(mesh, { type: "player_joined", player: player("b"), role: "player", ...roster }, "a");
    steerMesh(mesh, { type: "player_joined", player: player("a"), role: "player", ...roster }, "a");
    expect(calls).toEqual([["offerLater", "b", false]]);
  });
  it("offers afresh to a returning spectator with a video place, and syncs the spectators either way", () => {
    const { mesh, calls } = recordingMesh();
    steerMesh(mesh, { type: "player_joined", player: spectator("s1", true), role: "spectator", ...roster }, "a");
    steerMesh(mesh, { type: "player_joined", player: spectator("s2", false), role: "spectator", ...roster }, "a");
    expect(calls).toEqual([
      ["offerLater", "s1", true],
      ["syncSpectators", ["s1"]],
      ["syncSpectators", ["s1"]],
    ]);
  });
  it("closes a departed member's connection and follows the spectators on a roster change", () => {
    const { mesh, calls } = recordingMesh();
    steerMesh(mesh, { type: "player_left", player: { id: "b", name: "b" }, ...roster }, "a");
    steerMesh(mesh, { type: "room_update", ...roster, spectators: [] }, "a");
    expect(calls).toEqual([
      ["close", "b"],
      ["syncSpectators", ["s1"]],
      ["syncSpectators", []],
    ]);
  });
  it("hands signalling to the mesh by its sender", () => {
    const { mesh, calls } = recordingMesh();
    const candidate = { candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    steerMesh(mesh, { type: "webrtc_offer", fromPlayer: "b", offer: { type: "offer", sdp: "o" } }, "a");
    steerMesh(mesh, { type: "webrtc_answer", fromPlayer: "b", answer: { type: "answer", sdp: "x" } }, "a");
    steerMesh(mesh, { type: "webrtc_ice_candidate", fromPlayer: "b", candidate }, "a");
    expect(calls).toEqual([
      ["handleOffer", "b", { type: "offer", sdp: "o" }],
      ["handleAnswer", "b", { type: "answer", sdp: "x" }],
      ["handleIce", "b", candidate],
    ]);
  });
  it("leaves the mesh alone for chat, game actions, media status and errors", () => {
    const { mesh, calls } = recordingMesh();
    const frames: ServerFrame[] = [
      { type: "turn_change", player: "b", by: "a" },
      { type: "camera_status", player: "b", enabled: true },
      { type: "error", message: "No", code: "x" },
      { type: "game_started", startedAt: 1, firstPlayer: "a" },
    ];
    for (const frame of frames) steerMesh(mesh, frame, "a");
    expect(calls).toEqual([]);
  });
});
