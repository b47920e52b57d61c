import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";

/**
 * The access-control matrix: for each area's state-changing routes on a resource owned by member A,
 * a different member B is refused (403 or 404) and nothing changes. Visitors get 401 on every
 * member route (test/security.test.ts).
 */
const as = (m: Member, method: string, path: string, body?: unknown) =>
  request(path, { method, cookie: m.cookie, body: body ?? (method === "DELETE" ? undefined : {}) });
const refused = (status: number) => [403, 404].includes(status);
const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe("a different member cannot change what is not theirs", () => {
  it("profile and social links", async () => {
    const [a, b] = await Promise.all([signUp("OwnerA"), signUp("OtherB")]);
    const link = await json(await as(a, "POST", "/api/user/social-links", { platform: "twitch", username: "owner_a" }));
    expect(refused((await as(b, "DELETE", `/api/user/social-links/${link.id}`)).status)).toBe(true);
    // There is no route that writes another member's profile.
    expect(refused((await as(b, "PATCH", `/api/users/${a.id}/profile`, { firstName: "Evil" })).status)).toBe(true);
    const profile = await json(await request(`/api/users/${a.id}/profile`, { cookie: b.cookie }));
    expect(profile.firstName).toBe("OwnerA");
    const links = await json<any[]>(await request(`/api/users/${a.id}/social-links`, { cookie: b.cookie }));
    expect(links.map((l) => l.id)).toEqual([link.id]);
  });

  it("notifications and social posts", async () => {
    const [a, b] = await Promise.all([signUp("NotifA"), signUp("NotifB")]);
    const notificationId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'system', 'Hi', 'Only for A')")
      .bind(notificationId, a.id)
      .run();
    expect(refused((await as(b, "PATCH", `/api/notifications/${notificationId}/read`)).status)).toBe(true);
    expect(refused((await as(b, "DELETE", `/api/notifications/${notificationId}`)).status)).toBe(true);
    const post = await json(await as(a, "POST", "/api/social/posts", { content: "My stream tonight", platforms: ["twitter"] }));
    expect(refused((await as(b, "DELETE", `/api/social/posts/${post.id}`)).status)).toBe(true);
    const row = await env.DB.prepare("SELECT read FROM notifications WHERE id = ?").bind(notificationId).first<{ read: number }>();
    expect(row?.read).toBe(0);
  });

  it("events", async () => {
    const [a, b] = await Promise.all([signUp("EventA"), signUp("EventB")]);
    const body = {
      title: "A's pod",
      type: "game_pod",
      date: future(5).toISOString().slice(0, 10),
      time: "19:00",
      location: "Online",
      communityId: "duelcraft",
    };
    const event = await json(await as(a, "POST", "/api/events", body));
    expect((await as(b, "PUT", `/api/events/${event.id}`, { ...body, title: "Taken" })).status).toBe(403);
    expect((await as(b, "DELETE", `/api/events/${event.id}`)).status).toBe(403);
    expect((await json(await request(`/api/events/${event.id}`))).title).toBe("A's pod");
  });

  it("rooms", async () => {
    const [a, b] = await Promise.all([signUp("RoomA"), signUp("RoomB")]);
    const room = await json(
      await as(a, "POST", "/api/game-sessions", {
        maxPlayers: 4,
        communityId: "duelcraft",
        gameData: { name: "A's table", format: "modern" },
      }),
    );
    await as(b, "POST", `/api/game-sessions/${room.id}/join`);
    expect((await as(b, "POST", `/api/game-sessions/${room.id}/start`)).status).toBe(403);
    expect((await json(await request(`/api/game-sessions/${room.id}`))).status).toBe("waiting");
  });

  it("forum posts and replies", async () => {
    const [a, b] = await Promise.all([signUp("ForumA"), signUp("ForumB")]);
    const post = await json(
      await as(a, "POST", "/api/forum/posts", { title: "A's thread", category: "general", content: "Mine", communityId: "duelcraft" }),
    );
    const reply = await json(await as(a, "POST", `/api/forum/posts/${post.id}/replies`, { content: "Also mine" }));
    expect((await as(b, "PATCH", `/api/forum/posts/${post.id}`, { title: "Taken" })).status).toBe(403);
    expect((await as(b, "DELETE", `/api/forum/posts/${post.id}`)).status).toBe(403);
    expect((await as(b, "PATCH", `/api/forum/replies/${reply.id}`, { content: "Taken" })).status).toBe(403);
    expect((await as(b, "DELETE", `/api/forum/replies/${reply.id}`)).status).toBe(403);
  });

  it("friend requests", async () => {
    const [a, b, c] = await Promise.all([signUp("FriendA"), signUp("FriendB"), signUp("FriendC")]);
    const invite = await json(await as(a, "POST", "/api/friend-requests", { addresseeId: b.id }));
    const id = invite.id ?? invite.request?.id;
    expect(refused((await as(c, "POST", `/api/friend-requests/${id}/accept`)).status)).toBe(true);
    expect(refused((await as(c, "POST", `/api/friend-requests/${id}/decline`)).status)).toBe(true);
    expect(refused((await as(c, "DELETE", `/api/friend-requests/${id}`)).status)).toBe(true);
    const pending = await json(await request("/api/friend-requests", { cookie: b.cookie }));
    expect(pending.incoming.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it("tournaments", async () => {
    const [organizer, p1, p2, other] = await Promise.all([signUp("Org"), signUp("P1"), signUp("P2"), signUp("Other")]);
    const cup = await json(
      await as(organizer, "POST", "/api/tournaments", {
        name: "A's cup",
        gameFormat: "modern",
        maxParticipants: 4,
        startDate: new Date(Date.now() + 30 * 60_000).toISOString(), // startable: within the hour before its date
        communityId: "mtg",
      }),
    );
    for (const p of [p1, p2]) await as(p, "POST", `/api/tournaments/${cup.id}/join`);
    expect((await as(other, "PATCH", `/api/tournaments/${cup.id}`, { name: "Taken" })).status).toBe(403);
    expect((await as(other, "POST", `/api/tournaments/${cup.id}/start`)).status).toBe(403);
    expect((await as(organizer, "POST", `/api/tournaments/${cup.id}/start`)).status).toBe(200);
    const match = (await json(await request(`/api/tournaments/${cup.id}`))).rounds[0].matches[0];
    expect(
      (await as(other, "POST", `/api/tournaments/${cup.id}/matches/${match.id}/result`, { player1Wins: 2, player2Wins: 0, draws: 0 }))
        .status,
    ).toBe(403);
    expect((await as(other, "POST", `/api/tournaments/${cup.id}/rounds`)).status).toBe(403);
    expect((await as(other, "POST", `/api/tournaments/${cup.id}/finish`)).status).toBe(403);
    const after = await json(await request(`/api/tournaments/${cup.id}`));
    expect(after.status).toBe("active");
    expect(after.rounds[0].matches[0].status).toBe("pending");
  });
});
