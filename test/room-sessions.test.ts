import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { GameRoom } from "../durable-objects/game-room";
import { SESSION_RECHECK_MS } from "../durable-objects/rules/socket-limits";
import { sessionKey } from "../workers/auth/session";
import { json, request, sessionCookieFrom, type Member } from "./helpers";
import { closeAllSockets, joinRoom, mirrored, ofType, signUp, upgrade, type TestSocket, createRoom } from "./room-socket";

afterEach(() => closeAllSockets());

const newRoom = (host: Member, maxPlayers = 4) => createRoom(host, { name: "Session pod", maxPlayers, communityId: "decksong" });

/** The same member signed in a second time (another browser): a second session. */
async function signInAgain(member: Member): Promise<Member> {
  const res = await request("/api/login/dev", {
    body: { firstName: member.firstName, lastName: "Member", email: member.email },
    headers: { "CF-Connecting-IP": `test-${crypto.randomUUID()}` },
  });
  expect(res.status).toBe(303);
  return { ...member, cookie: sessionCookieFrom(res) };
}

/** Untyped on purpose: the test helpers below reach into the room's instance. */
const roomStub = (id: string): DurableObjectStub => env.GameRoom.get(env.GameRoom.idFromName(id));
const session = async (id: string) => json(await request(`/api/game-sessions/${id}`));

/** Sending on a socket the room closed: the client may throw or drop it; either way nothing must happen. */
function trySend(socket: TestSocket, frame: unknown) {
  try {
    socket.send(frame);
  } catch {
    // Closed on our side too.
  }
}

/** A chat round trip on `socket`, proving every earlier frame to it has arrived. */
async function roundTrip(from: TestSocket, to: TestSocket) {
  const marker = `sync-${crypto.randomUUID()}`;
  from.send({ type: "message", content: marker });
  await to.next((f) => f.type === "message" && f.message.content === marker);
}

describe("sign-out ends the member's room sockets", () => {
  it("closes the sockets of the signed-out session at once, even after the room hibernated, and ignores what they send", async () => {
    const host = await signUp("Keeper");
    const guest = await signUp("Leaver");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    await a.socket.next((f) => f.type === "player_joined" && f.player.id === guest.id);
    // Hibernation drops the room's memory; the socket's session must survive in its attachment and tags.
    await evictDurableObject(roomStub(id));

    expect((await request("/api/logout", { method: "POST", cookie: guest.cookie })).status).toBe(303);
    // Closed by the sign-out itself, with the code the room page understands. A wait for the state, not a time: the
    // socket sends nothing, so no re-check of the room's could close it; without the sign-out's own close this
    // times out.
    expect(await b.socket.closed).toBe(4401);
    const left = await a.socket.next((f) => f.type === "player_left" && f.player.id === guest.id);
    expect(left.players.map((p: any) => p.id)).toEqual([host.id]);

    trySend(b.socket, { type: "message", content: "ghost chat" });
    trySend(b.socket, { type: "game_action", action: "life_change", data: { delta: -5 } });
    trySend(b.socket, { type: "game_action", action: "dice_roll", data: { sides: 20 } });
    const again = await joinRoom(host, id);
    expect(again.state.messages.map((m: any) => m.content)).not.toContain("ghost chat");
    expect(again.state.messages.some((m: any) => m.sender.id === guest.id)).toBe(false);
    // The old cookie opens nothing any more.
    expect((await upgrade(guest, id)).status).toBe(401);
    // Sign-out is a drop, not a leave: the seat is held for the grace period.
    expect((await session(id)).currentPlayers).toBe(2);
  });

  it("a new sign-in in the same browser ends the replaced session's sockets at once", async () => {
    const host = await signUp("Keeper");
    const guest = await signUp("Switcher");
    const id = await newRoom(host);
    await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    // The same browser signs in again (as anyone): its previous session is replaced.
    const again = await request("/api/login/dev", { cookie: guest.cookie, body: { firstName: "Switcher", email: guest.email } });
    expect(again.status).toBe(303);
    expect(await b.socket.closed).toBe(4401);
    expect((await upgrade(guest, id)).status).toBe(401);
  });

  it("leaves the member's sockets from another session open", async () => {
    const host = await signUp("Hoster");
    const phone = await signUp("TwoDevices");
    const laptop = await signInAgain(phone);
    const first = await newRoom(host);
    const second = await newRoom(host);
    const a = await joinRoom(host, first);
    const h2 = await joinRoom(host, second);
    const onPhone = await joinRoom(phone, first);
    const onLaptop = await joinRoom(laptop, second);

    expect((await request("/api/logout", { method: "POST", cookie: phone.cookie })).status).toBe(303);
    expect(await onPhone.socket.closed).toBe(4401);
    await a.socket.next((f) => f.type === "player_left" && f.player.id === phone.id);
    // The laptop's session is untouched: its socket keeps playing.
    onLaptop.socket.send({ type: "message", content: "still signed in here" });
    expect(await h2.socket.next(ofType("message"))).toMatchObject({
      message: { content: "still signed in here", sender: { id: phone.id } },
    });
  });
});

