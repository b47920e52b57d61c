import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { json, request, sessionCookieFrom, signUp, type Member } from "./helpers";
import { configureProvider, mockProviderUser, oauthRoundTrip, resetProviders, type MockProvider } from "./oauth-helpers";

afterEach(resetProviders);

/** Signs in through the provider (endpoints faked) and returns who the session belongs to. */
async function signInWith(provider: MockProvider, user: unknown) {
  configureProvider(provider);
  mockProviderUser(provider, user);
  const res = await oauthRoundTrip(provider);
  expect(res.status).toBe(302);
  const cookie = sessionCookieFrom(res);
  return { cookie, me: await json(await request("/api/auth/user", { cookie })) };
}

async function linkedAccounts(userId: string) {
  const { results } = await env.DB.prepare("SELECT provider FROM oauth_accounts WHERE user_id = ?").bind(userId).all();
  return results.map((r) => r.provider);
}

/** The victim still owns their address and is the only one signed in as them. */
async function expectUntouched(victim: Member, other: { id: string; email: string }) {
  expect(other.id).not.toBe(victim.id);
  expect(other.email).not.toBe(victim.email);
  expect(await linkedAccounts(victim.id)).toEqual([]);
  const mine = await json(await request("/api/auth/user", { cookie: victim.cookie }));
  expect(mine).toMatchObject({ id: victim.id, email: victim.email });
}

const discordUser = (email: string, verified?: boolean) => ({
  id: `d-${crypto.randomUUID()}`,
  username: "claimant",
  global_name: "Claimant",
  email,
  ...(verified === undefined ? {} : { verified }),
});

describe("OAuth account linking", () => {
  it("Discord: an unverified address does not sign in as the member who owns it", async () => {
    const victim = await signUp("Victim");
    const { me } = await signInWith("discord", discordUser(victim.email.toUpperCase(), false));
    await expectUntouched(victim, me);
    // The new account gets a stand-in address of its own, not the claimed one.
    expect(me.email).toMatch(/^discord-d-[0-9a-f-]+@users\.realmcast\.gg$/);
  });

  it("Discord: a missing `verified` counts as unverified", async () => {
    const victim = await signUp("Victim");
    const { me } = await signInWith("discord", discordUser(victim.email));
    await expectUntouched(victim, me);
  });

  it("Discord: a verified address links to the member who owns it", async () => {
    const owner = await signUp("Owner");
    const { me } = await signInWith("discord", discordUser(owner.email, true));
    expect(me).toMatchObject({ id: owner.id, email: owner.email });
    expect(await linkedAccounts(owner.id)).toEqual(["discord"]);
  });

  it("Google: links on email_verified true only", async () => {
    const victim = await signUp("Victim");
    const unverified = await signInWith("google", {
      sub: `g-${crypto.randomUUID()}`,
      email: victim.email,
      email_verified: false,
      given_name: "Eve",
    });
    await expectUntouched(victim, unverified.me);
    const verified = await signInWith("google", {
      sub: `g-${crypto.randomUUID()}`,
      email: victim.email,
      email_verified: true,
      given_name: "Owner",
    });
    expect(verified.me.id).toBe(victim.id);
  });

  it("Twitch: links on a Helix address (documented as verified), never without one", async () => {
    const owner = await signUp("Owner");
    const withEmail = await signInWith("twitch", {
      data: [{ id: `t-${crypto.randomUUID()}`, login: "owner", display_name: "Owner", email: owner.email }],
    });
    expect(withEmail.me.id).toBe(owner.id);
    const without = await signInWith("twitch", { data: [{ id: `t-${crypto.randomUUID()}`, login: "other", display_name: "Other" }] });
    expect(without.me.id).not.toBe(owner.id);
    expect(without.me.email).toMatch(/^twitch-t-[0-9a-f-]+@users\.realmcast\.gg$/);
  });

  it("the same unverified identity comes back to its own separate account, and never reserves the address", async () => {
    const address = `later-${crypto.randomUUID()}@x.test`;
    const identity = discordUser(address, false);
    const first = await signInWith("discord", identity);
    resetProviders();
    const again = await signInWith("discord", identity);
    expect(again.me.id).toBe(first.me.id);
    // The real owner of the address can still sign up with it later (dev sign-in here), as a different member.
    const owner = await request("/api/login/dev", {
      body: { firstName: "Later", email: address },
      headers: { "CF-Connecting-IP": `owner-${crypto.randomUUID()}` },
    });
    const ownerMe = await json(await request("/api/auth/user", { cookie: sessionCookieFrom(owner) }));
    expect(ownerMe.email).toBe(address);
    expect(ownerMe.id).not.toBe(first.me.id);
  });

  it("a provider answer that is not a user fails the sign-in with 400, creating nobody", async () => {
    configureProvider("discord");
    mockProviderUser("discord", { unexpected: true });
    const res = await oauthRoundTrip("discord");
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: "Sign-in with the provider failed. Please try again." });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("realmcast_session="))).toBe(false);
  });
});
