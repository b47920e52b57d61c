import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { createNotification } from "../workers/domain/notifications";
import { json, request, signUp } from "./helpers";

/** Inserts `n` notifications for a member with strictly increasing times. */
async function seed(userId: string, n: number) {
  const base = Date.now() - n * 1000;
  const stmts = Array.from({ length: n }, (_, i) =>
    env.DB.prepare("INSERT INTO notifications (id, user_id, type, title, message, created_at) VALUES (?, ?, 'event', ?, 'msg', ?)").bind(
      crypto.randomUUID(),
      userId,
      `N${i}`,
      base + i * 1000,
    ),
  );
  await env.DB.batch(stmts);
}

describe("notifications", () => {
  it("401s signed out", async () => {
    expect((await request("/api/notifications")).status).toBe(401);
    expect((await request("/api/notifications/unread-count")).status).toBe(401);
    expect((await request("/api/notifications/read-all", { method: "PATCH" })).status).toBe(401);
  });

  it("lists newest first with the spec's fields and pages with a cursor", async () => {
    const me = await signUp("Inbox");
    await seed(me.id, 5);
    const first = await json(await request("/api/notifications?limit=2", { cookie: me.cookie }));
    expect(first.notifications.map((n: any) => n.title)).toEqual(["N4", "N3"]);
    expect(first.unreadCount).toBe(5);
    expect(Object.keys(first.notifications[0]).sort()).toEqual(["actionUrl", "id", "message", "read", "timestamp", "title", "type"]);
    expect(first.notifications[0].timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await json(await request(`/api/notifications?limit=2&cursor=${first.nextCursor}`, { cookie: me.cookie }));
    expect(second.notifications.map((n: any) => n.title)).toEqual(["N2", "N1"]);
    const last = await json(await request(`/api/notifications?limit=2&cursor=${second.nextCursor}`, { cookie: me.cookie }));
    expect(last.notifications.map((n: any) => n.title)).toEqual(["N0"]);
    expect(last.nextCursor).toBeNull();
  });

  it("400s a bad cursor or limit", async () => {
    const me = await signUp("BadQuery");
    for (const q of ["limit=0", "limit=51", "limit=abc", "cursor=nope", "cursor=1_x;drop", "other=1"]) {
      expect((await request(`/api/notifications?${q}`, { cookie: me.cookie })).status, q).toBe(400);
    }
  });

  it("marks one read, all read, and removes one; unread count follows", async () => {
    const me = await signUp("Reader");
    await createNotification(getDb(env.DB), {
      userId: me.id,
      type: "friend_request",
      title: "Hello",
      message: "Be my friend",
      actionUrl: "/profile",
    });
    await seed(me.id, 2);
    const list = await json(await request("/api/notifications", { cookie: me.cookie }));
    expect(list.unreadCount).toBe(3);
    const target = list.notifications.find((n: any) => n.title === "Hello");
    expect(target).toMatchObject({ type: "friend_request", read: false, actionUrl: "/profile" });
    const read = await request(`/api/notifications/${target.id}/read`, { method: "PATCH", cookie: me.cookie });
    expect(read.status).toBe(200);
    expect((await json(read)).read).toBe(true);
    expect(await json(await request("/api/notifications/unread-count", { cookie: me.cookie }))).toEqual({ unreadCount: 2 });
    expect((await request("/api/notifications/read-all", { method: "PATCH", cookie: me.cookie })).status).toBe(200);
    expect(await json(await request("/api/notifications/unread-count", { cookie: me.cookie }))).toEqual({ unreadCount: 0 });
    expect((await request(`/api/notifications/${target.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await json(await request("/api/notifications", { cookie: me.cookie }))).notifications).toHaveLength(2);
    expect((await request(`/api/notifications/${target.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(404);
  });

  it("never lets a member read, mark or remove someone else's notifications", async () => {
    const owner = await signUp("Owner");
    const intruder = await signUp("Intruder");
    await seed(owner.id, 1);
    const [mine] = (await json(await request("/api/notifications", { cookie: owner.cookie }))).notifications;
    expect((await json(await request("/api/notifications", { cookie: intruder.cookie }))).notifications).toEqual([]);
    expect((await request(`/api/notifications/${mine.id}/read`, { method: "PATCH", cookie: intruder.cookie })).status).toBe(404);
    expect((await request(`/api/notifications/${mine.id}`, { method: "DELETE", cookie: intruder.cookie })).status).toBe(404);
    await request("/api/notifications/read-all", { method: "PATCH", cookie: intruder.cookie });
    const after = await json(await request("/api/notifications", { cookie: owner.cookie }));
    expect(after.notifications).toEqual([expect.objectContaining({ id: mine.id, read: false })]);
  });

  it("the header's unread count is server-rendered from the same data", async () => {
    const me = await signUp("Badge");
    await seed(me.id, 3);
    const html = await (await request("/", { cookie: me.cookie })).text();
    expect(html).toContain("Notifications, 3 unread");
  });
});
