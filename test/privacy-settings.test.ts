import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "../workers/contract/matchmaking";
import { DEFAULT_SETTINGS, type UserSettings } from "../workers/contract/settings";
import { json, request, signUp, type Member } from "./helpers";

async function setPrivacy(member: Member, privacy: Partial<UserSettings["privacySettings"]>) {
  const body = { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, ...privacy } };
  const res = await request("/api/user/settings", { method: "PUT", cookie: member.cookie, body });
  expect(res.status).toBe(200);
}

async function get(path: string, member: Member) {
  const res = await request(path, { cookie: member.cookie });
  expect(res.status, path).toBe(200);
  return json(res);
}

/** A member with a bio, a status and a social link, as other members would see them by default. */
async function memberWithProfile(name: string) {
  const member = await signUp(name);
  const bio = `Bio of ${name} ${crypto.randomUUID().slice(0, 8)}`;
  const handle = `${name.toLowerCase()}_${crypto.randomUUID().slice(0, 6)}`;
  expect((await request("/api/user/profile", { method: "PATCH", cookie: member.cookie, body: { bio, status: "gaming" } })).status).toBe(
    200,
  );
  expect((await request("/api/user/social-links", { cookie: member.cookie, body: { platform: "twitch", username: handle } })).status).toBe(
    201,
  );
  return { member, bio, handle };
}

