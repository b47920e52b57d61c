/**
 * Over 300 lines: one sweep, area by area, of everything a member can fetch or receive, so no route is left out.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "../workers/contract/matchmaking";
import { DECLARED_ROUTES } from "./declared-routes";
import { PNG_8 } from "./image-fixtures";
import { RoomSqlite, type SqlTag } from "../durable-objects/room/room-sqlite";
import { json, request, type Member } from "./helpers";
import { closeAllSockets, joinRoom, mirrored, ofType, signUp, type TestSocket } from "./room-socket";

afterEach(() => closeAllSockets());

const future = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Every way an address could leak: the whole address, or its local part (lowercased). */
function addressForms(member: Member): string[] {
  const email = member.email.toLowerCase();
  return [email, email.split("@")[0]];
}

function expectNoAddress(label: string, body: string, member: Member) {
  const text = body.toLowerCase();
  for (const form of addressForms(member)) expect(text.includes(form), `${label} reveals ${form}`).toBe(false);
}

async function ok(res: Response, status = 200): Promise<any> {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
}

/** Sign-in and sign-out routes carry no member data; the sweep covers every other documented GET. */
// The card pool index's file is the card service's data alone (no member's), and exists only once the cron job built
// it (test/card-pool.test.ts).
const NOT_DATA_ROUTES = new Set([
  "/api/login",
  "/api/callback/:provider",
  "/api/logout",
  "/api/card-pool/:version",
  // Printings' keypoints: card data alone, binary (test/card-features.test.ts).
  "/api/cards/printings/features/:version",
]);

