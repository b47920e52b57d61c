import { listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_SOCKETS_PER_MEMBER } from "../durable-objects/rules/socket-limits";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType, openSocket, signUp, upgrade } from "./room-socket";

afterEach(() => closeAllSockets());

async function newRoom(host: Member) {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers: 4, communityId: "duelcraft", gameData: { name: "Upgrade pod", format: "commander" } },
  });
  return (await json(res)).id as string;
}

const roomExists = async (name: string) => {
  const id = env.GameRoom.idFromName(name);
  return (await listDurableObjectIds(env.GameRoom)).some((other) => other.equals(id));
};

describe("/ws upgrade guards", () => {
  it("refuses another site's page and a missing Origin with 403", async () => {
    const member = await signUp("Origin");
    const id = await newRoom(member);
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null", null]) {
      const res = await upgrade(member, id, undefined, { origin });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-origin socket refused" });
    }
    expect((await upgrade(member, id)).status).toBe(101);
  });

  it("answers 404 for a session id that does not exist without creating a Durable Object", async () => {
    const member = await signUp("Junk");
    for (const junk of [crypto.randomUUID(), "x".repeat(100), "../../etc", "DROP TABLE"]) {
      const res = await upgrade(member, junk);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Game session not found" });
      expect(await roomExists(junk)).toBe(false);
    }
    // A real room's upgrade does reach its Durable Object.
    const id = await newRoom(member);
    await joinRoom(member, id);
    expect(await roomExists(id)).toBe(true);
  });

  it("drops a client-supplied _pk and other query values before the room", async () => {
    const member = await signUp("Forger");
    const other = await signUp("Neighbour");
    const id = await newRoom(member);
    // 300 characters used to become the connection's tag: a stack trace in a frame and a logged error.
    const { socket, state } = await joinRoom(member, id, undefined, { query: { _pk: "p".repeat(300), junk: "j".repeat(3000) } });
    expect(state).toMatchObject({ sessionId: id, you: { id: member.id, role: "player" } });
    expect(socket.frames.some((f) => "error" in f && !("type" in f))).toBe(false);
    // Two sockets given the same _pk are still two connections: both hear the room.
    const theirs = await joinRoom(other, id, undefined, { query: { _pk: "same" } });
    const mine = await joinRoom(member, id, undefined, { query: { _pk: "same" } });
    mine.socket.send({ type: "message", content: "both hear this" });
    await theirs.socket.next((f) => f.type === "message" && f.message.content === "both hear this");
    await mine.socket.next((f) => f.type === "message" && f.message.content === "both hear this");
  });

  it("drops client-supplied x-partykit-* and look-alike identity headers before the room", async () => {
    const member = await signUp("Spoofer");
    const victim = await signUp("Victim");
    const id = await newRoom(member);
    const { socket, state } = await joinRoom(member, id, undefined, {
      headers: {
        "x-partykit-props": "{not json",
        "x-partykit-room": "some-other-room",
        "x-partykit-namespace": "elsewhere",
        "x-realmcast-user-id": victim.id,
        "x-realmcast-session": "f".repeat(64),
        "x-realmcast-mode": "spectate",
      },
    });
    // Who and how come from the cookie and the query the Worker validated, nothing else.
    expect(state).toMatchObject({ sessionId: id, you: { id: member.id, role: "player" } });
    socket.send({ type: "message", content: "still me" });
    expect(await socket.next(ofType("message"))).toMatchObject({ message: { content: "still me", sender: { id: member.id } } });
    expect(socket.frames.some((f) => "error" in f && !("type" in f))).toBe(false);
  });
});

describe("sockets per member per room", () => {
  it(`keeps at most ${MAX_SOCKETS_PER_MEMBER}: a newer socket closes the oldest, and the newest can always join`, async () => {
    const host = await signUp("Hoarder");
    const watcher = await signUp("Counter");
    const id = await newRoom(host);
    const w = await joinRoom(watcher, id);
    const joined = await joinRoom(host, id);
    const extra = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER - 1; i++) extra.push(await openSocket(host, id));
    // Within the limit nothing closes.
    await new Promise((r) => setTimeout(r, 100));
    expect(joined.socket.ws.readyState).toBe(WebSocket.OPEN);
    const newest = await openSocket(host, id);
    expect(await joined.socket.closed).toBe(4000);
    // The closed socket was the member's only joined one: the room says so, the seat is held.
    await w.socket.next((f) => f.type === "player_left" && f.player.id === host.id);
    for (const socket of extra) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const openInRoom = await runInDurableObject(
      env.GameRoom.get(env.GameRoom.idFromName(id)),
      (_room, state) => state.getWebSockets(`u:${host.id}`).filter((ws) => ws.readyState === WebSocket.OPEN).length,
    );
    expect(openInRoom).toBe(MAX_SOCKETS_PER_MEMBER);

    newest.send({ type: "join_room", sessionId: id });
    expect(await newest.next(ofType("room_state"))).toMatchObject({ you: { id: host.id, role: "player" } });
    const back = await w.socket.next((f) => f.type === "player_joined" && f.player.id === host.id);
    expect(back.players.filter((p: any) => p.id === host.id)).toHaveLength(1);
  });
});

describe("oversize frames", () => {
  it("closes the sender's socket with 1009 and changes nothing; the member can come back", async () => {
    const host = await signUp("Big");
    const guest = await signUp("Small");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    a.socket.sendRaw(JSON.stringify({ type: "message", content: "a".repeat(70 * 1024) }));
    expect(await a.socket.closed).toBe(1009);
    await b.socket.next((f) => f.type === "player_left" && f.player.id === host.id);
    const back = await joinRoom(host, id);
    expect(back.state.you.role).toBe("player");
    expect(back.state.messages).toEqual([]);
    back.socket.send({ type: "message", content: "normal size" });
    expect(await b.socket.next(ofType("message"))).toMatchObject({ message: { content: "normal size" } });
  });
});
