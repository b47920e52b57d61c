import { afterEach, describe, expect, it } from "vitest";
import { ROOM_CLOSE } from "../workers/contract/room/close-codes";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, mirrored, ofType, openSocket, signUp, createRoom } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 25: the host ends the game for everyone over the room socket (`end_game`), and the room page's loader
 * tells a member the room refuses (removed by the host, a game that ended) before the page opens anything.
 */

afterEach(() => closeAllSockets());

const newRoom = (host: Member) => createRoom(host);
const session = async (id: string) => json(await request(`/api/game-sessions/${id}`));
/** The room page as the browser first loads it (server-rendered). */
const roomPageHtml = async (member: Member, id: string) => {
  const res = await request(`/tablesync/room/${id}`, { cookie: member.cookie, headers: { Host: "localhost" } });
  return { status: res.status, html: await res.text() };
};

/** Three seated players (Ann hosts) and a spectator, the game started. */
async function table() {
  const [ann, ben, cat, fan] = await Promise.all([signUp("Ann", "Host"), signUp("Ben"), signUp("Cat"), signUp("Fan")]);
  const id = await newRoom(ann);
  const a = await joinRoom(ann, id);
  const b = await joinRoom(ben, id);
  const c = await joinRoom(cat, id);
  const f = await joinRoom(fan, id, "spectate");
  expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "start" })).status).toBe(200);
  await a.socket.next(ofType("game_started"));
  return { id, ann, ben, cat, fan, a, b, c, f };
}

describe("the host ends the game", () => {
  it("refuses anyone but the host with the protocol's forbidden error, and a malformed frame by the schema", async () => {
    const { id, b, f, a } = await table();
    for (const s of [b, f]) {
      s.socket.send({ type: "end_game", sessionId: id });
      expect(await s.socket.next(ofType("error"))).toEqual({ type: "error", code: "forbidden", message: "Only the host can end the game" });
    }
    a.socket.send({ type: "end_game", sessionId: 42 });
    expect(await a.socket.next(ofType("error"))).toMatchObject({ type: "error", code: "bad_frame" });
    // Nothing ended: the table still plays.
    b.socket.send({ type: "game_action", sessionId: id, action: "life_change", data: { delta: -1 } });
    expect(await a.socket.next(ofType("game_action"))).toMatchObject({ action: "life_change", result: { life: 39 } });
    expect((await session(id)).status).toBe("active");
  });

  it("ends the room for every open socket at once (spectators too), and completes it in D1", async () => {
    const { id, ann, ben, a, b, c, f } = await table();
    a.socket.send({ type: "end_game", sessionId: id });
    for (const s of [a, b, c, f]) {
      expect(await s.socket.next(ofType("room_ended"))).toEqual({
        type: "room_ended",
        reason: "host_ended",
        message: "This game has ended: the host ended it.",
      });
      expect(await s.socket.closed).toBe(ROOM_CLOSE.ended);
    }
    // Completed in D1 once the room's mirror has written it (after the broadcast), as when the last player leaves:
    // the lobby lists waiting and active rooms only.
    await mirrored(id, { status: "completed" });
    expect((await session(id)).status).toBe("completed");
    // A socket opened afterwards is told the game ended, and so is the page: it opens nothing.
    const late = await openSocket(ben, id);
    late.send({ type: "join_room", sessionId: id });
    expect(await late.next(ofType("error"))).toMatchObject({ code: "ended" });
    for (const member of [ann, ben]) {
      const page = await roomPageHtml(member, id);
      expect(page.status).toBe(200);
      expect(page.html).toContain("This game has ended.");
      expect(page.html).toContain("Game Over");
    }
  });
});

describe("the room page's loader", () => {
  it("tells a member the host removed so at once, with no form to join again; others get the room", async () => {
    const { id, ann, ben, b } = await table();
    expect((await submitForm(`/tablesync/room/${id}`, ann, { intent: "remove", userId: ben.id })).status).toBe(200);
    expect(await b.socket.closed).toBe(ROOM_CLOSE.removed);
    const refused = await roomPageHtml(ben, id);
    expect(refused.status).toBe(200);
    expect(refused.html).toContain("The host removed you from this room.");
    expect(refused.html).toContain('data-testid="room-refusal"');
    expect(refused.html).not.toContain("Join this table");
    const host = await roomPageHtml(ann, id);
    expect(host.html).not.toContain('data-testid="room-refusal"');
    expect(host.html).toContain("Loading game room...");
  });

  it("names the host by the one display-name rule (first and last name)", async () => {
    const { id, ben } = await table();
    const page = await roomPageHtml(ben, id);
    // React's server render marks where one text node ends and the next begins.
    expect(page.html).toMatch(/Hosted by (<!-- -->)?Ann Host/);
  });
});
