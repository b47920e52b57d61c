import { describe, expect, it } from "vitest";
import { seatFixture } from "./seat-fixture";
import { elapsedSeconds, emptyRoomView, reduceRoomView, seatCountdown } from "./room-state";

const player = (id: string, seat: number) => seatFixture(id, { seat, isHost: seat === 1 });
const roster = {
  players: [player("a", 1), player("b", 2)],
  away: [],
  spectators: [],
  hostId: "a",
  currentTurn: null,
  status: "waiting" as const,
  monarch: null,
  initiative: null,
  startedAt: null,
  serverTime: 1_000,
};

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

  it("follows commander damage, counters and designations, for connected and away players", () => {
    let view = reduceRoomView(emptyRoomView, {
      type: "room_update",
      ...roster,
      players: [player("a", 1)],
      away: [{ ...player("b", 2), seatHeldUntil: 5_000 }],
    });
    view = reduceRoomView(view, {
      type: "game_action",
      action: "commander_damage",
      player: "a",
      result: { playerId: "a", from: "b", total: 21, delta: 21, life: 19 },
    });
    expect(view.players[0]).toMatchObject({ life: 19, commanderDamage: { b: 21 } });
    view = reduceRoomView(view, {
      type: "game_action",
      action: "counter",
      player: "b",
      result: { playerId: "b", name: "poison", value: 3, delta: 3, monarch: null, initiative: null },
    });
    expect(view.away[0].counters.poison).toBe(3);
    expect(view.away[0].seatHeldUntil).toBe(5_000);
    view = reduceRoomView(view, {
      type: "game_action",
      action: "counter",
      player: "a",
      result: { playerId: "a", name: "monarch", value: 1, delta: 1, monarch: "a", initiative: null },
    });
    expect(view.monarch).toBe("a");
  });

  it("keeps the room's clock: the same elapsed game time and seat countdown on every page", () => {
    // This browser's clock runs 10 s behind the room's.
    let view = reduceRoomView(emptyRoomView, { type: "room_update", ...roster, serverTime: 100_000 }, 90_000);
    expect(view.clockOffset).toBe(10_000);
    view = reduceRoomView(view, { type: "game_started", startedAt: 40_000, firstPlayer: "b" });
    expect(view).toMatchObject({ status: "active", currentTurn: "b", startedAt: 40_000 });
    expect(elapsedSeconds(view.startedAt, view.clockOffset, 90_000)).toBe(60);
    expect(elapsedSeconds(null, 0, 5)).toBe(0);
    expect(seatCountdown(100_000 + 272_000, view.clockOffset, 90_000)).toBe("4:32");
    expect(seatCountdown(50_000, view.clockOffset, 90_000)).toBe("0:00");
    expect(seatCountdown(null, 0, 0)).toBeNull();
  });

  it("keeps the best clock estimate: a frame that arrives late does not set the game clock back", () => {
    let view = reduceRoomView(emptyRoomView, { type: "room_update", ...roster, serverTime: 100_000 }, 90_000);
    expect(view.clockOffset).toBe(10_000);
    // Sent at room time 200,000 but handled 8 s late by a busy page.
    view = reduceRoomView(view, { type: "room_update", ...roster, serverTime: 200_000 }, 198_000);
    expect(view.clockOffset).toBe(10_000);
    // A frame that came faster than the first one shows the first was late too.
    view = reduceRoomView(view, { type: "room_update", ...roster, serverTime: 300_000 }, 289_000);
    expect(view.clockOffset).toBe(11_000);
    // The first sample is taken as it is, whatever its sign.
    expect(reduceRoomView(emptyRoomView, { type: "room_update", ...roster, serverTime: 50_000 }, 80_000).clockOffset).toBe(-30_000);
  });

  it("marks the room ended with the room's words", () => {
    const view = reduceRoomView(emptyRoomView, {
      type: "room_ended",
      reason: "last_player_left",
      message: "This game has ended: the last player left the table.",
    });
    expect(view).toMatchObject({ status: "completed", ended: "This game has ended: the last player left the table." });
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
