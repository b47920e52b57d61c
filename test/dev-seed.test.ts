import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request, signUp } from "./helpers";

// workers/auth/dev-seed.ts: the browser tests' notifications of chosen ages, written through the Worker.
describe("dev seed: notifications of chosen ages", () => {
  it("dates each notification for the signed-in member only, newest first in their list", async () => {
    const me = await signUp("Seeded");
    const other = await signUp("Bystander");
    const res = await request("/__dev/notifications", {
      cookie: me.cookie,
      body: {
        notifications: [
          { type: "event", title: "Pod tonight", message: "Starts at 19:00", actionUrl: "/calendar", minutesAgo: 5 },
          { type: "message", title: "Old news", message: "From last week", minutesAgo: 3 * 24 * 60 },
        ],
      },
    });
    expect(res.status).toBe(204);
    const page = await json(await request("/api/notifications", { cookie: me.cookie }));
    expect(page.notifications.map((n: any) => n.title)).toEqual(["Pod tonight", "Old news"]);
    const ageMinutes = (n: any) => Math.round((Date.now() - Date.parse(n.timestamp)) / 60_000);
    expect(page.notifications.map(ageMinutes)).toEqual([5, 3 * 24 * 60]);
    expect(page.unreadCount).toBe(2);
    expect((await json(await request("/api/notifications", { cookie: other.cookie }))).notifications).toEqual([]);
  });

  it("answers 401 signed out and 400 to a bad body", async () => {
    const me = await signUp("Seeder");
    expect((await request("/__dev/notifications", { body: { notifications: [] } })).status).toBe(401);
    const bad = await request("/__dev/notifications", { cookie: me.cookie, body: { notifications: [{ type: "nope" }] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).issues.length).toBeGreaterThan(0);
  });

  it("does not exist (404) where the dev sign-in does not", async () => {
    const me = await signUp("Seeder");
    const original = env.AUTH_DEV_LOGIN;
    (env as { AUTH_DEV_LOGIN: string }).AUTH_DEV_LOGIN = "false";
    try {
      const body = { notifications: [{ type: "event", title: "x", message: "x", minutesAgo: 1 }] };
      expect((await request("/__dev/notifications", { cookie: me.cookie, body })).status).toBe(404);
    } finally {
      (env as { AUTH_DEV_LOGIN: string }).AUTH_DEV_LOGIN = original;
    }
  });
});

// The moderation browser test's administrator, named through the Worker (the operator's script opens the D1 file
// beside the running server: scripts/admin-grant.test.ts tests that on its own).
describe("dev seed: a site administrator", () => {
  it("names the signed-in member only, twice without harm, 401 signed out, and not at all where the dev sign-in is off", async () => {
    const me = await signUp("AdminSeed");
    const other = await signUp("NotAdmin");
    const admins = async () =>
      (await env.DB.prepare("SELECT user_id AS id, note FROM site_admins WHERE user_id IN (?, ?)").bind(me.id, other.id).all()).results;
    expect((await request("/__dev/site-admin", { body: {} })).status).toBe(401);
    expect((await request("/__dev/site-admin", { cookie: me.cookie, body: {} })).status).toBe(204);
    expect((await request("/__dev/site-admin", { cookie: me.cookie, body: {} })).status).toBe(204);
    expect(await admins()).toEqual([{ id: me.id, note: "dev seed" }]);
    const original = env.AUTH_DEV_LOGIN;
    (env as { AUTH_DEV_LOGIN: string }).AUTH_DEV_LOGIN = "false";
    try {
      expect((await request("/__dev/site-admin", { cookie: other.cookie, body: {} })).status).toBe(404);
    } finally {
      (env as { AUTH_DEV_LOGIN: string }).AUTH_DEV_LOGIN = original;
    }
    expect(await admins()).toEqual([{ id: me.id, note: "dev seed" }]);
  });
});
