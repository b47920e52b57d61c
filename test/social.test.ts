import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledJobs } from "../workers/domain/operations/scheduled";
import { json, request, signUp } from "./helpers";

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("social platforms", () => {
  it("defaults to twitter and discord connected and stores toggles per member", async () => {
    const me = await signUp("Social");
    const other = await signUp("Elsewhere");
    const list = await json(await request("/api/social/platforms", { cookie: me.cookie }));
    expect(list.map((p: any) => [p.id, p.connected])).toEqual([
      ["twitter", true],
      ["discord", true],
      ["bluesky", false],
      ["instagram", false],
      ["tiktok", false],
    ]);
    const res = await request("/api/social/platforms/bluesky", { method: "PUT", body: { connected: true }, cookie: me.cookie });
    expect(await json(res)).toMatchObject({ id: "bluesky", name: "Bluesky", connected: true });
    await request("/api/social/platforms/twitter", { method: "PUT", body: { connected: false }, cookie: me.cookie });
    const after = await json(await request("/api/social/platforms", { cookie: me.cookie }));
    expect(after.filter((p: any) => p.connected).map((p: any) => p.id)).toEqual(["discord", "bluesky"]);
    const untouched = await json(await request("/api/social/platforms", { cookie: other.cookie }));
    expect(untouched.filter((p: any) => p.connected).map((p: any) => p.id)).toEqual(["twitter", "discord"]);
  });

  it("404s an unknown platform and 400s a bad body", async () => {
    const me = await signUp("Toggle");
    expect((await request("/api/social/platforms/myspace", { method: "PUT", body: { connected: true }, cookie: me.cookie })).status).toBe(
      404,
    );
    expect((await request("/api/social/platforms/twitter", { method: "PUT", body: { connected: "yes" }, cookie: me.cookie })).status).toBe(
      400,
    );
  });
});

describe("social posts", () => {
  it("401s signed out", async () => {
    expect((await request("/api/social/posts")).status).toBe(401);
    expect((await request("/api/social/posts", { body: { content: "x", platforms: ["twitter"] } })).status).toBe(401);
  });

  it("creates a post now (draft) and a scheduled post, trimmed, and lists them newest first", async () => {
    const me = await signUp("Poster");
    const now = await request("/api/social/posts", {
      body: { content: "  Going live!  ", platforms: ["twitter", "twitter", "discord"] },
      cookie: me.cookie,
    });
    expect(now.status).toBe(201);
    expect(await json(now)).toMatchObject({
      content: "Going live!",
      platforms: ["twitter", "discord"],
      status: "draft",
      scheduledFor: null,
    });
    const when = inAnHour();
    const later = await json(
      await request("/api/social/posts", { body: { content: "Later", platforms: ["discord"], scheduledFor: when }, cookie: me.cookie }),
    );
    expect(later).toMatchObject({ status: "scheduled", scheduledFor: when });
    const list = await json(await request("/api/social/posts", { cookie: me.cookie }));
    expect(list.posts.map((p: any) => p.content)).toEqual(["Later", "Going live!"]);
    expect(list.nextCursor).toBeNull();
    // Cursor pagination, newest first.
    const first = await json(await request("/api/social/posts?limit=1", { cookie: me.cookie }));
    expect(first.posts.map((p: any) => p.content)).toEqual(["Later"]);
    const second = await json(await request(`/api/social/posts?limit=1&cursor=${first.nextCursor}`, { cookie: me.cookie }));
    expect(second.posts.map((p: any) => p.content)).toEqual(["Going live!"]);
    expect(second.nextCursor).toBeNull();
    for (const q of ["limit=0", "limit=101", "cursor=bad", "x=1"]) {
      expect((await request(`/api/social/posts?${q}`, { cookie: me.cookie })).status, q).toBe(400);
    }
  });

  it.each([
    [{ content: "", platforms: ["twitter"] }, "content"],
    [{ content: "   ", platforms: ["twitter"] }, "content"],
    [{ content: "x".repeat(5001), platforms: ["twitter"] }, "content"],
    [{ content: "ok", platforms: [] }, "platforms"],
    [{ content: "ok" }, "platforms"],
    [{ content: "ok", platforms: ["myspace"] }, "platforms"],
    [{ content: "ok", platforms: ["instagram"] }, "platforms"],
    [{ content: "ok", platforms: ["twitter"], scheduledFor: "2001-01-01T00:00:00.000Z" }, "scheduledFor"],
    [{ content: "ok", platforms: ["twitter"], scheduledFor: "tomorrow" }, "scheduledFor"],
    [{ content: "ok", platforms: ["twitter"], status: "due" }, undefined],
  ])("rejects %j with 400", async (body, field) => {
    const me = await signUp("Invalid");
    const res = await request("/api/social/posts", { body, cookie: me.cookie });
    expect(res.status).toBe(400);
    if (field) expect((await json(res)).issues.map((i: any) => i.path[0])).toContain(field);
    expect((await json(await request("/api/social/posts", { cookie: me.cookie }))).posts).toEqual([]);
  });

  it("accepts exactly 5,000 characters", async () => {
    const me = await signUp("Long");
    expect(
      (await request("/api/social/posts", { body: { content: "x".repeat(5000), platforms: ["twitter"] }, cookie: me.cookie })).status,
    ).toBe(201);
  });

  it("deletes only the member's own posts", async () => {
    const me = await signUp("Deleter");
    const other = await signUp("Other");
    const post = await json(await request("/api/social/posts", { body: { content: "Mine", platforms: ["twitter"] }, cookie: me.cookie }));
    expect((await request(`/api/social/posts/${post.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await json(await request("/api/social/posts", { cookie: other.cookie }))).posts).toEqual([]);
    expect((await request(`/api/social/posts/${post.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await json(await request("/api/social/posts", { cookie: me.cookie }))).posts).toEqual([]);
  });

  it("the cron marks due posts and sends one 'Post reminder' with the text, exactly once", async () => {
    const me = await signUp("Cron");
    const due = await json(
      await request("/api/social/posts", {
        body: { content: "Remind me to post this", platforms: ["twitter"], scheduledFor: inAnHour() },
        cookie: me.cookie,
      }),
    );
    const notYet = await json(
      await request("/api/social/posts", {
        body: { content: "Much later", platforms: ["discord"], scheduledFor: new Date(Date.now() + 86_400_000 * 3).toISOString() },
        cookie: me.cookie,
      }),
    );
    // Nothing is due yet.
    await runScheduledJobs(env, Date.now());
    expect((await json(await request("/api/notifications", { cookie: me.cookie }))).notifications).toEqual([]);

    const twoHoursLater = Date.now() + 2 * 3_600_000;
    await runScheduledJobs(env, twoHoursLater);
    await runScheduledJobs(env, twoHoursLater + 60_000);
    const { posts } = await json(await request("/api/social/posts", { cookie: me.cookie }));
    expect(posts.find((p: any) => p.id === due.id).status).toBe("due");
    expect(posts.find((p: any) => p.id === notYet.id).status).toBe("scheduled");
    const inbox = await json(await request("/api/notifications", { cookie: me.cookie }));
    expect(inbox.notifications).toEqual([
      expect.objectContaining({
        type: "reminder",
        title: "Post reminder",
        message: "Remind me to post this",
        read: false,
        actionUrl: "/social",
      }),
    ]);
    expect(inbox.notifications[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
