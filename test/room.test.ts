/**
 * Over 300 lines: the room socket's protocol end to end, one frame kind per block.
 */
import { afterEach, describe, expect, it } from "vitest";
import { json, ORIGIN, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, mirrored, ofType, openSocket, signUp, upgrade } from "./room-socket";
import { exports } from "cloudflare:workers";

afterEach(() => closeAllSockets());

async function newRoom(host: Member, maxPlayers = 4, format = "commander") {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers, communityId: "scry-gather", gameData: { name: "Socket pod", format } },
  });
  return (await json(res)).id as string;
}

describe("room socket: upgrade", () => {
  it("refuses signed-out upgrades with 401 and plain requests with 426", async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/ws?sessionId=x`, { headers: { Upgrade: "websocket" } }));
    expect(res.status).toBe(401);
    const member = await signUp("Plain");
    expect((await request("/ws?sessionId=x", { cookie: member.cookie })).status).toBe(426);
  });

  it("answers 404 for a room that does not exist, before any socket opens", async () => {
    const member = await signUp("Lost");
    const res = await upgrade(member, crypto.randomUUID());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Game session not found" });
  });
});

describe("room socket: joining", () => {
  it("seats players, sends room state and tells everyone with the full list", async () => {
    const host = await signUp("Ann");
    const guest = await signUp("Ben");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    expect(a.state).toMatchObject({ you: { id: host.id, role: "player" }, hostId: host.id, status: "waiting", messages: [] });
    expect(a.state.players).toEqual([
      {
        id: host.id,
        name: "Ann Member",
        avatar: null,
        seat: 1,
        isHost: true,
        life: 40,
        commanderDamage: {},
        counters: { poison: 0, energy: 0, experience: 0 },
        deck: null,
        out: false,
      },
    ]);
    const b = await joinRoom(guest, id);
    expect(b.state.players.map((p: any) => p.id)).toEqual([host.id, guest.id]);
    const joined = await a.socket.next((f) => f.type === "player_joined" && f.player.id === guest.id);
    expect(joined).toMatchObject({ role: "player", player: { id: guest.id, seat: 2, isHost: false } });
    expect(joined.players).toHaveLength(2);
    const session = await json(await request(`/api/game-sessions/${id}`));
    expect(session.currentPlayers).toBe(2);
  });

  it("makes a joiner a spectator when the seats are full, and counts them", async () => {
    const host = await signUp("Full");
    const late = await signUp("Late");
    const id = await newRoom(host, 2);
    await joinRoom(host, id);
    await request(`/api/game-sessions/${id}/join`, { cookie: (await signUp("Seat2")).cookie, method: "POST" });
    const l = await joinRoom(late, id);
    expect(l.state.you).toMatchObject({ role: "spectator", receivesVideo: true });
    expect((await json(await request(`/api/game-sessions/${id}`))).spectators).toBe(1);
  });

  it("replaces an older socket of the same member: no duplicate in the list", async () => {
    const host = await signUp("Twice");
    const other = await signUp("Watcher");
    const id = await newRoom(host);
    const w = await joinRoom(other, id);
    const first = await joinRoom(host, id);
    const second = await joinRoom(host, id);
    expect(await first.socket.closed).toBe(4000);
    expect(second.state.players.filter((p: any) => p.id === host.id)).toHaveLength(1);
    const rejoined = await w.socket.next((f) => f.type === "player_joined" && f.player.id === host.id && f.players.length === 2);
    expect(rejoined.players.map((p: any) => p.id).sort()).toEqual([host.id, other.id].sort());
    // The room state (chat) survives the reconnect.
    second.socket.send({ type: "message", content: "still here" });
    await w.socket.next((f) => f.type === "message" && f.message.content === "still here");
    const third = await joinRoom(host, id);
    expect(third.state.messages.map((m: any) => m.content)).toContain("still here");
    expect(third.state.players.filter((p: any) => p.id === host.id)).toHaveLength(1);
  });

  it("announces a closed socket with player_left", async () => {
    const host = await signUp("Stay");
    const guest = await signUp("Go");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    b.socket.ws.close(1000, "bye");
    const left = await a.socket.next(ofType("player_left"));
    expect(left.player.id).toBe(guest.id);
    expect(left.players.map((p: any) => p.id)).toEqual([host.id]);
  });

  it("brings the room state back to a player who drops and reconnects, keeping the seat", async () => {
    const host = await signUp("Anchor");
    const guest = await signUp("Flaky");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    b.socket.send({ type: "game_action", action: "life_change", data: { delta: -2 } });
    b.socket.send({ type: "message", content: "brb" });
    await a.socket.next((f) => f.type === "message" && f.message.content === "brb");
    b.socket.ws.close(1001, "network drop");
    await a.socket.next((f) => f.type === "player_left" && f.player.id === guest.id);
    const back = await joinRoom(guest, id);
    expect(back.state.you.role).toBe("player");
    expect(back.state.players.map((p: any) => [p.id, p.seat, p.life])).toEqual([
      [host.id, 1, 40],
      [guest.id, 2, 38],
    ]);
    expect(back.state.messages.map((m: any) => m.content)).toContain("brb");
    await a.socket.next((f) => f.type === "player_joined" && f.player.id === guest.id && f.players.length === 2);
    expect((await json(await request(`/api/game-sessions/${id}`))).currentPlayers).toBe(2);
  });

  it("closes the socket of a member who leaves through REST and tells the others", async () => {
    const host = await signUp("Rest");
    const guest = await signUp("Quitter");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    expect((await request(`/api/game-sessions/${id}/leave`, { cookie: guest.cookie, method: "POST" })).status).toBe(200);
    expect(await b.socket.closed).toBe(4001);
    const left = await a.socket.next((f) => f.type === "player_left" && f.player.id === guest.id);
    expect(left.players).toHaveLength(1);
  });
});

describe("room socket: chat, dice, turns, life", () => {
  it("broadcasts trimmed chat as spec chat messages and refuses blank or long ones", async () => {
    const host = await signUp("Chatty");
    const guest = await signUp("Reader");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    a.socket.send({ type: "message", sessionId: id, content: "  hello table  ", user: { id: guest.id } });
    const got = await b.socket.next(ofType("message"));
    expect(got.message).toMatchObject({
      sender: { id: host.id, firstName: "Chatty", profileImageUrl: null },
      content: "hello table",
      type: "chat",
    });
    expect(got.message.sender).not.toHaveProperty("email");
    expect(new Date(got.message.timestamp).toISOString()).toBe(got.message.timestamp);
    a.socket.send({ type: "message", content: "   " });
    expect(await a.socket.next(ofType("error"))).toMatchObject({ code: "bad_message" });
    a.socket.send({ type: "message", content: "x".repeat(2001) });
    expect(await a.socket.next(ofType("error"))).toMatchObject({ code: "bad_message" });
  });

  it("rolls dice on the server within range, ignoring the client's result, same value for all", async () => {
    const host = await signUp("Roller");
    const guest = await signUp("Viewer");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    for (const sides of [4, 6, 8, 10, 12, 20]) {
      a.socket.send({ type: "game_action", sessionId: id, action: "dice_roll", data: { sides, result: 999 }, user: {} });
      const mine = await a.socket.next(ofType("game_action"));
      const theirs = await b.socket.next(ofType("game_action"));
      expect(mine).toEqual(theirs);
      expect(mine).toMatchObject({ action: "dice_roll", player: host.id, result: { sides } });
      expect(mine.result.value).toBeGreaterThanOrEqual(1);
      expect(mine.result.value).toBeLessThanOrEqual(sides);
      const note = await b.socket.next((f) => f.type === "message" && f.message.type === "game_action");
      expect(note.message.content).toBe(`Roller rolled a d${sides}: ${mine.result.value}`);
    }
    a.socket.send({ type: "game_action", action: "dice_roll", data: { sides: 7 } });
    expect(await a.socket.next(ofType("error"))).toMatchObject({ code: "bad_frame" });
  });

  it("passes turns in seat order, only by the current player or the host", async () => {
    const host = await signUp("T1");
    const p2 = await signUp("T2");
    const p3 = await signUp("T3");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(p2, id);
    const c = await joinRoom(p3, id);
    b.socket.send({ type: "game_action", action: "pass_turn" });
    expect(await b.socket.next(ofType("error"))).toMatchObject({ code: "not_started" });
    expect((await request(`/api/game-sessions/${id}/start`, { cookie: host.cookie, method: "POST" })).status).toBe(200);
    // The first player is picked at random (issue 14); from there the turn goes round in seat order.
    const order = [host, p2, p3];
    const sockets = [a, b, c];
    const started = await c.socket.next(ofType("room_update"));
    expect(started).toMatchObject({ status: "active" });
    let turn = order.findIndex((m) => m.id === started.currentTurn);
    expect(turn).toBeGreaterThanOrEqual(0);
    // Someone who neither holds the turn nor hosts may not pass it.
    const outsider = turn === 1 ? 2 : 1;
    sockets[outsider].socket.send({ type: "game_action", action: "pass_turn" });
    expect(await sockets[outsider].socket.next(ofType("error"))).toMatchObject({ code: "forbidden" });
    for (let i = 0; i < 3; i++) {
      const holder = order[turn];
      sockets[turn].socket.send({ type: "game_action", action: "pass_turn", data: {} });
      turn = (turn + 1) % 3;
      expect(await a.socket.next((f) => f.type === "turn_change" && f.by === holder.id)).toMatchObject({ player: order[turn].id });
    }
    if (turn !== 0) {
      // The host may pass another player's turn.
      a.socket.send({ type: "game_action", action: "pass_turn" });
      turn = (turn + 1) % 3;
      expect(await a.socket.next((f) => f.type === "turn_change" && f.by === host.id)).toMatchObject({ player: order[turn].id });
    }
    await mirrored(id, { currentTurn: order[turn].id });
    expect((await json(await request(`/api/game-sessions/${id}`))).gameData.currentTurn).toBe(order[turn].id);
  });

  it("tracks each player's own life total from the format's start", async () => {
    const host = await signUp("Lifer");
    const guest = await signUp("Other");
    const id = await newRoom(host, 2, "modern");
    const a = await joinRoom(host, id);
    expect(a.state.players[0].life).toBe(20);
    const b = await joinRoom(guest, id);
    a.socket.send({ type: "game_action", action: "life_change", data: { delta: -3 } });
    expect(await b.socket.next(ofType("game_action"))).toMatchObject({
      action: "life_change",
      player: host.id,
      result: { playerId: host.id, life: 17, delta: -3 },
    });
    const again = await joinRoom(guest, id);
    expect(again.state.players.find((p: any) => p.id === host.id).life).toBe(17);
  });
});

describe("room socket: signalling and spectators", () => {
  it("relays signalling only to the target, with fromPlayer set by the room", async () => {
    const host = await signUp("Sig1");
    const p2 = await signUp("Sig2");
    const p3 = await signUp("Sig3");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(p2, id);
    const c = await joinRoom(p3, id);
    const offer = { type: "offer", sdp: "v=0 fake" };
    a.socket.send({ type: "webrtc_offer", targetPlayer: p2.id, offer, sessionId: id });
    expect(await b.socket.next(ofType("webrtc_offer"))).toEqual({ type: "webrtc_offer", fromPlayer: host.id, offer });
    b.socket.send({ type: "webrtc_answer", targetPlayer: host.id, answer: { type: "answer", sdp: "v=0 a" } });
    expect(await a.socket.next(ofType("webrtc_answer"))).toMatchObject({ fromPlayer: p2.id });
    b.socket.send({
      type: "webrtc_ice_candidate",
      targetPlayer: host.id,
      candidate: { candidate: "candidate:1", sdpMid: "0", sdpMLineIndex: 0 },
    });
    expect(await a.socket.next(ofType("webrtc_ice_candidate"))).toMatchObject({
      fromPlayer: p2.id,
      candidate: { candidate: "candidate:1" },
    });
    a.socket.send({ type: "webrtc_offer", targetPlayer: crypto.randomUUID(), offer });
    expect(await a.socket.next(ofType("error"))).toMatchObject({ code: "unknown_target" });
    // A message round trip on c proves the earlier relays never reached it.
    a.socket.send({ type: "message", content: "sync" });
    await c.socket.next((f) => f.type === "message");
    expect(c.socket.frames.some((f) => f.type.startsWith("webrtc_"))).toBe(false);
  });

  it("refuses dice, chat, turns, life and offers from spectators but lets them answer players", async () => {
    const host = await signUp("Play");
    const fan = await signUp("Spec");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const s = await joinRoom(fan, id, "spectate");
    expect(s.state.you).toMatchObject({ role: "spectator", receivesVideo: true });
    const joined = await a.socket.next((f) => f.type === "player_joined" && f.player.id === fan.id);
    expect(joined).toMatchObject({ role: "spectator", player: { id: fan.id, receivesVideo: true } });
    for (const frame of [
      { type: "game_action", action: "dice_roll", data: { sides: 20 } },
      { type: "message", content: "hi" },
      { type: "game_action", action: "pass_turn" },
      { type: "game_action", action: "life_change", data: { delta: 1 } },
      { type: "webrtc_offer", targetPlayer: host.id, offer: { type: "offer", sdp: "x" } },
    ]) {
      s.socket.send(frame);
      expect(await s.socket.next(ofType("error"))).toMatchObject({ code: "forbidden" });
    }
    a.socket.send({ type: "webrtc_offer", targetPlayer: fan.id, offer: { type: "offer", sdp: "v" } });
    await s.socket.next(ofType("webrtc_offer"));
    s.socket.send({ type: "webrtc_answer", targetPlayer: host.id, answer: { type: "answer", sdp: "v" } });
    expect(await a.socket.next(ofType("webrtc_answer"))).toMatchObject({ fromPlayer: fan.id });
    expect(a.socket.frames.some((f) => f.type === "message" || f.type === "game_action")).toBe(false);
  });
});

describe("room socket: bad frames and rate limit", () => {
  it("answers malformed, unknown, wrong-field and binary frames with error and stays usable", async () => {
    const host = await signUp("Fuzz");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const cases: [string | ArrayBuffer, string][] = [
      ["{not json", "bad_json"],
      [JSON.stringify({ type: "teleport" }), "bad_frame"],
      [JSON.stringify({ type: "message", content: 42 }), "bad_frame"],
      [JSON.stringify({ type: "webrtc_offer", offer: { type: "offer", sdp: "x" } }), "bad_frame"],
      [JSON.stringify([1, 2]), "bad_frame"],
      [new TextEncoder().encode("{}").buffer as ArrayBuffer, "bad_frame"],
    ];
    for (const [raw, code] of cases) {
      a.socket.sendRaw(raw);
      expect(await a.socket.next(ofType("error"))).toMatchObject({ code });
    }
    a.socket.send({ type: "message", content: "still works" });
    expect(await a.socket.next(ofType("message"))).toMatchObject({ message: { content: "still works" } });
  });

  it("needs join_room before anything else", async () => {
    const host = await signUp("Early");
    const id = await newRoom(host);
    const socket = await openSocket(host, id);
    socket.send({ type: "message", content: "too soon" });
    expect(await socket.next(ofType("error"))).toMatchObject({ code: "not_joined" });
  });

  it("limits a socket to 20 frames per second with bursts of 40, then recovers", async () => {
    const host = await signUp("Flood");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    // A flood far past the burst: on a loaded machine the frames reach the room over more than a second and the
    // bucket refills meanwhile, so the bound on what gets through is taken from the time the flood really took.
    const sent = 200;
    const started = Date.now();
    for (let i = 0; i < sent; i++) a.socket.send({ type: "camera_status", enabled: true });
    await a.socket.next((f) => f.type === "error" && f.code === "rate_limited");
    const limited = () => a.socket.frames.filter((f) => f.code === "rate_limited").length;
    await expect.poll(limited, { timeout: 5000 }).toBeGreaterThanOrEqual(20);
    expect(limited()).toBeLessThan(sent);
    await new Promise((r) => setTimeout(r, 1500));
    a.socket.send({ type: "message", content: "calm again" });
    expect(await a.socket.next((f) => f.type === "message")).toMatchObject({ message: { content: "calm again" } });
    // The room answers a socket's frames in order: every frame of the flood has been answered by now.
    const seconds = (Date.now() - started) / 1000;
    expect(sent - limited(), `frames let through in ${seconds.toFixed(1)} s`).toBeLessThanOrEqual(40 + Math.ceil(20 * seconds) + 1);
  });
});
