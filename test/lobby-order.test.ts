import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { ROOM_STALE_MS } from "../workers/domain/rooms/room-visibility";
import { removeFromRoom } from "../workers/domain/rooms/rooms";
import { json, request, signUp, type Member } from "./helpers";
import { closeAllSockets, joinRoom } from "./room-socket";

afterEach(() => closeAllSockets());

/**
 * The lobby's order (what you can join now first) and what it hides (stale rooms), issue 25. Time is moved by
 * data: a room's last place change and its members' last activity are written into the past, never waited for.
 */

type Room = { id: string; communityId: string; currentPlayers: number; maxPlayers: number; viewerRemoved?: boolean };

const uniqueTag = () => `t${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

async function createRoom(host: Member, name: string, maxPlayers: number, communityId = "decksong") {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers, communityId, gameData: { name, format: "commander" } },
  });
  expect(res.status).toBe(201);
  return json<Room>(res);
}

async function join(member: Member, room: Room) {
  const res = await request(`/api/game-sessions/${room.id}/join`, { cookie: member.cookie, method: "POST" });
  expect(res.status).toBe(200);
}

async function list(query: Record<string, string>, viewer: Member) {
  const res = await request(`/api/game-sessions?${new URLSearchParams({ status: "waiting", ...query })}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  return { rooms: await json<Room[]>(res), next: res.headers.get("X-Next-Cursor") };
}

async function allPages(query: Record<string, string>, viewer: Member) {
  const pages: Room[][] = [];
  let cursor: string | null = null;
  do {
    const { rooms, next } = await list(cursor ? { ...query, cursor } : query, viewer);
    pages.push(rooms);
    cursor = next;
  } while (cursor && pages.length < 20);
  return pages;
}

/** Moves a room's last place change and its members' last request `ms` into the past. */
async function ageRoom(roomId: string, ms: number, { empty = true } = {}) {
  const at = Date.now() - ms;
  // Its last place change, and (unless someone is at it) when its last socket closed, `ms` ago.
  await env.DB.prepare(`UPDATE game_sessions SET updated_at = ?${empty ? ", empty_since = ?" : ""} WHERE id = ?`)
    .bind(...(empty ? [at, at, roomId] : [at, roomId]))
    .run();
}

const emptySinceOf = async (roomId: string) =>
  (await env.DB.prepare("SELECT empty_since AS e FROM game_sessions WHERE id = ?").bind(roomId).first<{ e: number | null }>())?.e;

describe("the lobby's order: what you can join now first", () => {
  it("puts rooms needing one more player first, then by seats needed, a full room last, newest first within each, across pages", async () => {
    const tag = uniqueTag();
    const host = await signUp("Orderer");
    const guest = await signUp("Guest");
    const viewer = await signUp("Viewer");
    const needsThree = await createRoom(host, `${tag} a`, 4);
    const full = await createRoom(host, `${tag} b`, 2);
    await join(guest, full);
    const needsOneOlder = await createRoom(host, `${tag} c`, 2);
    const needsTwo = await createRoom(host, `${tag} d`, 3);
    const needsOneNewer = await createRoom(host, `${tag} e`, 2);
    const needsSeven = await createRoom(host, `${tag} f`, 8);

    const expected = [needsOneNewer, needsOneOlder, needsTwo, needsThree, needsSeven, full].map((r) => r.id);
    expect((await list({ q: tag }, viewer)).rooms.map((r) => r.id)).toEqual(expected);
    // Two a page: the cursor carries the tier, so each room comes exactly once and in the same order.
    const pages = await allPages({ q: tag, limit: "2" }, viewer);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(pages.flat().map((r) => r.id)).toEqual(expected);
    const last = pages.flat().at(-1)!;
    expect(last.currentPlayers).toBe(last.maxPlayers);
  });

  it("keeps the selected realm's rooms first (another realm is another game), each realm by seats needed", async () => {
    const tag = uniqueTag();
    const host = await signUp("Realmer");
    const viewer = await signUp("Viewer");
    const otherNeedsOne = await createRoom(host, `${tag} a`, 2, "decksong");
    const mineNeedsThree = await createRoom(host, `${tag} b`, 4, "duelcraft");
    const mineNeedsOne = await createRoom(host, `${tag} c`, 2, "duelcraft");
    const otherNeedsThree = await createRoom(host, `${tag} d`, 4, "decksong");

    const pages = await allPages({ q: tag, preferCommunityId: "duelcraft", limit: "1" }, viewer);
    expect(pages.flat().map((r) => r.id)).toEqual([mineNeedsOne, mineNeedsThree, otherNeedsOne, otherNeedsThree].map((r) => r.id));
  });

  it("refuses a cursor of the old shape (realm tier, time, id) as any forged one", async () => {
    const viewer = await signUp("Viewer");
    const old = btoa(JSON.stringify([1, Date.now(), "abc"])).replace(/=+$/, "");
    const res = await request(`/api/game-sessions?cursor=${old}`, { cookie: viewer.cookie });
    expect(res.status).toBe(400);
  });
});

