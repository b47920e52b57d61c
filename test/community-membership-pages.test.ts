import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { communityCookieValue } from "../app/lib/community-cookie";
import { loadMemberHome } from "../app/routes/_index/member-home.server";
import { getDb } from "../workers/db/client";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { listMemberCommunities, communityMemberCounts } from "../workers/domain/community-membership";
import { findUserById } from "../workers/domain/members/users";
import { request, signUp, type Member } from "./helpers";
import { postForm, queriesOf, toastOf } from "./page-forms";

const isMember = async (member: Member, community: string) =>
  (await env.DB.prepare("SELECT 1 AS one FROM user_communities WHERE user_id = ? AND community_id = ?")
    .bind(member.id, community)
    .first()) !== null;

async function dashboardOf(member: Member, communityId: string) {
  const db = getDb(env.DB);
  const user = await findUserById(db, member.id);
  const home = await loadMemberHome(new Request(`http://localhost/?index&realm=${communityId}`), { db, user });
  if (!home.signedIn || !home.community) throw new Error("no realm dashboard");
  return home.community;
}

describe("Join this realm / Leave, as plain form posts", () => {
  it("joins and leaves from the dashboard, back to the same page with a toast", async () => {
    const member = await signUp("Former");
    const joined = await postForm("/?index", member, { intent: "join-realm", communityId: "duelcraft" });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/");
    expect(toastOf(joined)?.title).toBe("Welcome to Duelcraft!");
    expect(await isMember(member, "duelcraft")).toBe(true);
    expect(await dashboardOf(member, "duelcraft")).toMatchObject({ isMember: true });

    const left = await postForm("/?index", member, { intent: "leave-realm", communityId: "duelcraft" });
    expect(left.status).toBe(302);
    expect(toastOf(left)?.title).toBe("You left Duelcraft");
    expect(await isMember(member, "duelcraft")).toBe(false);
  });

  it("joins from the forum and comes back to the forum page it was on", async () => {
    const member = await signUp("Poster");
    const res = await postForm("/community-forum?realm=bladeforge&category=strategy", member, {
      intent: "join-realm",
      communityId: "bladeforge",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/community-forum?realm=bladeforge&category=strategy");
    expect(await isMember(member, "bladeforge")).toBe(true);
    // The forum page shows the Leave button and the count.
    const html = await (await request("/community-forum?realm=bladeforge", { cookie: member.cookie })).text();
    expect(html).toContain('data-testid="realm-membership"');
    expect(html).toContain('value="leave-realm"');
  });

  it("refuses visitors, cross-site posts and unknown realms without changing anything", async () => {
    const visitor = await postForm("/?index", null, { intent: "join-realm", communityId: "duelcraft" });
    expect([302, 401]).toContain(visitor.status);
    const member = await signUp("Careful");
    const crossSite = await postForm(
      "/?index",
      member,
      { intent: "join-realm", communityId: "duelcraft" },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const unknown = await postForm("/?index", member, { intent: "join-realm", communityId: "nowhere" });
    expect(unknown.status).toBe(302);
    expect(toastOf(unknown)).toMatchObject({ title: "Could not join the realm", description: "Realm not found" });
    expect(await isMember(member, "duelcraft")).toBe(false);
  });

  it("stays within the D1 round-trip budget", async () => {
    const member = await signUp("Budget");
    const res = await postForm("/?index", member, { intent: "join-realm", communityId: "decksong" });
    expect(res.status).toBe(302);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
  });
});

describe("member counts and the realm dashboard", () => {
  it("shows each realm's member count on the visitor's realm cards and the member's dashboard", async () => {
    const member = await signUp("Counted");
    await request("/api/communities/pokestream-hub/membership", { method: "POST", cookie: member.cookie });
    const memberCount = (await communityMemberCounts(getDb(env.DB)))["pokestream-hub"];
    const landing = await (await request("/")).text();
    expect(landing).toContain('data-testid="realm-member-count"');
    expect(await dashboardOf(member, "pokestream-hub")).toMatchObject({ memberCount, isMember: true });
    const page = await request("/", { cookie: `${member.cookie}; selectedCommunityId=${communityCookieValue("pokestream-hub")}` });
    expect(queriesOf(page)).toBeLessThanOrEqual(5);
  });
});

describe("the member's realms on their profile", () => {
  it("lists them to others, unless the profile is private", async () => {
    const owner = await signUp("Owner");
    const viewer = await signUp("Viewer");
    for (const community of ["deckmaster", "scry-gather"]) {
      await request(`/api/communities/${community}/membership`, { method: "POST", cookie: owner.cookie });
    }
    const seen = await (await request(`/profile/${owner.id}`, { cookie: viewer.cookie })).text();
    expect(seen).toMatch(/data-testid="profile-realms"[\s\S]*Scry &amp; Gather[\s\S]*Deckmaster/);

    const settings = await request("/api/user/settings", {
      method: "PUT",
      cookie: owner.cookie,
      body: { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, profileVisible: false } },
    });
    expect(settings.status).toBe(200);
    const hidden = await (await request(`/profile/${owner.id}`, { cookie: viewer.cookie })).text();
    expect(hidden).not.toContain("Deckmaster</span>");
    expect(hidden).not.toContain('data-testid="profile-realms"');
    // The query itself withholds them from others, not only the page.
    expect(await listMemberCommunities(getDb(env.DB), owner.id, viewer.id)).toEqual([]);
    expect((await listMemberCommunities(getDb(env.DB), owner.id, owner.id)).map((r) => r.id)).toEqual(["scry-gather", "deckmaster"]);
    // The owner still sees their own realms.
    const own = await (await request("/profile", { cookie: owner.cookie })).text();
    expect(own).toMatch(/data-testid="profile-realms"[\s\S]*Deckmaster/);
  });
});