describe("account deletion ends the member's room sockets and seats", () => {
  it("closes every socket, takes the member out of the roster and the D1 counters, passes the turn and ends rooms they hosted", async () => {
    const host = await signUp("Stayer");
    const doomed = await signUp("Doomed");
    const other = await signUp("Bystander");
    const played = await newRoom(host);
    const watched = await newRoom(other);
    const seatedOnly = await newRoom(other);
    const hosted = await newRoom(doomed);

    const a = await joinRoom(host, played);
    const d = await joinRoom(doomed, played);
    const started = await request(`/api/game-sessions/${played}/start`, { cookie: host.cookie, method: "POST" });
    expect(started.status).toBe(200);
    // The first player is random (issue 14): give the turn to the member about to go.
    if ((await json(started)).gameData.currentTurn !== doomed.id) {
      a.socket.send({ type: "game_action", action: "pass_turn" });
      expect(await d.socket.next(ofType("turn_change"))).toMatchObject({ player: doomed.id });
    }
    const o = await joinRoom(other, watched);
    const spectating = await joinRoom(doomed, watched, "spectate");
    expect(spectating.state.you.role).toBe("spectator");
    expect((await request(`/api/game-sessions/${seatedOnly}/join`, { cookie: doomed.cookie, method: "POST" })).status).toBe(200);
    const guestOfDoomed = await joinRoom(host, hosted);
    expect((await session(watched)).spectators).toBe(1);
    expect((await session(seatedOnly)).currentPlayers).toBe(2);

    expect((await request("/api/user/account", { method: "DELETE", cookie: doomed.cookie })).status).toBe(204);

    expect(await d.socket.closed).toBe(4401);
    expect(await spectating.socket.closed).toBe(4401);
    const left = await a.socket.next((f) => f.type === "player_left" && f.player.id === doomed.id);
    expect(left.players.map((p: any) => p.id)).toEqual([host.id]);
    const gone = await o.socket.next(
      (f) => (f.type === "player_left" || f.type === "room_update") && !f.spectators.some((s: any) => s.id === doomed.id),
    );
    expect(gone.spectators).toEqual([]);
    // The room they hosted is deleted with them: its other sockets end too.
    expect(await guestOfDoomed.socket.closed).toBe(4404);

    trySend(d.socket, { type: "message", content: "from beyond" });
    await roundTrip(a.socket, a.socket);
    expect(a.socket.frames.some((f) => f.type === "message" && f.message.content === "from beyond")).toBe(false);

    // D1: counters and turn without the member, in every room they had a place in (the turn as the room mirrors it).
    await mirrored(played, { currentTurn: host.id });
    expect(await session(played)).toMatchObject({ currentPlayers: 1, spectators: 0, status: "active", gameData: { currentTurn: host.id } });
    expect(await session(watched)).toMatchObject({ currentPlayers: 1, spectators: 0 });
    expect(await session(seatedOnly)).toMatchObject({ currentPlayers: 1, spectators: 0 });
    expect((await request(`/api/game-sessions/${hosted}`)).status).toBe(404);
    // The room reloaded: a joiner sees the member nowhere.
    const fresh = await joinRoom(other, played);
    expect([...fresh.state.players, ...fresh.state.spectators].map((p: any) => p.id)).not.toContain(doomed.id);
    expect(fresh.state.currentTurn).toBe(host.id);
  });

  it("deletes a room the member came to host through a hand-over and counts them out of the others", async () => {
    const host = await signUp("Solo");
    const doomed = await signUp("LastOne");
    const id = await newRoom(host);
    await request(`/api/game-sessions/${id}/join`, { cookie: doomed.cookie, method: "POST" });
    await request(`/api/game-sessions/${id}/leave`, { cookie: host.cookie, method: "POST" });
    expect(await session(id)).toMatchObject({ currentPlayers: 1, status: "waiting", hostId: doomed.id });
    const otherRoom = await newRoom(host);
    await request(`/api/game-sessions/${otherRoom}/join`, { cookie: doomed.cookie, method: "POST" });
    expect((await request("/api/user/account", { method: "DELETE", cookie: doomed.cookie })).status).toBe(204);
    // Hosted (after the hand-over): deleted with the member. Seated elsewhere: counted out.
    expect((await request(`/api/game-sessions/${id}`)).status).toBe(404);
    expect(await session(otherRoom)).toMatchObject({ currentPlayers: 1, status: "waiting" });
  });
  it("refuses join_room from a deleted member's other session, which KV still holds until it expires", async () => {
    const host = await signUp("Lobby");
    const doomed = await signUp("Elsewhere");
    const otherBrowser = await signInAgain(doomed);
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    // Opened, not joined: the member has no place in this room, so deletion has no reason to tell it.
    const res = await upgrade(otherBrowser, id);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    expect((await request("/api/user/account", { method: "DELETE", cookie: doomed.cookie })).status).toBe(204);
    ws.send(JSON.stringify({ type: "join_room", sessionId: id }));
    expect(await closed).toBe(4401);
    await roundTrip(a.socket, a.socket);
    expect(a.socket.frames.some((f) => f.type === "player_joined" && f.player.id === doomed.id)).toBe(false);
    expect(await session(id)).toMatchObject({ currentPlayers: 1, spectators: 0 });
  });
});

