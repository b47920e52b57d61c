import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { countFriends } from "../workers/domain/members/friends";
import { type Member, json, request, signUp } from "./helpers";

async function invite(from: Member, to: Member | string) {
  return request("/api/friend-requests", { body: { addresseeId: typeof to === "string" ? to : to.id }, cookie: from.cookie });
}

async function requestsOf(member: Member) {
  return json<{
    incoming: Array<{ id: string; user: { id: string; firstName: string } }>;
    outgoing: Array<{ id: string; user: { id: string } }>;
  }>(await request("/api/friend-requests", { cookie: member.cookie }));
}

async function friendIds(member: Member) {
  const body = await json<{ friends: Array<{ user: { id: string } }> }>(await request("/api/friends", { cookie: member.cookie }));
  return body.friends.map((f) => f.user.id);
}

async function notificationsOf(member: Member) {
  const rows = await env.DB.prepare("SELECT type, title, message, action_url FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(member.id)
    .all();
  return rows.results;
}

describe("friend requests", () => {
  it("need a signed-in member", async () => {
    expect((await request("/api/friend-requests")).status).toBe(401);
    expect((await request("/api/friend-requests", { body: { addresseeId: "x" } })).status).toBe(401);
    expect((await request("/api/friends")).status).toBe(401);
    expect((await request("/api/friends/x", { method: "DELETE" })).status).toBe(401);
    expect((await request("/api/blocks", { body: { userId: "x" } })).status).toBe(401);
    expect((await request("/api/friend-requests/x/accept", { method: "POST" })).status).toBe(401);
  });

  it("validates the addressee: body 400, yourself 400, missing member 404", async () => {
    const a = await signUp("Ann");
    expect((await request("/api/friend-requests", { body: {}, cookie: a.cookie })).status).toBe(400);
    expect((await request("/api/friend-requests", { body: { addresseeId: 42 }, cookie: a.cookie })).status).toBe(400);
    const self = await invite(a, a);
    expect(self.status).toBe(400);
    expect((await json(self)).message).toMatch(/yourself/);
    expect((await invite(a, crypto.randomUUID())).status).toBe(404);
  });

  it("creates a pending request both sides see, notifies the addressee, and refuses a duplicate", async () => {
    const [a, b] = await Promise.all([signUp("Alice"), signUp("Bob")]);
    const res = await invite(a, b);
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({ status: "pending", requesterId: a.id, addresseeId: b.id });

    const bRequests = await requestsOf(b);
    expect(bRequests.incoming).toHaveLength(1);
    expect(bRequests.incoming[0]).toMatchObject({ id: created.id, status: "pending", user: { id: a.id, firstName: "Alice" } });
    expect(bRequests.incoming[0].user).not.toHaveProperty("email");
    expect((await requestsOf(a)).outgoing.map((r) => r.id)).toEqual([created.id]);
    expect(await notificationsOf(b)).toEqual([
      {
        type: "friend_request",
        title: "New friend request",
        message: "Alice Member wants to connect with you.",
        action_url: "/matchmaking?tab=connections",
      },
    ]);

    expect((await invite(a, b)).status).toBe(409);
  });

  it("only the addressee accepts: a third member gets 404, the requester 403", async () => {
    const [a, b, c] = await Promise.all([signUp("Anna"), signUp("Ben"), signUp("Carl")]);
    const { id } = await json(await invite(a, b));
    expect((await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: c.cookie })).status).toBe(404);
    expect((await request(`/api/friend-requests/${id}/decline`, { method: "POST", cookie: c.cookie })).status).toBe(404);
    expect((await request(`/api/friend-requests/${id}`, { method: "DELETE", cookie: c.cookie })).status).toBe(404);
    expect((await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: a.cookie })).status).toBe(403);
    expect(await friendIds(a)).toEqual([]);

    const accepted = await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toMatchObject({ id, status: "accepted" });
    expect(await friendIds(a)).toEqual([b.id]);
    expect(await friendIds(b)).toEqual([a.id]);
    expect((await requestsOf(b)).incoming).toEqual([]);
    expect((await notificationsOf(a)).map((n) => n.title)).toEqual(["Friend request accepted"]);
    expect(await countFriends(getDb(env.DB), a.id)).toBe(1);
    expect(await countFriends(getDb(env.DB), b.id)).toBe(1);
    expect(await countFriends(getDb(env.DB), c.id)).toBe(0);

    // Accepting twice, or inviting a friend, is a conflict.
    expect((await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(409);
    expect((await invite(a, b)).status).toBe(409);
    expect((await invite(b, a)).status).toBe(409);
  });

  it("an opposite pending request is accepted instead of duplicated", async () => {
    const [a, b] = await Promise.all([signUp("Ada"), signUp("Bea")]);
    const first = await json(await invite(a, b));
    const res = await invite(b, a);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: first.id, status: "accepted", requesterId: a.id, addresseeId: b.id });
    expect(await friendIds(a)).toEqual([b.id]);
    expect((await notificationsOf(a)).map((n) => n.title)).toEqual(["Friend request accepted"]);
  });

  it("crossing requests (sent at the same moment) still end as one friendship", async () => {
    const [a, b] = await Promise.all([signUp("Ari"), signUp("Bex")]);
    const { id } = await json(await invite(a, b));
    // The request b sent at the same instant, which the pre-insert check could not see.
    await env.DB.prepare("INSERT INTO friendships (id, requester_id, addressee_id, status) VALUES (?, ?, ?, 'pending')")
      .bind(crypto.randomUUID(), b.id, a.id)
      .run();
    expect((await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect(await friendIds(a)).toEqual([b.id]);
    expect((await requestsOf(a)).incoming).toEqual([]);
    expect(await countFriends(getDb(env.DB), a.id)).toBe(1);
  });

  it("decline: the requester cannot repeat it, the decliner can still invite", async () => {
    const [a, b] = await Promise.all([signUp("Abe"), signUp("Bo")]);
    const { id } = await json(await invite(a, b));
    expect((await request(`/api/friend-requests/${id}/decline`, { method: "POST", cookie: a.cookie })).status).toBe(403);
    const declined = await request(`/api/friend-requests/${id}/decline`, { method: "POST", cookie: b.cookie });
    expect(declined.status).toBe(200);
    expect(await json(declined)).toMatchObject({ status: "declined" });
    expect((await requestsOf(b)).incoming).toEqual([]);
    expect((await requestsOf(a)).outgoing).toEqual([]);
    expect((await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(409);
    expect((await invite(a, b)).status).toBe(409);

    const again = await invite(b, a);
    expect(again.status).toBe(201);
    const { id: second } = await json(again);
    expect((await request(`/api/friend-requests/${second}/accept`, { method: "POST", cookie: a.cookie })).status).toBe(200);
    expect(await friendIds(b)).toEqual([a.id]);
  });

  it("cancel: only the requester, only while pending", async () => {
    const [a, b] = await Promise.all([signUp("Amy"), signUp("Bill")]);
    const { id } = await json(await invite(a, b));
    expect((await request(`/api/friend-requests/${id}`, { method: "DELETE", cookie: b.cookie })).status).toBe(403);
    expect((await request(`/api/friend-requests/${id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(204);
    expect((await requestsOf(b)).incoming).toEqual([]);
    expect((await request(`/api/friend-requests/${id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(404);
    // After a cancel a new invite is possible.
    expect((await invite(a, b)).status).toBe(201);
  });
});

describe("friends and blocks", () => {
  it("removes a friend; removing again is 404", async () => {
    const [a, b] = await Promise.all([signUp("Ava"), signUp("Bram")]);
    const { id } = await json(await invite(a, b));
    await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie });
    expect((await request(`/api/friends/${a.id}`, { method: "DELETE", cookie: b.cookie })).status).toBe(204);
    expect(await friendIds(a)).toEqual([]);
    expect((await request(`/api/friends/${a.id}`, { method: "DELETE", cookie: b.cookie })).status).toBe(404);
  });

  it("pages the friends list", async () => {
    const [a, b, c] = await Promise.all([signUp("Axel"), signUp("Bjorn"), signUp("Cleo")]);
    for (const other of [b, c]) {
      const { id } = await json(await invite(a, other));
      await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: other.cookie });
    }
    const first = await json(await request("/api/friends?limit=1", { cookie: a.cookie }));
    expect(first.friends).toHaveLength(1);
    expect(first.nextOffset).toBe(1);
    const second = await json(await request("/api/friends?limit=1&offset=1", { cookie: a.cookie }));
    expect(second.friends).toHaveLength(1);
    expect(second.nextOffset).toBeNull();
    expect([first.friends[0].user.id, second.friends[0].user.id].sort()).toEqual([b.id, c.id].sort());
    expect((await request("/api/friends?limit=0", { cookie: a.cookie })).status).toBe(400);
    expect((await request("/api/friends?limit=abc", { cookie: a.cookie })).status).toBe(400);
  });

  it("blocking removes the friendship and pending requests and stops invites both ways", async () => {
    const [a, b, c] = await Promise.all([signUp("Arlo"), signUp("Blake"), signUp("Cyd")]);
    const { id } = await json(await invite(a, b));
    await request(`/api/friend-requests/${id}/accept`, { method: "POST", cookie: b.cookie });
    await invite(c, a);

    expect((await request("/api/blocks", { body: { userId: b.id }, cookie: a.cookie })).status).toBe(200);
    expect((await request("/api/blocks", { body: { userId: b.id }, cookie: a.cookie })).status).toBe(200); // idempotent
    expect((await request("/api/blocks", { body: { userId: c.id }, cookie: a.cookie })).status).toBe(200);
    expect(await friendIds(a)).toEqual([]);
    expect(await friendIds(b)).toEqual([]);
    expect((await requestsOf(a)).incoming).toEqual([]);
    expect((await invite(a, b)).status).toBe(403);
    expect((await invite(b, a)).status).toBe(403);

    const blocked = await json(await request("/api/blocks", { cookie: a.cookie }));
    expect(blocked.blocked.map((m: { id: string }) => m.id).sort()).toEqual([b.id, c.id].sort());

    expect((await request(`/api/blocks/${b.id}`, { method: "DELETE", cookie: b.cookie })).status).toBe(404); // b never blocked a
    expect((await request(`/api/blocks/${b.id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(204);
    expect((await request(`/api/blocks/${b.id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(404);
    expect((await invite(b, a)).status).toBe(201);
  });

  it("validates blocks: yourself 400, missing member 404", async () => {
    const a = await signUp("Alba");
    expect((await request("/api/blocks", { body: { userId: a.id }, cookie: a.cookie })).status).toBe(400);
    expect((await request("/api/blocks", { body: { userId: crypto.randomUUID() }, cookie: a.cookie })).status).toBe(404);
    expect((await request("/api/blocks", { body: {}, cookie: a.cookie })).status).toBe(400);
  });
});
