import { describe, expect, it } from "vitest";
import { json, request, signUp } from "./helpers";

const patch = (cookie: string, body: unknown) => request("/api/user/profile", { method: "PATCH", body, cookie });

describe("profile read", () => {
  it("401s signed out on every profile route", async () => {
    for (const path of ["/api/user/profile", "/api/users/x/profile", "/api/user/social-links", "/api/users/x/social-links"]) {
      expect((await request(path)).status).toBe(401);
    }
    expect((await request("/api/user/profile", { method: "PATCH", body: { bio: "x" } })).status).toBe(401);
  });

  it("returns the own profile with spec defaults and counted stats", async () => {
    const me = await signUp("Prof", "Ile");
    const res = await request("/api/user/profile", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: me.id,
      firstName: "Prof",
      lastName: "Ile",
      email: me.email,
      bio: null,
      status: "online",
      primaryCommunity: "",
      friendCount: 0,
      eventsJoined: 0,
      eventsHosted: 0,
    });
  });

  it("shows another member's profile read-only without their e-mail, 404 for nobody", async () => {
    const me = await signUp("Viewer");
    const other = await signUp("Viewed");
    const res = await request(`/api/users/${other.id}/profile`, { cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: other.id, firstName: "Viewed" });
    expect(body).not.toHaveProperty("email");
    expect((await request(`/api/users/${crypto.randomUUID()}/profile`, { cookie: me.cookie })).status).toBe(404);
    expect((await request(`/api/users/${crypto.randomUUID()}/social-links`, { cookie: me.cookie })).status).toBe(404);
  });
});

describe("profile update", () => {
  it("trims names and stores bio, status and primary community", async () => {
    const me = await signUp("Old");
    const res = await patch(me.cookie, {
      firstName: "  Ada ",
      lastName: " Byron ",
      bio: " Hello ",
      status: "gaming",
      primaryCommunity: "duelcraft",
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      firstName: "Ada",
      lastName: "Byron",
      bio: "Hello",
      status: "gaming",
      primaryCommunity: "duelcraft",
    });
    const again = await json(await request("/api/user/profile", { cookie: me.cookie }));
    expect(again).toMatchObject({ firstName: "Ada", primaryCommunity: "duelcraft" });
    // "" clears the preference; a partial update leaves the rest alone.
    const cleared = await json(await patch(me.cookie, { primaryCommunity: "" }));
    expect(cleared).toMatchObject({ primaryCommunity: "", firstName: "Ada", status: "gaming" });
  });

  it.each([
    [{ firstName: "" }, "firstName"],
    [{ firstName: "   " }, "firstName"],
    [{ lastName: "x".repeat(51) }, "lastName"],
    [{ firstName: 5 }, "firstName"],
    [{ bio: "b".repeat(501) }, "bio"],
    [{ status: "sleeping" }, "status"],
    [{ primaryCommunity: "mtg" }, "primaryCommunity"],
    [{ primaryCommunity: 3 }, "primaryCommunity"],
  ])("rejects %j with a 400 naming the field", async (body, field) => {
    const me = await signUp("Val");
    const res = await patch(me.cookie, body);
    expect(res.status).toBe(400);
    const out = await json(res);
    expect(out.issues.map((i: any) => i.path[0])).toContain(field);
    expect(await json(await request("/api/user/profile", { cookie: me.cookie }))).toMatchObject({ firstName: "Val", bio: null });
  });

  it("accepts the limits exactly (50-character names, 500-character bio)", async () => {
    const me = await signUp("Lim");
    const res = await patch(me.cookie, { firstName: "f".repeat(50), lastName: "l".repeat(50), bio: "b".repeat(500) });
    expect(res.status).toBe(200);
  });

  it("refuses unknown keys such as email, id or profileImageUrl and changes nothing", async () => {
    const me = await signUp("Keys");
    for (const body of [
      { email: "evil@x.test" },
      { id: crypto.randomUUID() },
      { profileImageUrl: "https://x" },
      { firstName: "Ok", email: "e@x.test" },
    ]) {
      const res = await patch(me.cookie, body);
      expect(res.status).toBe(400);
    }
    const profile = await json(await request("/api/user/profile", { cookie: me.cookie }));
    expect(profile).toMatchObject({ id: me.id, email: me.email, firstName: "Keys", profileImageUrl: null });
  });

  it("never changes another member's profile, whatever the request", async () => {
    const me = await signUp("Attacker");
    const victim = await signUp("Victim", "Person");
    const attempts: [string, string, unknown][] = [
      ["PATCH", "/api/user/profile", { id: victim.id, firstName: "Hacked" }],
      ["PATCH", `/api/user/profile?userId=${victim.id}`, { firstName: "Mine" }],
      ["PATCH", `/api/users/${victim.id}/profile`, { firstName: "Hacked" }],
      ["PUT", `/api/users/${victim.id}/profile`, { firstName: "Hacked" }],
      ["POST", `/api/users/${victim.id}/profile`, { firstName: "Hacked" }],
      ["DELETE", `/api/users/${victim.id}/profile`, undefined],
      ["POST", `/api/users/${victim.id}/social-links`, { platform: "discord", username: "hacked" }],
    ];
    for (const [method, path, body] of attempts) await request(path, { method, body, cookie: me.cookie });
    const profile = await json(await request(`/api/users/${victim.id}/profile`, { cookie: victim.cookie }));
    expect(profile).toMatchObject({ firstName: "Victim", lastName: "Person", bio: null });
    expect(await json(await request("/api/user/social-links", { cookie: victim.cookie }))).toEqual([]);
    // A cross-site request with the victim's own cookie is refused by the CSRF guard.
    const csrf = await request("/api/user/profile", {
      method: "PATCH",
      body: { firstName: "Csrf" },
      cookie: victim.cookie,
      origin: "https://evil.test",
    });
    expect(csrf.status).toBe(403);
    expect((await json(await request("/api/user/profile", { cookie: victim.cookie }))).firstName).toBe("Victim");
  });
});

