/**
 * Over 300 lines: every place change of the room service, REST and socket side by side.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { RATE_LIMITS, limitText } from "../workers/domain/rate-limit-rules";
import { readRoomSnapshot } from "../workers/domain/rooms/room-d1";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType, openSocket, signUp, createRoom } from "./room-socket";

/**
 * The room service (workers/domain/rooms/rooms.ts): every place in a room is taken
 * through it (the API, the lobby's and the room page's actions), in one D1
 * batch, and the room is told what it now holds, so a socket only attaches.
 */

afterEach(() => closeAllSockets());

const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" };

/** A form post to a page action, as a browser sends it (with or without JavaScript it is the same request). */
const postForm = (path: string, member: Member, fields: Record<string, string>) =>
  request(path, { method: "POST", cookie: member.cookie, body: new URLSearchParams(fields).toString(), headers: FORM_HEADERS });
const lobby = (member: Member, fields: Record<string, string>) => postForm("/tablesync?index", member, fields);
/** The Create Room form posts to the page it is on: the lobby opened on its Create Room tab. */
const createTab = (member: Member, fields: Record<string, string>) => postForm("/tablesync?tab=create&index", member, fields);
const roomPage = (member: Member, id: string, fields: Record<string, string>) => postForm(`/tablesync/room/${id}`, member, fields);
const api = (path: string, member: Member) => request(path, { method: "POST", cookie: member.cookie });

function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

/** The page a redirect leads to, opened as the browser does with the one-shot toast cookie: its HTML. */
async function pageAfter(res: Response, member: Member): Promise<string> {
  expect(res.status).toBe(302);
  const toast = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("realmcast_toast="))
    ?.split(";")[0];
  expect(toast, "a toast for the next page").toBeDefined();
  const page = await request(res.headers.get("Location")!, { cookie: `${member.cookie}; ${toast}` });
  return page.text();
}

const newRoom = (host: Member, maxPlayers = 4) => createRoom(host, { name: "Service pod", maxPlayers });

const placesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM game_session_members WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

/** What the room's Durable Object holds in its own storage (what it lets sockets attach to). */
const roomMembers = (id: string) =>
  runInDurableObject(env.GameRoom.get(env.GameRoom.idFromName(id)), (_room, state) =>
    state.storage.sql
      .exec<{ user_id: string; role: string; seat: number | null }>("SELECT user_id, role, seat FROM members ORDER BY seat")
      .toArray(),
  );

