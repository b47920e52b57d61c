import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { INBOX_CLOSE, INBOX_PATH, INBOX_SOCKETS_PER_MEMBER } from "../workers/contract/inbox";
import { ORIGIN, json, request, sessionCookieFrom, signUp } from "./helpers";
import { closeAllSockets, joinRoom, ofType } from "./room-socket";
import { submitForm } from "./single-fetch";

// Issue 37: a notification that asks a member to act reaches their open pages within a moment, through their inbox
// socket (workers/contract/inbox.ts, durable-objects/member-inbox.ts), not at the bell's next poll.

type Inbox = { ws: WebSocket; messages: string[]; closed: Promise<number>; next(timeoutMs?: number): Promise<string> };
const inboxes: Inbox[] = [];
afterEach(() => {
  for (const inbox of inboxes.splice(0)) {
    try {
      inbox.ws.close(1000);
    } catch {
      // closed already
    }
  }
  closeAllSockets();
});

function upgrade(cookie: string | null, origin: string | null = ORIGIN, headers: Record<string, string> = { Upgrade: "websocket" }) {
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  if (origin) h.set("Origin", origin);
  return exports.default.fetch(new Request(`${ORIGIN}${INBOX_PATH}`, { headers: h }));
}

async function openInbox(member: { cookie: string }): Promise<Inbox> {
  const res = await upgrade(member.cookie);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const messages: string[] = [];
  let cursor = 0;
  ws.addEventListener("message", (event) => {
    messages.push(String(event.data));
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  const inbox: Inbox = {
    ws,
    messages,
    closed,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (cursor >= messages.length) {
        if (Date.now() > deadline) throw new Error("no message on the inbox");
        await new Promise((r) => setTimeout(r, 10));
      }
      return messages[cursor++]!;
    },
  };
  inboxes.push(inbox);
  return inbox;
}

const RING = JSON.stringify({ type: "notifications" });

describe("the inbox socket", () => {
  it("rings every open page of the notified member at once, and nobody else's", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const [annTab1, annTab2, benTab] = [await openInbox(ann), await openInbox(ann), await openInbox(ben)];

    // Ben invites Ann: her two tabs hear of it; Ben's own tab does not.
    const invite = await json(await request("/api/friend-requests", { cookie: ben.cookie, body: { addresseeId: ann.id } }));
    expect(await annTab1.next()).toBe(RING);
    expect(await annTab2.next()).toBe(RING);
    // Ann accepts: now Ben hears of it, and that is the first thing his tab ever got.
    expect((await request(`/api/friend-requests/${invite.id}/accept`, { method: "POST", cookie: ann.cookie })).status).toBe(200);
    expect(await benTab.next()).toBe(RING);
    expect(benTab.messages).toEqual([RING]);
    // The ring carries nothing but that: the page reads its count as always.
    expect((await json(await request("/api/notifications/unread-count", { cookie: ann.cookie }))).unreadCount).toBe(1);
  });

  it("the host records a result: the other player's page hears 'Confirm the result' at once", async () => {
    const [host, other] = await Promise.all([signUp("Hal", "Host"), signUp("Ida", "Player")]);
    const created = await request("/api/game-sessions", {
      cookie: host.cookie,
      body: { maxPlayers: 4, communityId: "bladeforge", gameData: { name: "Live result pod", format: "commander" } },
    });
    const id = (await json(created)).id as string;
    const seats = [await joinRoom(host, id), await joinRoom(other, id)];
    expect((await submitForm(`/tablesync/room/${id}`, host, { intent: "start" })).status).toBe(200);
    await seats[0]!.socket.next(ofType("game_started"));
    seats[0]!.socket.send({ type: "end_game", sessionId: id });
    await seats[0]!.socket.next(ofType("room_ended"));
    closeAllSockets();

    const page = await openInbox(other);
    const hostPage = await openInbox(host);
    const recorded = await request(`/api/game-sessions/${id}/result`, {
      cookie: host.cookie,
      body: { outcome: "win", winnerId: host.id, endTurn: 7 },
    });
    expect(recorded.status).toBe(201);
    expect(await page.next()).toBe(RING);
    const asked = (await json(await request("/api/notifications", { cookie: other.cookie }))).notifications;
    expect(asked.map((n: { title: string }) => n.title)).toContain("Confirm the result");

    // A dispute rings the host (a notification written set-wise, noted by hand).
    expect(
      (await request(`/api/game-sessions/${id}/result/response`, { cookie: other.cookie, body: { response: "dispute" } })).status,
    ).toBe(200);
    expect(await hostPage.next()).toBe(RING);
  });

  it("answers pings without waking anything", async () => {
    const ann = await signUp("Ann");
    const first = await openInbox(ann);
    first.ws.send("ping");
    expect(await first.next()).toBe("pong");
  });

  it("keeps the newest pages past the cap", async () => {
    const ann = await signUp("Ann");
    const first = await openInbox(ann);
    for (let i = 0; i < INBOX_SOCKETS_PER_MEMBER; i++) await openInbox(ann);
    expect(await first.closed).toBe(INBOX_CLOSE.replaced);
  });

  it("sign-out closes the sockets of that session only; the member's other sessions keep theirs", async () => {
    const ann = await signUp("Ann");
    // A second session of Ann's (another browser).
    const login = await request("/api/login/dev", {
      body: { firstName: "Ann", lastName: "Member", email: ann.email },
      headers: { "CF-Connecting-IP": `test-${crypto.randomUUID()}` },
    });
    const elsewhere = { cookie: sessionCookieFrom(login) };
    const here = await openInbox(ann);
    const there = await openInbox(elsewhere);
    expect((await request("/api/logout", { method: "POST", cookie: ann.cookie })).status).toBe(303);
    expect(await here.closed).toBe(INBOX_CLOSE.signedOut);
    // The other session's page still hears its notifications.
    const ben = await signUp("Ben");
    expect((await request("/api/friend-requests", { cookie: ben.cookie, body: { addresseeId: ann.id } })).status).toBe(201);
    expect(await there.next()).toBe(RING);
  });

  it("closes every socket when the account is deleted", async () => {
    const ann = await signUp("Ann");
    const page = await openInbox(ann);
    expect((await request("/api/user/account", { method: "DELETE", cookie: ann.cookie })).status).toBeLessThan(300);
    expect(await page.closed).toBe(INBOX_CLOSE.signedOut);
  });

  it("refuses a visitor, another site's page and a request that is no upgrade", async () => {
    const ann = await signUp("Ann");
    expect((await upgrade(null)).status).toBe(401);
    expect((await upgrade(ann.cookie, "https://evil.example")).status).toBe(403);
    expect((await upgrade(ann.cookie, ORIGIN, {})).status).toBe(426);
  });
});
