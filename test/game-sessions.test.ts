import { describe, expect, it } from "vitest";
import { json, request, type Member } from "./helpers";
import { signUp } from "./room-socket";

const roomBody = (overrides: Record<string, unknown> = {}) => ({
  maxPlayers: 4,
  communityId: "scry-gather",
  gameData: { name: "Friday Commander", format: "commander", powerLevel: "focused" },
  ...overrides,
});

async function createRoom(host: Member, overrides: Record<string, unknown> = {}) {
  const res = await request("/api/game-sessions", { cookie: host.cookie, body: roomBody(overrides) });
  expect(res.status).toBe(201);
  return json(res);
}

describe("POST /api/game-sessions", () => {
  it("creates a waiting room with the host seated and the default description", async () => {
    const host = await signUp("Hosty");
    const session = await createRoom(host);
    expect(session).toMatchObject({
      status: "waiting",
      hostId: host.id,
      host: { id: host.id, firstName: "Hosty" },
      currentPlayers: 1,
      maxPlayers: 4,
      spectators: 0,
      communityId: "scry-gather",
      gameData: {
        name: "Friday Commander",
        format: "commander",
        powerLevel: "focused",
        description: "commander game session",
        currentTurn: null,
      },
    });
    expect(new Date(session.createdAt).toISOString()).toBe(session.createdAt);
    const fetched = await json(await request(`/api/game-sessions/${session.id}`, { cookie: host.cookie }));
    // The answer to creating adds the room's links and invitees (issue 27) to the session itself.
    const { roomUrl, inviteUrl, invitedMemberIds, ...plain } = session;
    expect({ roomUrl, inviteUrl, invitedMemberIds }).toEqual({
      roomUrl: `http://localhost/tablesync/room/${session.id}`,
      inviteUrl: null,
      invitedMemberIds: [],
    });
    expect(fetched).toEqual(plain);
    // Nobody receives the host's e-mail address, not even the host (issue 12): visitors get the same session.
    expect(session.host).not.toHaveProperty("email");
    const asVisitor = await json(await request(`/api/game-sessions/${session.id}`));
    expect(asVisitor).toEqual(plain);
  });

  it("keeps a given description and trims the name", async () => {
    const host = await signUp("Desc");
    const session = await createRoom(host, { gameData: { name: "  Pod  ", format: "draft", description: "Cube night" } });
    expect(session.gameData).toMatchObject({ name: "Pod", description: "Cube night", powerLevel: null });
  });

  it("answers 401 signed out", async () => {
    const res = await request("/api/game-sessions", { body: roomBody() });
    expect(res.status).toBe(401);
  });

  it("validates maxPlayers, format, name and community with 400 and issues", async () => {
    const host = await signUp("Validator");
    for (const body of [
      roomBody({ maxPlayers: 7 }),
      roomBody({ gameData: { name: "x", format: "vintage" } }),
      roomBody({ gameData: { name: "   ", format: "modern" } }),
      roomBody({ communityId: undefined }),
      roomBody({ gameData: { name: "x", format: "modern", powerLevel: "extreme" } }),
    ]) {
      const res = await request("/api/game-sessions", { cookie: host.cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).issues.length).toBeGreaterThan(0);
    }
    const unknown = await request("/api/game-sessions", { cookie: host.cookie, body: roomBody({ communityId: "nope" }) });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ message: "Unknown community" });
  });
});