describe("joining from the lobby is one request", () => {
  it("takes the seat and tells the room within 3 D1 round trips; the socket then attaches without reading D1", async () => {
    const host = await signUp("Ann");
    const guest = await signUp("Ben");
    const id = await newRoom(host);

    const res = await lobby(guest, { intent: "join", sessionId: id });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/tablesync/room/${id}`);
    expect(queriesOf(res)).toBeLessThanOrEqual(3);
    expect(await pageAfter(res, guest)).toContain("Successfully joined!");

    // The room was told the new roster by the service: it holds the seat before any socket opens.
    expect(await roomMembers(id)).toEqual([
      { user_id: host.id, role: "player", seat: 1 },
      { user_id: guest.id, role: "player", seat: 2 },
    ]);
    // A name changed in D1 behind the room's back stays unseen on join_room: the room reads nothing from D1 there.
    await env.DB.prepare("UPDATE users SET first_name = 'Renamed' WHERE id = ?").bind(guest.id).run();
    const socket = await openSocket(guest, id);
    socket.send({ type: "join_room", sessionId: id });
    const state = await socket.next(ofType("room_state"));
    expect(state.you).toMatchObject({ id: guest.id, role: "player" });
    expect(state.players.find((p: { id: string }) => p.id === guest.id)).toMatchObject({ name: "Ben Member", seat: 2 });
  });

  it("the join API takes at most 3 D1 round trips too", async () => {
    const host = await signUp("ApiHost");
    const guest = await signUp("ApiGuest");
    const id = await newRoom(host);
    const res = await api(`/api/game-sessions/${id}/join`, guest);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ role: "player", seat: 2, session: { currentPlayers: 2 } });
    expect(queriesOf(res)).toBeLessThanOrEqual(3);
  });

  it("a full room answers the spec's 'Room is full' with its capacity, and takes no place", async () => {
    const host = await signUp("FullHost");
    const second = await signUp("Second");
    const late = await signUp("Late");
    const id = await newRoom(host, 2);
    expect((await api(`/api/game-sessions/${id}/join`, second)).status).toBe(200);
    const res = await lobby(late, { intent: "join", sessionId: id });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Room is full");
    expect(html).toContain("This room has reached its maximum capacity of 2 players.");
    expect(await placesOf(late.id)).toBe(0);
  });

  it("spectating from the lobby goes to the room in spectator mode", async () => {
    const host = await signUp("Shown");
    const fan = await signUp("Fan");
    const id = await newRoom(host);
    const res = await lobby(fan, { intent: "spectate", sessionId: id });
    expect(res.headers.get("Location")).toBe(`/tablesync/room/${id}?mode=spectate`);
    expect(queriesOf(res)).toBeLessThanOrEqual(3);
    expect(await pageAfter(res, fan)).toContain("Now spectating!");
    expect(await roomMembers(id)).toContainEqual({ user_id: fan.id, role: "spectator", seat: null });
  });
});

describe("places are taken only through the room service", () => {
  it("a socket gives no place: join_room without one is refused and changes nothing; after the room page's enter it attaches", async () => {
    const host = await signUp("Door");
    const visitor = await signUp("Linked");
    const id = await newRoom(host);
    const socket = await openSocket(visitor, id);
    socket.send({ type: "join_room", sessionId: id });
    expect(await socket.next(ofType("error"))).toEqual({ type: "error", code: "not_member", message: "Join or watch this room first" });
    expect(await placesOf(visitor.id)).toBe(0);

    // The page opened from a link takes the place through its action (by itself with JavaScript).
    const entered = await roomPage(visitor, id, { intent: "enter", mode: "play" });
    expect(entered.status).toBe(200);
    expect(queriesOf(entered)).toBeLessThanOrEqual(5);
    socket.send({ type: "join_room", sessionId: id });
    expect((await socket.next(ofType("room_state"))).you).toMatchObject({ id: visitor.id, role: "player" });
  });

  it("a link in play mode watches a room that is full; spectate mode watches", async () => {
    const host = await signUp("Tight");
    const [second, third, fourth] = await Promise.all([signUp("Two"), signUp("Three"), signUp("Four")]);
    const id = await newRoom(host, 2);
    expect((await api(`/api/game-sessions/${id}/join`, second)).status).toBe(200);
    expect((await roomPage(third, id, { intent: "enter", mode: "play" })).status).toBe(200);
    expect((await roomPage(fourth, id, { intent: "enter", mode: "spectate" })).status).toBe(200);
    const session = await json(await request(`/api/game-sessions/${id}`));
    expect(session).toMatchObject({ currentPlayers: 2, spectators: 2 });
    const { state } = await joinRoom(third, id);
    expect(state.you).toMatchObject({ role: "spectator" });
  });

  it(`every door counts against the one joins-and-watches limit (${RATE_LIMITS.gameSessionJoin.limit} an hour); a socket is no door`, async () => {
    const host = await signUp("LimitHost");
    const other = await signUp("OtherHost");
    const hopper = await signUp("Hopper");
    const id = await newRoom(host, 8);
    const elsewhere = await newRoom(other, 8);
    const doors = [
      () => api(`/api/game-sessions/${id}/join`, hopper),
      () => api(`/api/game-sessions/${id}/spectate`, hopper),
      () => lobby(hopper, { intent: "join", sessionId: id }),
      () => lobby(hopper, { intent: "spectate", sessionId: id }),
      () => roomPage(hopper, id, { intent: "enter", mode: "play" }),
      () => roomPage(hopper, id, { intent: "enter", mode: "spectate" }),
    ];
    for (let i = 0; i < RATE_LIMITS.gameSessionJoin.limit; i++) {
      const res = await doors[i % doors.length]();
      expect(res.status, `call ${i + 1}`).toBeLessThan(400);
      await res.body?.cancel();
    }
    const placesBefore = await placesOf(hopper.id);
    const limitMessage = `at most ${limitText("gameSessionJoin")}`;
    const apiOver = await api(`/api/game-sessions/${elsewhere}/join`, hopper);
    expect(apiOver.status).toBe(429);
    expect((await json(apiOver)).message).toContain(limitMessage);
    for (const over of [
      () => lobby(hopper, { intent: "join", sessionId: elsewhere }),
      () => lobby(hopper, { intent: "spectate", sessionId: elsewhere }),
      () => roomPage(hopper, elsewhere, { intent: "enter", mode: "play" }),
    ]) {
      const res = await over();
      expect(res.status).toBe(429);
      expect(await res.text()).toContain(limitMessage);
    }
    // The socket cannot take the place the limit refused.
    const socket = await openSocket(hopper, elsewhere);
    socket.send({ type: "join_room", sessionId: elsewhere });
    expect(await socket.next(ofType("error"))).toMatchObject({ code: "not_member" });
    expect(await placesOf(hopper.id)).toBe(placesBefore);
  });
});

describe("telling the room", () => {
  it("a snapshot told late never undoes a newer change: the room reads D1 instead", async () => {
    const host = await signUp("Teller");
    const guest = await signUp("Newer");
    const id = await newRoom(host);
    await joinRoom(host, id);
    const older = await readRoomSnapshot(getDb(env.DB), id);
    expect((await api(`/api/game-sessions/${id}/join`, guest)).status).toBe(200);
    // The snapshot from before the join arrives after it (two changes told at once).
    await (await getServerByName(env.GameRoom, id)).applyRoster(older, null);
    expect((await roomMembers(id)).map((m) => m.user_id)).toEqual([host.id, guest.id]);
  });
});

describe("the room page's forms", () => {
  it("shows a member without a place a form to take one, and a member with one a Leave Room form (without JavaScript)", async () => {
    const host = await signUp("Pager");
    const visitor = await signUp("Visitor");
    const id = await newRoom(host);
    const linked = await (await request(`/tablesync/room/${id}`, { cookie: visitor.cookie })).text();
    expect(linked).toContain("Join this table");
    expect(linked).not.toContain("Leave Room");
    const watching = await (await request(`/tablesync/room/${id}?mode=spectate`, { cookie: visitor.cookie })).text();
    expect(watching).toContain("Watch this table");
    const hosting = await (await request(`/tablesync/room/${id}`, { cookie: host.cookie })).text();
    expect(hosting).toContain("Leave Room");
    expect(hosting).not.toContain("Join this table");
  });

  it("starts the game for the host only, and tells the room", async () => {
    const host = await signUp("Starter");
    const guest = await signUp("Waiter");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    await joinRoom(guest, id);
    const refused = await roomPage(guest, id, { intent: "start" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Could not start the game");
    const started = await roomPage(host, id, { intent: "start" });
    expect(started.status).toBe(200);
    expect(queriesOf(started)).toBeLessThanOrEqual(5);
    // The first player is picked at random among the seated (issue 14).
    expect([host.id, guest.id]).toContain((await a.socket.next((f) => f.type === "room_update" && f.status === "active")).currentTurn);
  });

  it("leaves: back to the lobby with the toast, the member's socket closes; leaving again is still a leave", async () => {
    const host = await signUp("Stayer");
    const guest = await signUp("Goer");
    const id = await newRoom(host);
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    const res = await roomPage(guest, id, { intent: "leave" });
    expect(res.headers.get("Location")).toBe("/tablesync");
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    expect(await pageAfter(res, guest)).toContain("Left the room");
    expect(await b.socket.closed).toBe(4001);
    expect(await a.socket.next((f) => f.type === "player_left" && f.player.id === guest.id)).toMatchObject({ players: [{ id: host.id }] });
    expect((await roomPage(guest, id, { intent: "leave" })).headers.get("Location")).toBe("/tablesync");
  });

  it("refuses unknown intents and rooms with a clear 4xx", async () => {
    const member = await signUp("Odd");
    const id = await newRoom(member);
    expect((await roomPage(member, id, { intent: "teleport" })).status).toBe(400);
    expect((await roomPage(member, crypto.randomUUID(), { intent: "enter", mode: "play" })).status).toBe(404);
    expect((await roomPage(member, "x".repeat(300), { intent: "enter" })).status).toBe(404);
    expect((await lobby(member, { intent: "join" })).status).toBe(400);
  });
});

describe("creating a room from the lobby's form (works without JavaScript)", () => {
  const fields = (overrides: Record<string, string> = {}) => ({
    intent: "create",
    communityId: "decksong",
    "gameData.name": "No-script night",
    "gameData.format": "modern",
    "gameData.powerLevel": "",
    maxPlayers: "2",
    "gameData.description": "",
    ...overrides,
  });

  it("answers a missing name and format beside the fields, keeping what was typed, and creates nothing", async () => {
    const host = await signUp("Typist");
    const res = await createTab(host, fields({ "gameData.name": "  ", "gameData.format": "", "gameData.description": "Kept text" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Room name required");
    expect(html).toContain("Format required");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Kept text");
    const rooms = await env.DB.prepare("SELECT count(*) AS n FROM game_sessions WHERE host_id = ?").bind(host.id).first<{ n: number }>();
    expect(rooms!.n).toBe(0);
  });

  it("answers an unknown realm with the spec's failure", async () => {
    const host = await signUp("Lost");
    const res = await createTab(host, fields({ communityId: "atlantis" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Failed to create room");
  });

  it("creates the room in the chosen realm and goes to it with the spec's toast, within the budget", async () => {
    const host = await signUp("Maker");
    const res = await createTab(host, fields());
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const location = res.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/tablesync\/room\/[0-9a-f-]{36}$/);
    expect(await pageAfter(res, host)).toContain("Room created successfully!");
    const room = await json(await request(`/api/game-sessions/${location.split("/").pop()}`));
    expect(room).toMatchObject({
      hostId: host.id,
      communityId: "decksong",
      maxPlayers: 2,
      currentPlayers: 1,
      gameData: { name: "No-script night", format: "modern", powerLevel: null, description: "modern game session" },
    });
  });
});
