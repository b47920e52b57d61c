import { env } from "cloudflare:workers";
import { communityCookieValue } from "../app/lib/community-cookie";
import { describe, expect, it } from "vitest";
import { loadMemberHome } from "../app/routes/_index/member-home.server";
import { getDb } from "../workers/db/client";
import { findUserById } from "../workers/domain/members/users";
import { request, signUp } from "./helpers";

/** The home route's loader, called as the page's fetcher calls it (`/?index&realm=...`), with the real D1. */
async function homeData(userId: string | null, community: string | null, cookie = "") {
  const db = getDb(env.DB);
  const user = userId ? await findUserById(db, userId) : null;
  const url = community ? `http://localhost/?index&realm=${community}` : "http://localhost/";
  // Round-trip through JSON like the wire does.
  return JSON.parse(JSON.stringify(await loadMemberHome(new Request(url, { headers: { Cookie: cookie } }), { db, user })));
}

describe("member home data", () => {
  it("tells a signed-out fetch that the member is signed out (the page then shows Unauthorized)", async () => {
    expect(await homeData(null, "all")).toEqual({ signedIn: false });
  });

  it("All Realms shows real upcoming events, open rooms and forum posts, and the member's figures", async () => {
    const me = await signUp("Home");
    const tag = crypto.randomUUID().slice(0, 8);
    const soon = Date.now() + 60_000;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO events (id, title, type, date, time, starts_at, location, community_id, creator_id) VALUES (?, ?, 'game_pod', '2030-01-01', '18:00', ?, 'Online', 'decksong', ?)",
      ).bind(crypto.randomUUID(), `Pod ${tag}`, soon, me.id),
      env.DB.prepare(
        "INSERT INTO game_sessions (id, host_id, community_id, name, format, max_players, current_players, created_at) VALUES (?, ?, 'decksong', ?, 'Core', 4, 1, ?)",
      ).bind(crypto.randomUUID(), me.id, `Room ${tag}`, Date.now() + 10_000_000),
      env.DB.prepare(
        "INSERT INTO forum_posts (id, community_id, author_id, title, category, content, created_at) VALUES (?, 'decksong', ?, ?, 'general', 'x', ?)",
      ).bind(crypto.randomUUID(), me.id, `Post ${tag}`, Date.now() + 10_000_000),
      env.DB.prepare("INSERT INTO user_communities (user_id, community_id) VALUES (?, 'decksong')").bind(me.id),
    ]);
    const data = await homeData(me.id, "all");
    expect(data).toMatchObject({ signedIn: true, communityId: null, community: null });
    const titles = data.home.activity.map((a: any) => a.title);
    expect(titles).toEqual(expect.arrayContaining([`Pod ${tag}`, `Room ${tag}`, `Post ${tag}`]));
    expect(data.home.figures).toMatchObject({ eventsHosted: 1, communitiesJoined: 1, friendCount: 0, unreadCount: 0 });
    expect(data.home.openRoomCount).toBeGreaterThanOrEqual(1);
  });

  it("a realm's dashboard counts that realm only and lists the member's latest notifications", async () => {
    const me = await signUp("Realm");
    const other = await signUp("Someone");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO events (id, title, type, date, time, starts_at, location, community_id, creator_id) VALUES (?, 'Duel night', 'game_pod', '2030-01-01', '18:00', ?, 'Online', 'duelcraft', ?)",
      ).bind(crypto.randomUUID(), Date.now() + 3_600_000, other.id),
      env.DB.prepare("INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'event', 'For me', 'hello')").bind(
        crypto.randomUUID(),
        me.id,
      ),
      env.DB.prepare("INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'event', 'Not for me', 'hello')").bind(
        crypto.randomUUID(),
        other.id,
      ),
    ]);
    const data = await homeData(me.id, "duelcraft");
    expect(data).toMatchObject({ signedIn: true, communityId: "duelcraft", home: null });
    expect(data.community.upcomingEvents.every((e: any) => e.communityId === "duelcraft")).toBe(true);
    expect(data.community.upcomingEvents.map((e: any) => e.title)).toContain("Duel night");
    expect(data.community.notifications.map((n: any) => n.title)).toEqual(["For me"]);
    expect(data.community.figures.unreadCount).toBe(1);
  });

  it("uses the selection cookie when no realm is asked for, and falls back to All Realms for unknown ids", async () => {
    const me = await signUp("Cookie");
    const viaCookie = await homeData(me.id, null, `selectedCommunityId=${communityCookieValue("bladeforge")}`);
    expect(viaCookie.communityId).toBe("bladeforge");
    const unknown = await homeData(me.id, null, `selectedCommunityId=${communityCookieValue("mtg")}`);
    expect(unknown).toMatchObject({ communityId: null, community: null });
    const html = await (await request("/", { cookie: `${me.cookie}; selectedCommunityId=${communityCookieValue("bladeforge")}` })).text();
    expect(html).toContain("Command Center");
    expect(html).toContain("Game Pod Calendar - Coming Soon");
  });

  it("renders the profile pages for members and 404s a missing profile", async () => {
    const me = await signUp("Page");
    expect((await request("/profile", { cookie: me.cookie })).status).toBe(200);
    const missing = await request(`/profile/${crypto.randomUUID()}`, { cookie: me.cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("The user profile you&#x27;re looking for doesn&#x27;t exist.");
    const visitor = await request("/profile");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/api/login?returnTo=%2Fprofile");
  });
});