describe("sessions ended behind the room's back", () => {
  it("closes a socket on its first frame after the re-check interval once its KV session is gone", async () => {
    const host = await signUp("Watcher");
    const guest = await signUp("Expired");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    const rawId = guest.cookie.slice(guest.cookie.indexOf("=") + 1);
    await env.SESSIONS.delete(`session:${await sessionKey(rawId)}`);

    // Within the interval the room reads no KV: the frame still goes through (frames stay cheap).
    b.socket.send({ type: "message", content: "before the re-check" });
    await a.socket.next((f) => f.type === "message" && f.message.content === "before the re-check");

    // Move the socket's last check one interval into the past, as if the time had passed.
    await runInDurableObject(roomStub(id), (room: GameRoom) => {
      for (const conn of room.getConnections()) {
        const state = conn.state as { userId: string; sessionCheckedAt: number } | null;
        if (state?.userId === guest.id) conn.setState({ ...state, sessionCheckedAt: state.sessionCheckedAt - SESSION_RECHECK_MS });
      }
    });
    b.socket.send({ type: "message", content: "after the re-check" });
    expect(await b.socket.closed).toBe(4401);
    await a.socket.next((f) => f.type === "player_left" && f.player.id === guest.id);
    await roundTrip(a.socket, a.socket);
    expect(a.socket.frames.some((f) => f.type === "message" && f.message.content === "after the re-check")).toBe(false);
  });

  it("re-checks the session on every join_room, whatever the interval", async () => {
    const host = await signUp("Door");
    const guest = await signUp("Stale");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const res = await upgrade(guest, id);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    const rawId = guest.cookie.slice(guest.cookie.indexOf("=") + 1);
    await env.SESSIONS.delete(`session:${await sessionKey(rawId)}`);
    ws.send(JSON.stringify({ type: "join_room", sessionId: id }));
    expect(await closed).toBe(4401);
    await roundTrip(a.socket, a.socket);
    expect(a.socket.frames.some((f) => f.type === "player_joined" && f.player.id === guest.id)).toBe(false);
    expect((await session(id)).currentPlayers).toBe(1);
  });
});