async function befriend(a: Member, b: Member) {
  const invite = await json(await request("/api/friend-requests", { cookie: a.cookie, body: { addresseeId: b.id } }));
  expect((await request(`/api/friend-requests/${invite.id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(200);
}

describe("privacySettings.profileVisible", () => {
  it("shows bio, status and social links to other members by default", async () => {
    const { member: a, bio, handle } = await memberWithProfile("Open");
    const b = await signUp("Visitor");
    expect(await get(`/api/users/${a.id}/profile`, b)).toMatchObject({ bio, status: "gaming", isPrivate: false });
    expect(await get(`/api/users/${a.id}/social-links`, b)).toEqual([expect.objectContaining({ platform: "twitch", username: handle })]);
  });

  it("off: other members get no bio, status or links (API and page); the owner still sees all of it", async () => {
    const { member: a, bio, handle } = await memberWithProfile("Hidden");
    const b = await signUp("Curious");
    await setPrivacy(a, { profileVisible: false });

    const seen = await get(`/api/users/${a.id}/profile`, b);
    expect(seen).toMatchObject({ id: a.id, firstName: "Hidden", bio: null, status: "offline", isPrivate: true });
    expect(await get(`/api/users/${a.id}/social-links`, b)).toEqual([]);
    const page = await (await request(`/profile/${a.id}`, { cookie: b.cookie })).text();
    expect(page).toContain("This member keeps their profile private.");
    expect(page).not.toContain(bio);
    expect(page).not.toContain(handle);

    // The owner, through every way they look at their own profile.
    expect(await get(`/api/users/${a.id}/profile`, a)).toMatchObject({ bio, status: "gaming", isPrivate: true });
    expect(await get("/api/user/profile", a)).toMatchObject({ bio, status: "gaming" });
    expect(await get("/api/user/social-links", a)).toEqual([expect.objectContaining({ username: handle })]);
    expect(await get(`/api/users/${a.id}/social-links`, a)).toEqual([expect.objectContaining({ username: handle })]);
    const own = await (await request("/profile", { cookie: a.cookie })).text();
    expect(own).toContain(bio);
    expect(own).toContain(handle);
    expect(own).toContain("Your bio, status and social links are hidden from other members.");

    // Switching it back shows everything again.
    await setPrivacy(a, { profileVisible: true });
    expect(await get(`/api/users/${a.id}/profile`, b)).toMatchObject({ bio, status: "gaming", isPrivate: false });
  });
});

describe("privacySettings.showOnlineStatus", () => {
  it("off: never shown online to others (profile status, friends, requests, matchmaking); on: shown", async () => {
    const a = await signUp("Shy");
    const b = await signUp("Friend");
    const c = await signUp("Stranger");
    expect((await request("/api/user/profile", { method: "PATCH", cookie: a.cookie, body: { status: "online" } })).status).toBe(200);
    await befriend(a, b);
    // A pending request from A to C shows A in C's incoming list.
    expect((await request("/api/friend-requests", { cookie: a.cookie, body: { addresseeId: c.id } })).status).toBe(201);
    const place = `Shyville ${crypto.randomUUID().slice(0, 8)}, Testland`;
    const prefs = { ...DEFAULT_PREFERENCES, location: place };
    expect((await request("/api/matchmaking/preferences", { method: "PUT", cookie: a.cookie, body: prefs })).status).toBe(200);

    const view = async () => {
      const friend = (await get("/api/friends", b)).friends.find((f: any) => f.user.id === a.id);
      const incoming = (await get("/api/friend-requests", c)).incoming.find((r: any) => r.user.id === a.id);
      const match = (await json(await request("/api/matchmaking/find-players", { cookie: b.cookie, body: prefs }))).find(
        (m: any) => m.id === a.id,
      );
      const onlineOnly = await json(
        await request("/api/matchmaking/find-players", { cookie: b.cookie, body: { ...prefs, onlineOnly: true } }),
      );
      const profile = await get(`/api/users/${a.id}/profile`, b);
      return {
        friend: friend.user.isOnline,
        request: incoming.user.isOnline,
        match,
        foundOnlineOnly: onlineOnly.some((m: any) => m.id === a.id),
        status: profile.status,
      };
    };

    const shown = await view();
    expect(shown).toMatchObject({ friend: true, request: true, foundOnlineOnly: true, status: "online" });
    expect(shown.match).toMatchObject({ isOnline: true, lastOnline: expect.any(String) });

    await setPrivacy(a, { showOnlineStatus: false });
    const hidden = await view();
    expect(hidden).toMatchObject({ friend: false, request: false, foundOnlineOnly: false, status: "offline" });
    expect(hidden.match).toMatchObject({ isOnline: false, lastOnline: null });
    // The score cannot tell "online now" apart from "active today" either.
    expect(hidden.match.matchScore).toBe(shown.match.matchScore - 1);

    // The owner still sees their own status, and the bio stays visible (profileVisible is on).
    expect(await get(`/api/users/${a.id}/profile`, a)).toMatchObject({ status: "online" });
    expect(await get("/api/user/profile", a)).toMatchObject({ status: "online" });
  });
});

describe("privacySettings.allowDirectMessages", () => {
  // Realmcast has no member-to-member messages yet (the spec's "Message" buttons announce them);
  // the one way a member reaches a stranger is a friend request, so that is where the setting applies.
  it("off: nobody can send the member a friend request; they can still send their own", async () => {
    const a = await signUp("Closed");
    const b = await signUp("Knocker");
    await setPrivacy(a, { allowDirectMessages: false });
    const refused = await request("/api/friend-requests", { cookie: b.cookie, body: { addresseeId: a.id } });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: "This member is not accepting friend requests" });
    expect((await get("/api/notifications", a)).notifications).toEqual([]);
    expect((await get("/api/friend-requests", a)).incoming).toEqual([]);

    // A invites B; B inviting back accepts A's request (A started it).
    expect((await request("/api/friend-requests", { cookie: a.cookie, body: { addresseeId: b.id } })).status).toBe(201);
    const back = await request("/api/friend-requests", { cookie: b.cookie, body: { addresseeId: a.id } });
    expect(back.status).toBe(200);
    expect(await json(back)).toMatchObject({ status: "accepted" });
  });

  it("on (the default): requests arrive", async () => {
    const a = await signUp("Open");
    const b = await signUp("Knocker");
    expect((await request("/api/friend-requests", { cookie: b.cookie, body: { addresseeId: a.id } })).status).toBe(201);
  });
});