describe("social links", () => {
  it("adds, lists (own and others) and deletes links", async () => {
    const me = await signUp("Linker");
    const other = await signUp("Looker");
    const created = await request("/api/user/social-links", { body: { platform: "discord", username: " me#1234 " }, cookie: me.cookie });
    expect(created.status).toBe(201);
    const link = await json(created);
    expect(link).toMatchObject({ platform: "discord", username: "me#1234" });
    expect(await json(await request("/api/user/social-links", { cookie: me.cookie }))).toEqual([link]);
    expect(await json(await request(`/api/users/${me.id}/social-links`, { cookie: other.cookie }))).toEqual([link]);
    expect((await request(`/api/user/social-links/${link.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect(await json(await request("/api/user/social-links", { cookie: me.cookie }))).toEqual([]);
  });

  it("validates platform and username", async () => {
    const me = await signUp("BadLink");
    for (const body of [
      { platform: "myspace", username: "x" },
      { platform: "twitch", username: "  " },
      { platform: "twitch", username: "u".repeat(101) },
      { platform: "twitch" },
      { platform: "twitch", username: "x", userId: "y" },
    ]) {
      expect((await request("/api/user/social-links", { body, cookie: me.cookie })).status).toBe(400);
    }
  });

  it("answers 404 when deleting another member's link and keeps it", async () => {
    const owner = await signUp("Owner");
    const thief = await signUp("Thief");
    const link = await json(
      await request("/api/user/social-links", { body: { platform: "steam", username: "owner" }, cookie: owner.cookie }),
    );
    expect((await request(`/api/user/social-links/${link.id}`, { method: "DELETE", cookie: thief.cookie })).status).toBe(404);
    expect(await json(await request("/api/user/social-links", { cookie: owner.cookie }))).toHaveLength(1);
  });

  it("caps a member at 20 links with a 409", async () => {
    const me = await signUp("Many");
    for (let i = 0; i < 20; i++) {
      expect((await request("/api/user/social-links", { body: { platform: "twitch", username: `u${i}` }, cookie: me.cookie })).status).toBe(
        201,
      );
    }
    expect(
      (await request("/api/user/social-links", { body: { platform: "twitch", username: "one-more" }, cookie: me.cookie })).status,
    ).toBe(409);
  });
});