describe("no member's e-mail address reaches another member (issue 12)", () => {
  it("member A's address is in nothing member B can fetch or receive, in any area", async () => {
    const a = await signUp("Subject", "Person");
    const b = await signUp("Observer", "Person");
    // A member without a first name: the room must not name them after their address.
    const c = await signUp("Nameless", "Person");
    await env.DB.prepare("UPDATE users SET first_name = NULL WHERE id = ?").bind(c.id).run();
    const community = "decksong";

    // ---- A creates, joins and posts in every area.
    await ok(await request("/api/user/profile", { method: "PATCH", cookie: a.cookie, body: { bio: "I play decks." } }));
    await ok(await request("/api/user/social-links", { cookie: a.cookie, body: { platform: "twitch", username: "subject_streams" } }), 201);
    const room = await ok(
      await request("/api/game-sessions", {
        cookie: a.cookie,
        body: { maxPlayers: 4, communityId: community, gameData: { name: "Leak check room", format: "commander" } },
      }),
      201,
    );
    const event = await ok(
      await request("/api/events", {
        cookie: a.cookie,
        body: {
          title: "Leak check pod",
          type: "game_pod",
          date: future(5).toISOString().slice(0, 10),
          time: "18:00",
          location: "Online",
          communityId: community,
        },
      }),
      201,
    );
    const post = await ok(
      await request("/api/forum/posts", {
        cookie: a.cookie,
        body: { title: "Leak check post", category: "general", content: "Hello all", communityId: community },
      }),
      201,
    );
    await ok(await request(`/api/forum/posts/${post.id}/replies`, { cookie: a.cookie, body: { content: "Replying to myself" } }), 201);
    const bPost = await ok(
      await request("/api/forum/posts", {
        cookie: b.cookie,
        body: { title: "Observer post", category: "general", content: "Hi", communityId: community },
      }),
      201,
    );
    await ok(
      await request(`/api/forum/posts/${bPost.id}/replies`, { cookie: a.cookie, body: { content: "A reply that notifies B" } }),
      201,
    );
    await ok(await request(`/api/forum/posts/${bPost.id}/like`, { method: "POST", cookie: a.cookie }));
    const tournament = await ok(
      await request("/api/tournaments", {
        cookie: a.cookie,
        body: {
          name: `Leak Cup ${crypto.randomUUID().slice(0, 6)}`,
          gameFormat: "modern",
          maxParticipants: 8,
          startDate: new Date(Date.now() + 30 * 60_000).toISOString(), // startable: within the hour before its date
          communityId: "mtg",
        },
      }),
      201,
    );
    await ok(await request(`/api/tournaments/${tournament.id}/join`, { method: "POST", cookie: a.cookie }));
    const place = `Leakville ${crypto.randomUUID().slice(0, 8)}, Testland`;
    const prefs = { ...DEFAULT_PREFERENCES, location: place };
    await ok(await request("/api/matchmaking/preferences", { method: "PUT", cookie: a.cookie, body: prefs }));
    const invite = await ok(await request("/api/friend-requests", { cookie: a.cookie, body: { addresseeId: b.id } }), 201);

    // ---- B fetches and receives.
    const bodies: Array<[string, string]> = [];
    const fetchAsB = async (label: string, res: Response) => {
      const text = await res.text();
      expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(400);
      bodies.push([label, text]);
      return text;
    };

    // Writes whose responses carry A's things.
    await fetchAsB("join room", await request(`/api/game-sessions/${room.id}/join`, { method: "POST", cookie: b.cookie }));
    await fetchAsB("join event", await request(`/api/events/${event.id}/join`, { cookie: b.cookie, body: { role: "participant" } }));
    await fetchAsB("join tournament", await request(`/api/tournaments/${tournament.id}/join`, { method: "POST", cookie: b.cookie }));
    await fetchAsB("reply", await request(`/api/forum/posts/${post.id}/replies`, { cookie: b.cookie, body: { content: "Nice post" } }));
    await fetchAsB("like", await request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: b.cookie }));
    await fetchAsB("find players", await request("/api/matchmaking/find-players", { cookie: b.cookie, body: prefs }));
    await fetchAsB("friend requests before accepting", await request("/api/friend-requests", { cookie: b.cookie }));
    await fetchAsB("accept", await request(`/api/friend-requests/${invite.id}/accept`, { method: "POST", cookie: b.cookie }));
    const started = await fetchAsB(
      "start tournament (as A, read by B below)",
      await request(`/api/tournaments/${tournament.id}/start`, { method: "POST", cookie: a.cookie }),
    );
    const match = JSON.parse(started).rounds[0].matches[0];
    await fetchAsB(
      "match room",
      await request(`/api/tournaments/${tournament.id}/matches/${match.id}/room`, { method: "POST", cookie: b.cookie }),
    );
    const feed = await ok(await request("/api/events/feed-url", { cookie: b.cookie }));

    // A's profile picture, so the served picture is swept too.
    const avatarForm = new FormData();
    avatarForm.append("file", new File([PNG_8], "a.png", { type: "image/png" }));
    const avatar = await request("/api/user/avatar", { method: "POST", cookie: a.cookie, multipart: avatarForm });
    expect(avatar.status).toBe(200);
    const { profileImageUrl: avatarUrl } = (await json(avatar)) as { profileImageUrl: string };

    // A card (from the fake card service) and B's own deck, for the card and deck routes.
    const solRing = await json(await request("/api/cards/named?exact=Sol%20Ring", { cookie: b.cookie }));
    const deck = await json(await request("/api/decks", { cookie: b.cookie, body: { name: "Sweep deck", text: "1 Sol Ring" } }));
    const bToken = await json(await request("/api/tokens", { cookie: b.cookie, body: { name: "Sweep bot", scopes: ["rooms:read"] } }));

    // A game A and B played, ended by A (the host) with its result recorded: B reads it below.
    const played = await ok(
      await request("/api/game-sessions", {
        cookie: a.cookie,
        body: { maxPlayers: 4, communityId: community, gameData: { name: "Leak result room", format: "commander" } },
      }),
      201,
    );
    const playedHost = await joinRoom(a, played.id);
    await joinRoom(b, played.id);
    await ok(await request(`/api/game-sessions/${played.id}/start`, { method: "POST", cookie: a.cookie }));
    playedHost.socket.send({ type: "end_game", sessionId: played.id });
    await playedHost.socket.next(ofType("room_ended"));
    await mirrored(played.id, { status: "completed" });
    closeAllSockets();
    await ok(await request(`/api/game-sessions/${played.id}/result`, { cookie: a.cookie, body: { outcome: "win", winnerId: a.id } }), 201);

    // Every documented GET route (a new route fails here until it is added to the sweep).
    const concrete: Record<string, string> = {
      "/api/auth/user": "/api/auth/user",
      "/api/communities": "/api/communities",
      "/api/health": "/api/health",
      "/api/game-sessions": `/api/game-sessions?communityId=${community}`,
      "/api/game-sessions/:id": `/api/game-sessions/${room.id}`,
      "/api/game-sessions/:id/cards": `/api/game-sessions/${room.id}/cards`,
      "/api/game-sessions/:id/result": `/api/game-sessions/${played.id}/result`,
      "/api/events": `/api/events?communityId=${community}&upcoming=true&limit=200`,
      "/api/events/feed-url": "/api/events/feed-url",
      "/api/events/feed/:token": new URL(feed.url).pathname,
      "/api/events/:id": `/api/events/${event.id}`,
      "/api/events/:id/ics": `/api/events/${event.id}/ics`,
      "/api/forum/posts": `/api/forum/posts?communityId=${community}`,
      "/api/forum/posts/:id": `/api/forum/posts/${post.id}`,
      "/api/forum/posts/:id/replies": `/api/forum/posts/${post.id}/replies`,
      "/api/matchmaking/preferences": "/api/matchmaking/preferences",
      "/api/friend-requests": "/api/friend-requests",
      "/api/friends": "/api/friends",
      "/api/blocks": "/api/blocks",
      "/api/tournaments": "/api/tournaments?communityId=mtg",
      "/api/tournaments/:id": `/api/tournaments/${tournament.id}`,
      "/api/tournaments/:id/standings": `/api/tournaments/${tournament.id}/standings`,
      "/api/user/profile": "/api/user/profile",
      "/api/users/:id/profile": `/api/users/${a.id}/profile`,
      "/api/avatars/:userId/:version": avatarUrl,
      "/api/user/social-links": "/api/user/social-links",
      "/api/users/:id/social-links": `/api/users/${a.id}/social-links`,
      "/api/user/settings": "/api/user/settings",
      "/api/notifications": "/api/notifications",
      "/api/notifications/unread-count": "/api/notifications/unread-count",
      "/api/social/platforms": "/api/social/platforms",
      "/api/social/posts": "/api/social/posts",
      "/api/openapi.json": "/api/openapi.json",
      "/api/cards/autocomplete": "/api/cards/autocomplete?q=sol",
      "/api/cards/named": "/api/cards/named?exact=Sol%20Ring",
      "/api/cards/:id": `/api/cards/${solRing.id}`,
      "/api/game-sessions/:id/card-references": `/api/game-sessions/${room.id}/card-references`,
      "/api/card-pool": "/api/card-pool",
      "/api/decks": "/api/decks",
      "/api/decks/:id": `/api/decks/${deck.id}`,
      "/api/users/:id/decks": `/api/users/${a.id}/decks`,
      "/api/tokens": "/api/tokens",
      "/api/tokens/:id/webhook/deliveries": `/api/tokens/${bToken.id}/webhook/deliveries`,
    };
    for (const doc of DECLARED_ROUTES.filter((d) => d.method === "get" && !NOT_DATA_ROUTES.has(d.path))) {
      const path = concrete[doc.path];
      expect(path, `GET ${doc.path} is not in the e-mail sweep`).toBeDefined();
      await fetchAsB(`GET ${path}`, await request(path, { cookie: b.cookie }));
    }
    // The export is B's own data, which includes B's friendship with A.
    await fetchAsB("export", await request("/api/user/export-data", { method: "POST", cookie: b.cookie }));

    // Server-rendered pages (their loader data is inlined in the HTML).
    for (const page of [
      "/",
      "/tablesync",
      `/tablesync/room/${room.id}`,
      "/calendar",
      "/community-forum",
      "/tournaments",
      `/tournaments/${tournament.id}`,
      "/matchmaking",
      `/profile/${a.id}`,
      "/social",
      "/profile",
    ]) {
      await fetchAsB(`page ${page}`, await request(page, { cookie: b.cookie }));
    }

    // ---- The room: everything B's sockets receive while A chats, rolls and changes life.
    const hostSide = await joinRoom(a, room.id);
    const observer = await joinRoom(b, room.id);
    hostSide.socket.send({ type: "message", sessionId: room.id, content: "hello from the host" });
    await observer.socket.next((f) => f.type === "message" && f.message.content === "hello from the host");
    hostSide.socket.send({ type: "game_action", sessionId: room.id, action: "dice_roll", data: { sides: 20 } });
    await observer.socket.next((f) => f.type === "game_action" && f.action === "dice_roll");
    hostSide.socket.send({ type: "game_action", sessionId: room.id, action: "life_change", data: { delta: -3 } });
    await observer.socket.next((f) => f.type === "game_action" && f.action === "life_change");
    const nameless = await joinRoom(c, room.id, "spectate");
    const cJoined = await observer.socket.next((f) => f.type === "player_joined" && f.player.id === c.id);
    expect(cJoined.player.name).not.toBe("");
    // A second socket of B gets the room state with the chat history.
    const again = await joinRoom(b, room.id);
    expect(again.state.messages.some((m: any) => m.sender.id === a.id)).toBe(true);
    const frames = (s: TestSocket) => JSON.stringify(s.frames);
    bodies.push(["room frames", frames(observer.socket) + frames(again.socket)]);

    // ---- Assertions: the sweep saw A's things, and never A's (or C's) address.
    const all = bodies.map(([, text]) => text).join("\n");
    for (const seen of [room.id, event.id, post.id, tournament.id, a.id, "Leak check post", "subject_streams", "hello from the host"]) {
      expect(all, `the sweep should have reached ${seen}`).toContain(seen);
    }
    for (const [label, text] of bodies) {
      expectNoAddress(label, text, a);
      expectNoAddress(label, text, c);
    }
    expectNoAddress("C's own socket", frames(nameless.socket), a);
  });

  it("A still sees their own address where the spec gives it to them", async () => {
    const a = await signUp("Owner", "Person");
    const other = await signUp("Other", "Person");
    expect((await ok(await request("/api/auth/user", { cookie: a.cookie }))).email).toBe(a.email);
    expect((await ok(await request("/api/user/profile", { cookie: a.cookie }))).email).toBe(a.email);
    expect((await ok(await request(`/api/users/${a.id}/profile`, { cookie: a.cookie }))).email).toBe(a.email);
    // The profile page and the settings dialog (root loader data) show it to its owner.
    expect(await (await request("/profile", { cookie: a.cookie })).text()).toContain(a.email);
    // ...and to nobody else.
    const seenByOther = await ok(await request(`/api/users/${a.id}/profile`, { cookie: other.cookie }));
    expect(seenByOther).not.toHaveProperty("email");
    expectNoAddress(
      "profile page of A seen by another member",
      await (await request(`/profile/${a.id}`, { cookie: other.cookie })).text(),
      a,
    );
  });

  it("rooms created before this rule forget the addresses they stored", async () => {
    const stub = env.GameRoom.get(env.GameRoom.idFromName(`legacy-${crypto.randomUUID()}`));
    const result = await runInDurableObject(stub, (_instance, state) => {
      const storage = state.storage.sql;
      const tag: SqlTag = (strings, ...values) => storage.exec(strings.join("?"), ...values).toArray() as never[];
      // The layout and rows an older room stored.
      storage.exec(`CREATE TABLE members (
        user_id TEXT PRIMARY KEY, role TEXT NOT NULL, seat INTEGER, joined_at INTEGER NOT NULL,
        name TEXT NOT NULL, first_name TEXT NOT NULL, email TEXT NOT NULL, avatar TEXT,
        life INTEGER NOT NULL, disconnected_at INTEGER)`);
      storage.exec("INSERT INTO members VALUES ('u1', 'player', 1, 1, 'Old Timer', 'Old', 'old.timer@example.com', NULL, 40, NULL)");
      storage.exec("CREATE TABLE chat (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)");
      storage.exec(
        "INSERT INTO chat (body) VALUES (?)",
        JSON.stringify({
          id: "m1",
          sender: { id: "u1", firstName: "Old", email: "old.timer@example.com", profileImageUrl: null },
          content: "hi",
          timestamp: new Date().toISOString(),
          type: "chat",
        }),
      );
      const store = new RoomSqlite(tag);
      // A second start finds nothing left to migrate.
      new RoomSqlite(tag);
      return {
        members: store.members(),
        chat: store.recentChat(10),
        columns: storage
          .exec("SELECT name FROM pragma_table_info('members')")
          .toArray()
          .map((r) => r.name),
      };
    });
    expect(result.members).toEqual([expect.objectContaining({ userId: "u1", firstName: "Old", life: 40 })]);
    expect(result.chat).toEqual([
      expect.objectContaining({ id: "m1", content: "hi", sender: { id: "u1", firstName: "Old", profileImageUrl: null } }),
    ]);
    expect(result.columns).not.toContain("email");
    expect(JSON.stringify(result)).not.toContain("old.timer");
  });
});