describe("GET /api/game-sessions", () => {
  it("filters by status and community and 404s a missing id", async () => {
    const host = await signUp("Lister");
    const waiting = await createRoom(host, { communityId: "duelcraft" });
    const started = await createRoom(host, { communityId: "duelcraft" });
    expect((await request(`/api/game-sessions/${started.id}/start`, { cookie: host.cookie, method: "POST" })).status).toBe(200);
    const list = await json<any[]>(await request("/api/game-sessions?status=waiting&communityId=duelcraft"));
    expect(list.some((s) => s.id === waiting.id)).toBe(true);
    expect(list.some((s) => s.id === started.id)).toBe(false);
    expect(list.every((s) => s.status === "waiting" && s.communityId === "duelcraft")).toBe(true);
    const first = await request("/api/game-sessions?communityId=duelcraft&limit=1");
    const page1 = await json<any[]>(first);
    expect(page1).toHaveLength(1);
    // Issue 14: pages follow the cursor codec's X-Next-Cursor (the old `before` timestamp is gone).
    const cursor = first.headers.get("X-Next-Cursor")!;
    const page2 = await json<any[]>(await request(`/api/game-sessions?communityId=duelcraft&limit=1&cursor=${encodeURIComponent(cursor)}`));
    // Issue 25: the lobby's order is what you can join now (fewest seats needed first, a full room last), then newest.
    const orderOf = (s: any) =>
      [s.currentPlayers >= s.maxPlayers ? 99 : s.maxPlayers - s.currentPlayers, -Date.parse(s.createdAt)] as const;
    const after = (a: readonly [number, number], b: readonly [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
    expect(page2.every((s) => after(orderOf(s), orderOf(page1[0])) && s.id !== page1[0].id)).toBe(true);
    expect((await request("/api/game-sessions?limit=500")).status).toBe(400);
    const bad = await request("/api/game-sessions?status=nonsense");
    expect(bad.status).toBe(400);
    expect((await request(`/api/game-sessions/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("join, spectate, leave, start", () => {
  it("seats exactly four of ten simultaneous joiners in a four-seat room", async () => {
    const host = await signUp("Capacity");
    const session = await createRoom(host);
    const joiners = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(`J${i}`)));
    const results = await Promise.all(
      joiners.map((j) => request(`/api/game-sessions/${session.id}/join`, { cookie: j.cookie, method: "POST" })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3); // the host holds the fourth seat
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const full = results.find((r) => r.status === 409)!;
    expect(await json(full)).toEqual({ message: "Room is full" });
    const seats = (await Promise.all(results.filter((r) => r.status === 200).map((r) => json(r)))).map((m) => m.seat).sort();
    expect(seats).toEqual([2, 3, 4]);
    const after = await json(await request(`/api/game-sessions/${session.id}`));
    expect(after.currentPlayers).toBe(4);
  });

  it("is idempotent and answers 401/404 where due", async () => {
    const host = await signUp("Idem");
    const guest = await signUp("Guest");
    const session = await createRoom(host);
    const first = await json(await request(`/api/game-sessions/${session.id}/join`, { cookie: guest.cookie, method: "POST" }));
    const again = await request(`/api/game-sessions/${session.id}/join`, { cookie: guest.cookie, method: "POST" });
    expect(again.status).toBe(200);
    expect((await json(again)).seat).toBe(first.seat);
    expect((await json(await request(`/api/game-sessions/${session.id}`))).currentPlayers).toBe(2);
    expect((await request(`/api/game-sessions/${session.id}/join`, { method: "POST" })).status).toBe(401);
    expect((await request(`/api/game-sessions/${crypto.randomUUID()}/join`, { cookie: guest.cookie, method: "POST" })).status).toBe(404);
  });

  it("spectates, counts spectators and upgrades a spectator who joins", async () => {
    const host = await signUp("SpecHost");
    const fan = await signUp("Fan");
    const session = await createRoom(host, { maxPlayers: 2 });
    const spectate = await request(`/api/game-sessions/${session.id}/spectate`, { cookie: fan.cookie, method: "POST" });
    expect(spectate.status).toBe(200);
    expect(await json(spectate)).toMatchObject({ role: "spectator", seat: null, session: { spectators: 1, currentPlayers: 1 } });
    const join = await json(await request(`/api/game-sessions/${session.id}/join`, { cookie: fan.cookie, method: "POST" }));
    expect(join).toMatchObject({ role: "player", seat: 2, session: { spectators: 0, currentPlayers: 2 } });
    expect((await request(`/api/game-sessions/${session.id}/spectate`, { method: "POST" })).status).toBe(401);
  });

  it("lets only the host start: first turn to a seated player picked at random; 409 when not waiting", async () => {
    const host = await signUp("Starter");
    const guest = await signUp("Nope");
    const session = await createRoom(host);
    await request(`/api/game-sessions/${session.id}/join`, { cookie: guest.cookie, method: "POST" });
    expect((await request(`/api/game-sessions/${session.id}/start`, { cookie: guest.cookie, method: "POST" })).status).toBe(403);
    const started = await json(await request(`/api/game-sessions/${session.id}/start`, { cookie: host.cookie, method: "POST" }));
    expect(started).toMatchObject({ status: "active" });
    // Issue 14: the first player is picked at random among the seated.
    expect([host.id, guest.id]).toContain(started.gameData.currentTurn);
    expect((await request(`/api/game-sessions/${session.id}/start`, { cookie: host.cookie, method: "POST" })).status).toBe(409);
  });

  it("passes hosting and the turn on leave, and completes the session when the last player leaves", async () => {
    const host = await signUp("Leaver");
    const second = await signUp("Second");
    const session = await createRoom(host);
    await request(`/api/game-sessions/${session.id}/join`, { cookie: second.cookie, method: "POST" });
    await request(`/api/game-sessions/${session.id}/start`, { cookie: host.cookie, method: "POST" });
    const afterHost = await json(await request(`/api/game-sessions/${session.id}/leave`, { cookie: host.cookie, method: "POST" }));
    expect(afterHost).toMatchObject({ hostId: second.id, currentPlayers: 1, status: "active", gameData: { currentTurn: second.id } });
    expect((await request(`/api/game-sessions/${session.id}/leave`, { cookie: host.cookie, method: "POST" })).status).toBe(404);
    const last = await json(await request(`/api/game-sessions/${session.id}/leave`, { cookie: second.cookie, method: "POST" }));
    expect(last).toMatchObject({ status: "completed", currentPlayers: 0 });
    const lobby = await json<any[]>(await request("/api/game-sessions?status=waiting"));
    expect(lobby.some((s) => s.id === session.id)).toBe(false);
    const late = await request(`/api/game-sessions/${session.id}/join`, { cookie: second.cookie, method: "POST" });
    expect(late.status).toBe(409);
  });
});
