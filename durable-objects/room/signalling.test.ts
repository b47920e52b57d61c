import { describe, expect, it, vi } from "vitest";
import { ROOM_ERROR } from "../../workers/contract/room/protocol";
import { relayed, relayRefusal, type SignalFrame } from "./signalling";

const player = { userId: "p", role: "player" as const };
const spectator = { userId: "s", role: "spectator" as const };
const target = (userId: string, role: "player" | "spectator", connected = true) => ({ userId, role, connected });

describe("relayed", () => {
  it("sets fromPlayer itself and passes the payload on", () => {
    const offer = { type: "offer", sdp: "v=0" };
    expect(relayed({ type: "webrtc_offer", targetPlayer: "t", offer } as SignalFrame, "p")).toEqual({
      type: "webrtc_offer",
      fromPlayer: "p",
      offer,
    });
    const answer = { type: "answer", sdp: "v=0" };
    expect(relayed({ type: "webrtc_answer", targetPlayer: "t", answer, sessionId: "x" } as SignalFrame, "p")).toEqual({
      type: "webrtc_answer",
      fromPlayer: "p",
      answer,
    });
    const candidate = { candidate: "c" };
    expect(relayed({ type: "webrtc_ice_candidate", targetPlayer: "t", candidate } as SignalFrame, "p")).toEqual({
      type: "webrtc_ice_candidate",
      fromPlayer: "p",
      candidate,
    });
  });
});

describe("relayRefusal", () => {
  const always = () => true;
  it("needs another member with a socket here", () => {
    const unknown = { code: ROOM_ERROR.unknownTarget, message: "That player is not connected to this room" };
    expect(relayRefusal(player, undefined, "webrtc_offer", always)).toEqual(unknown);
    expect(relayRefusal(player, target("q", "player", false), "webrtc_offer", always)).toEqual(unknown);
    expect(relayRefusal(player, target("p", "player"), "webrtc_offer", always)).toEqual(unknown);
    expect(relayRefusal(player, target("q", "player"), "webrtc_offer", always)).toBeNull();
  });

  it("lets spectators answer players only", () => {
    const forbidden = { code: "forbidden", message: "Spectators only receive video" };
    expect(relayRefusal(spectator, target("p", "player"), "webrtc_offer", always)).toEqual(forbidden);
    expect(relayRefusal(spectator, target("t", "spectator"), "webrtc_answer", always)).toEqual(forbidden);
    expect(relayRefusal(spectator, target("p", "player"), "webrtc_answer", always)).toBeNull();
    expect(relayRefusal(spectator, target("p", "player"), "webrtc_ice_candidate", always)).toBeNull();
  });

  it("lets players reach spectators within the video cap, asking about the cap only then", () => {
    const cap = vi.fn(() => false);
    expect(relayRefusal(player, target("s", "spectator"), "webrtc_offer", cap)).toEqual({
      code: ROOM_ERROR.spectatorCap,
      message: "That spectator is beyond the video cap",
    });
    expect(relayRefusal(player, target("s", "spectator"), "webrtc_offer", always)).toBeNull();
    cap.mockClear();
    relayRefusal(player, target("q", "player"), "webrtc_offer", cap);
    relayRefusal(spectator, target("p", "player"), "webrtc_answer", cap);
    expect(cap).not.toHaveBeenCalled();
  });
});
