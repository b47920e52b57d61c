import { describe, expect, it } from "vitest";
import { emptyRoomView, reduceRoomView } from "./room-state";

const player = (id: string, seat: number) => ({ id, name: id, avatar: null, seat, isHost: seat === 1, life: 40 });
const roster = { players: [player("a", 1), player("b", 2)], spectators: [], hostId: "a", currentTurn: null, status: "waiting" as const };

describe("reduceRoomView", () => {
  it("loads room state, then follows joins, turns, life and dice", () => {
    let view = reduceRoomView(emptyRoomView, {
      type: "room_state",
      sessionId: "s",
      you: { id: "a", role: "player", receivesVideo: true },
      ...roster,
      messages: [],
    });
    expect(view.players).toHaveLength(2);
    view = reduceRoomView(view, { type: "turn_change", player: "b", by: "a" });
    expect(view.currentTurn).toBe("b");
    view = reduceRoomView(view, {
      type: "game_action",
      action: "life_change",
      player: "b",
      result: { playerId: "b", life: 35, delta: -5 },
    });
    expect(view.players[1].life).toBe(35);
    view = reduceRoomView(view, { type: "game_action", action: "dice_roll", player: "a", result: { sides: 20, value: 7 } }, 123);
    expect(view.lastRoll).toEqual({ player: "a", sides: 20, value: 7, at: 123 });
    view = reduceRoomView(view, { type: "player_left", player: { id: "b", name: "b" }, ...roster, players: [player("a", 1)] });
    expect(view.players.map((p) => p.id)).toEqual(["a"]);
  });

  it("appends chat once per message id and keeps the newest 200", () => {
    const message = (i: number) => ({
      id: `m${i}`,
      sender: { id: "a", firstName: "A", email: "a@x", profileImageUrl: null },
      content: `${i}`,
      timestamp: new Date(0).toISOString(),
      type: "chat" as const,
    });
    let view = emptyRoomView;
    for (let i = 0; i < 205; i++) view = reduceRoomView(view, { type: "message", message: message(i) });
    view = reduceRoomView(view, { type: "message", message: message(204) });
    expect(view.messages).toHaveLength(200);
    expect(view.messages[0].id).toBe("m5");
  });

  it("leaves the view as it is for signalling, media status and errors", () => {
    const view = reduceRoomView(emptyRoomView, { type: "turn_change", player: "a", by: "a" });
    for (const frame of [
      { type: "webrtc_offer", fromPlayer: "a", offer: { type: "offer", sdp: "x" } },
      { type: "webrtc_ice_candidate", fromPlayer: "a", candidate: null },
      { type: "camera_status", player: "a", enabled: true },
      { type: "error", code: "not_member", message: "Join or watch this room first" },
    ] as const) {
      expect(reduceRoomView(view, frame)).toBe(view);
    }
  });
});
