import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";

const db = () => env.DB;
const countRows = async (sql: string, ...params: unknown[]) =>
  Number(
    (
      await db()
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );

/** Gives `member` a little of everything, some of it shared with `other`. */
async function populate(member: Member, other: Member) {
  const now = Date.now();
  const eventId = crypto.randomUUID();
  const othersEvent = crypto.randomUUID();
  const postId = crypto.randomUUID();
  const othersPost = crypto.randomUUID();
  const roomId = crypto.randomUUID();
  await db().batch([
    db()
      .prepare(
        "INSERT INTO events (id, title, type, date, time, starts_at, location, community_id, creator_id) VALUES (?, 'Mine', 'game_pod', '2030-01-01', '18:00', ?, 'Online', 'duelcraft', ?)",
      )
      .bind(eventId, now + 86_400_000, member.id),
    db()
      .prepare(
        "INSERT INTO events (id, title, type, date, time, starts_at, location, community_id, creator_id, host_id) VALUES (?, 'Theirs', 'game_pod', '2030-01-02', '18:00', ?, 'Online', 'duelcraft', ?, ?)",
      )
      .bind(othersEvent, now + 86_400_000, other.id, member.id),
    db()
      .prepare("INSERT INTO event_attendees (event_id, user_id, role, player_type) VALUES (?, ?, 'participant', 'main')")
      .bind(othersEvent, member.id),
    db()
      .prepare("INSERT INTO event_attendees (event_id, user_id, role, player_type) VALUES (?, ?, 'participant', 'main')")
      .bind(eventId, other.id),
    db()
      .prepare(
        "INSERT INTO forum_posts (id, community_id, author_id, title, category, content) VALUES (?, 'duelcraft', ?, 'My strategy', 'strategy', 'Body')",
      )
      .bind(postId, member.id),
    db()
      .prepare(
        "INSERT INTO forum_posts (id, community_id, author_id, title, category, content) VALUES (?, 'duelcraft', ?, 'Their post', 'general', 'Body')",
      )
      .bind(othersPost, other.id),
    db()
      .prepare("INSERT INTO forum_replies (id, post_id, author_id, content) VALUES (?, ?, ?, 'My reply')")
      .bind(crypto.randomUUID(), othersPost, member.id),
    db()
      .prepare("INSERT INTO friendships (id, requester_id, addressee_id, status) VALUES (?, ?, ?, 'accepted')")
      .bind(crypto.randomUUID(), member.id, other.id),
    db()
      .prepare(
        "INSERT INTO game_sessions (id, host_id, community_id, name, format, max_players, current_players) VALUES (?, ?, 'duelcraft', 'My room', 'Advanced', 4, 1)",
      )
      .bind(roomId, member.id),
    db()
      .prepare("INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'system', 'Mine', 'secret-of-member')")
      .bind(crypto.randomUUID(), member.id),
    db()
      .prepare("INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'system', 'Theirs', 'secret-of-other')")
      .bind(crypto.randomUUID(), other.id),
    db().prepare("INSERT INTO user_communities (user_id, community_id) VALUES (?, 'duelcraft')").bind(member.id),
  ]);
  await request("/api/user/social-links", { body: { platform: "twitch", username: "member-twitch" }, cookie: member.cookie });
  await request("/api/user/social-links", { body: { platform: "twitch", username: "other-twitch" }, cookie: other.cookie });
  return { eventId, othersEvent, postId, othersPost, roomId };
}

describe("profile stats", () => {
  it("counts accepted friends either way, events joined and events created or hosted", async () => {
    const me = await signUp("Stats");
    const other = await signUp("Friend");
    await populate(me, other);
    await db()
      .prepare("INSERT INTO friendships (id, requester_id, addressee_id, status) VALUES (?, ?, ?, 'pending')")
      .bind(crypto.randomUUID(), (await signUp("Pending")).id, me.id)
      .run();
    const profile = await json(await request("/api/user/profile", { cookie: me.cookie }));
    expect(profile).toMatchObject({ friendCount: 1, eventsJoined: 1, eventsHosted: 2 });
    expect(await json(await request(`/api/users/${other.id}/profile`, { cookie: me.cookie }))).toMatchObject({
      friendCount: 1,
      eventsJoined: 1,
      eventsHosted: 1,
    });
  });
});

describe("export data", () => {
  it("401s signed out", async () => {
    expect((await request("/api/user/export-data", { method: "POST" })).status).toBe(401);
  });

  it("downloads the member's own data and nobody else's", async () => {
    const me = await signUp("Export", "Me");
    const other = await signUp("Other", "Person");
    const ids = await populate(me, other);
    await request("/api/user/settings", {
      method: "PUT",
      cookie: me.cookie,
      body: {
        theme: "dark",
        notificationSettings: { email: false, browser: true, eventReminders: true, socialUpdates: false, weeklyDigest: true },
        privacySettings: { profileVisible: true, showOnlineStatus: true, allowDirectMessages: true, shareStreamingActivity: true },
        streamingSettings: { defaultQuality: "720p", autoStartRecording: false, chatOverlay: true, showViewerCount: true },
      },
    });
    const res = await request("/api/user/export-data", { method: "POST", cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="realmcast-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: me.id, email: me.email, firstName: "Export" });
    expect(data.profile.calendarToken).toBeUndefined();
    expect(data.settings.theme).toBe("dark");
    expect(data.socialLinks.map((l: any) => l.username)).toEqual(["member-twitch"]);
    expect(data.communities).toEqual(["duelcraft"]);
    expect(data.events.createdOrHosted.map((e: any) => e.id).sort()).toEqual([ids.eventId, ids.othersEvent].sort());
    expect(data.events.attending.map((a: any) => a.eventId)).toEqual([ids.othersEvent]);
    expect(data.rooms.hosted.map((r: any) => r.id)).toEqual([ids.roomId]);
    expect(data.forum.posts.map((p: any) => p.id)).toEqual([ids.postId]);
    expect(data.forum.replies).toHaveLength(1);
    expect(data.friends).toEqual([expect.objectContaining({ otherMemberId: other.id, direction: "sent", status: "accepted" })]);
    expect(data.notifications.map((n: any) => n.message)).toEqual(["secret-of-member"]);
    for (const key of ["tournaments", "socialPosts", "matchmaking", "contactMessages"]) expect(data).toHaveProperty(key);
    // Nothing that is only the other member's leaks in.
    expect(text).not.toContain("secret-of-other");
    expect(text).not.toContain("other-twitch");
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Their post");
  });
});

describe("delete account", () => {
  it("401s signed out and 403s cross-site", async () => {
    expect((await request("/api/user/account", { method: "DELETE" })).status).toBe(401);
    const me = await signUp("Keep");
    expect((await request("/api/user/account", { method: "DELETE", cookie: me.cookie, origin: "https://evil.test" })).status).toBe(403);
    expect((await request("/api/user/profile", { cookie: me.cookie })).status).toBe(200);
  });

  it("removes the member's rows, keeps forum posts unattributed and ends every session", async () => {
    const me = await signUp("Leaving");
    const other = await signUp("Staying");
    const ids = await populate(me, other);
    // A second session of the same member (another browser).
    const second = await request("/api/login/dev", { body: { firstName: "Leaving", email: me.email } });
    const secondCookie = second.headers
      .getSetCookie()
      .find((c) => c.startsWith("realmcast_session="))!
      .split(";")[0];
    expect((await request("/api/auth/user", { cookie: secondCookie })).status).toBe(200);

    const res = await request("/api/user/account", { method: "DELETE", cookie: me.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/realmcast_session=;/);

    for (const cookie of [me.cookie, secondCookie]) {
      expect((await request("/api/auth/user", { cookie })).status).toBe(401);
      expect((await request("/api/user/profile", { cookie })).status).toBe(401);
    }
    expect((await request(`/api/users/${me.id}/profile`, { cookie: other.cookie })).status).toBe(404);

    // D1 enforces foreign keys: everything owned cascaded away.
    for (const [table, column] of [
      ["users", "id"],
      ["user_communities", "user_id"],
      ["social_links", "user_id"],
      ["notifications", "user_id"],
      ["event_attendees", "user_id"],
      ["game_sessions", "host_id"],
      ["events", "creator_id"],
      ["events", "host_id"],
      ["user_settings", "user_id"],
      ["forum_posts", "author_id"],
      ["forum_replies", "author_id"],
    ]) {
      expect(await countRows(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, me.id), `${table}.${column}`).toBe(0);
    }
    expect(await countRows("SELECT count(*) AS n FROM friendships WHERE requester_id = ? OR addressee_id = ?", me.id, me.id)).toBe(0);
    // Their own event is gone with its attendees; the other member's event stays without a host.
    expect(await countRows("SELECT count(*) AS n FROM events WHERE id = ?", ids.eventId)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM event_attendees WHERE event_id = ?", ids.eventId)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM events WHERE id = ? AND host_id IS NULL", ids.othersEvent)).toBe(1);
    // Forum posts and replies stay, unattributed.
    expect(await countRows("SELECT count(*) AS n FROM forum_posts WHERE id = ? AND author_id IS NULL", ids.postId)).toBe(1);
    expect(await countRows("SELECT count(*) AS n FROM forum_replies WHERE post_id = ? AND author_id IS NULL", ids.othersPost)).toBe(1);
    // The other member is untouched.
    expect(await json(await request("/api/user/social-links", { cookie: other.cookie }))).toHaveLength(1);
    expect((await json(await request("/api/user/profile", { cookie: other.cookie }))).friendCount).toBe(0);
  });

  it("runs with foreign keys enforced", async () => {
    const row = await db().prepare("PRAGMA foreign_keys").first<{ foreign_keys: number }>();
    expect(row?.foreign_keys).toBe(1);
  });
});