describe("stale rooms leave the lobby", () => {
  it("hides a waiting room nobody has been at for 10 minutes, and only that one; an open tab keeps a room listed", async () => {
    const tag = uniqueTag();
    const viewer = await signUp("Viewer");
    const staleHost = await signUp("Gone");
    const stale = await createRoom(staleHost, `${tag} stale`, 4);
    const nearlyHost = await signUp("Nearly");
    const nearly = await createRoom(nearlyHost, `${tag} nearly`, 4);
    const waitingHost = await signUp("Waiting");
    const waiting = await createRoom(waitingHost, `${tag} waiting`, 4);
    // A new room counts as empty from its creation until its host's page opens a socket.
    expect(await emptySinceOf(stale.id)).toEqual(expect.any(Number));

    // The waiting room's host has its page open (perhaps in a background tab): the room tells D1 someone is in.
    const { socket } = await joinRoom(waitingHost, waiting.id);
    await expect.poll(() => emptySinceOf(waiting.id)).toBeNull();

    await ageRoom(stale.id, ROOM_STALE_MS + 60_000);
    await ageRoom(nearly.id, ROOM_STALE_MS - 60_000);
    // Nobody joined or left for 11 minutes, but a socket is open: someone is at the table.
    await ageRoom(waiting.id, ROOM_STALE_MS + 60_000, { empty: false });

    const ids = (await list({ q: tag }, viewer)).rooms.map((r) => r.id).sort();
    expect(ids).toEqual([nearly.id, waiting.id].sort());

    // A place change (someone joins) brings the stale room back at once.
    const newcomer = await signUp("Newcomer");
    await join(newcomer, stale);
    expect((await list({ q: tag }, viewer)).rooms.map((r) => r.id)).toContain(stale.id);

    // When the last socket closes, the room says since when it is empty.
    const before = Date.now();
    socket.ws.close(1000, "tab closed");
    await expect.poll(() => emptySinceOf(waiting.id)).toBeGreaterThanOrEqual(before - 1_000);
  });
});

describe("a room whose host removed the viewer", () => {
  it("is listed to them marked viewerRemoved (the lobby offers no Join), and to others unmarked", async () => {
    const tag = uniqueTag();
    const host = await signUp("Host");
    const removed = await signUp("Removed");
    const other = await signUp("Other");
    const room = await createRoom(host, `${tag} room`, 4);
    await join(removed, room);
    await removeFromRoom(env, getDb(env.DB), room.id, host.id, removed.id);

    const seenByRemoved = (await list({ q: tag }, removed)).rooms;
    expect(seenByRemoved.map((r) => [r.id, r.viewerRemoved])).toEqual([[room.id, true]]);
    const seenByOther = (await list({ q: tag }, other)).rooms;
    expect(seenByOther.map((r) => [r.id, r.viewerRemoved])).toEqual([[room.id, false]]);

    // The lobby page says why instead of offering a Join that the room refuses.
    const page = async (member: Member) => (await request(`/tablesync?q=${tag}`, { cookie: member.cookie })).text();
    const removedPage = await page(removed);
    expect(removedPage).toContain("The host removed you from this room");
    expect(removedPage).not.toContain(">Join Game<");
    const otherPage = await page(other);
    expect(otherPage).toContain(">Join Game<");
    expect(otherPage).not.toContain("The host removed you from this room");
  });
});

describe("the host's name", () => {
  it("is the one display-name rule in the API and in the lobby, as in the room's header", async () => {
    const host = await signUp("Ann", "Host");
    const tag = uniqueTag();
    const room = await createRoom(host, `Named ${tag}`, 4);
    const view = await json(await request(`/api/game-sessions/${room.id}`, { cookie: host.cookie }));
    expect(view.host).toMatchObject({ id: host.id, firstName: "Ann", name: "Ann Host" });
    const guest = await signUp("Lobby", "Reader");
    const lobby = await (await request(`/tablesync?q=${tag}`, { cookie: guest.cookie })).text();
    expect(lobby.replace(/<!-- -->/g, "")).toContain("Hosted by Ann Host");
  });
});
