import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, request, sessionCookieFrom, signUp } from "./helpers";

describe("communities", () => {
  it("lists the six realms in order with their display fields", async () => {
    const res = await request("/api/communities");
    expect(res.status).toBe(200);
    const list = await json<any[]>(res);
    expect(list.map((c) => c.id)).toEqual(["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"]);
    expect(list[0]).toMatchObject({ name: "Scry & Gather", displayName: "Scry & Gather" });
    for (const c of list) expect(Object.keys(c).sort()).toEqual(["description", "displayName", "iconClass", "id", "name", "themeColor"]);
  });
});

describe("auth user", () => {
  it("answers 401 with the spec's message when signed out", async () => {
    const res = await request("/api/auth/user");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: "Unauthorized" });
  });

  it("answers the member once signed in through the dev sign-in", async () => {
    const member = await signUp("Ada", "Lovelace");
    const res = await request("/api/auth/user", { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      id: member.id,
      firstName: "Ada",
      lastName: "Lovelace",
      email: member.email,
      profileImageUrl: null,
      primaryCommunity: "",
      communities: [],
    });
  });
});

describe("dev sign-in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and redirects 303 to /", async () => {
    const res = await request("/api/login/dev", { body: { firstName: "Cookie", email: `c-${crypto.randomUUID()}@x.test` } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    // localhost is served over http: no Secure flag there.
    expect(cookie).not.toMatch(/Secure/);
    const id = cookie.split(";")[0].split("=")[1];
    expect(id.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
  });

  it("accepts an HTML form post and the same e-mail signs in the same member", async () => {
    const email = `form-${crypto.randomUUID()}@x.test`;
    const body = new URLSearchParams({ firstName: "Form", email }).toString();
    const first = await request("/api/login/dev", { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(first.status).toBe(303);
    const again = await request("/api/login/dev", { body: { firstName: "Other", email } });
    const a = await json(await request("/api/auth/user", { cookie: sessionCookieFrom(first) }));
    const b = await json(await request("/api/auth/user", { cookie: sessionCookieFrom(again) }));
    expect(a.id).toBe(b.id);
    // A new session id at every sign-in.
    expect(sessionCookieFrom(first)).not.toBe(sessionCookieFrom(again));
  });

  it("rejects bad input with 400 and zod issues", async () => {
    const res = await request("/api/login/dev", { body: { firstName: "", email: "not-an-email" } });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.message).toBeTypeOf("string");
    expect(body.issues.map((i: any) => i.path[0]).sort()).toEqual(["email", "firstName"]);
  });

  it("is off (404) when AUTH_DEV_LOGIN is not true", async () => {
    const original = env.AUTH_DEV_LOGIN;
    (env as any).AUTH_DEV_LOGIN = "false";
    try {
      const res = await request("/api/login/dev", { body: { firstName: "X", email: "x@x.test" } });
      expect(res.status).toBe(404);
      const page = await request("/api/login");
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("Sign-in is not configured");
    } finally {
      (env as any).AUTH_DEV_LOGIN = original;
    }
  });

  it("shows the sign-in page with demo members and the new-member form", async () => {
    const res = await request("/api/login");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Development sign-in");
    expect(html).toContain('action="/api/login/dev"');
  });
});

describe("logout", () => {
  it("ends the session on the server on a same-origin POST: the old cookie no longer resolves", async () => {
    const member = await signUp("Leaving");
    const res = await request("/api/logout", { method: "POST", cookie: member.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.getSetCookie().join()).toMatch(/realmcast_session=;/);
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(401);
  });

  it("accepts the account menu's empty form (no JavaScript needed)", async () => {
    const member = await signUp("Former");
    const res = await request("/api/logout", {
      method: "POST",
      cookie: member.cookie,
      body: "",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(401);
  });

  it("a GET (a link, from this site or any other) only asks 'Sign out?': the session stays", async () => {
    const member = await signUp("Linked");
    for (const site of ["same-origin", "cross-site"]) {
      const res = await request("/api/logout", { cookie: member.cookie, headers: { "Sec-Fetch-Site": site } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Sign out? | Realmcast</title>");
      expect(html).toContain('<form method="post" action="/api/logout">');
      expect(html).not.toContain(member.email);
      expect(res.headers.getSetCookie().join()).not.toMatch(/realmcast_session=;/);
    }
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(200);
  });

  it("a cross-site POST signs nobody out (403)", async () => {
    const member = await signUp("Targeted");
    const res = await request("/api/logout", { method: "POST", cookie: member.cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(200);
  });

  it("a GET without a session that resolves clears the cookie and goes home (after an account deletion)", async () => {
    const res = await request("/api/logout", { cookie: "realmcast_session=gone" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.getSetCookie().join()).toMatch(/realmcast_session=;/);
  });
});

describe("OAuth", () => {
  const configure = () => {
    (env as any).DISCORD_CLIENT_ID = "discord-client";
    (env as any).DISCORD_CLIENT_SECRET = "discord-secret";
  };
  afterEach(() => {
    delete (env as any).DISCORD_CLIENT_ID;
    delete (env as any).DISCORD_CLIENT_SECRET;
    vi.restoreAllMocks();
  });

  async function startLogin() {
    const res = await request("/api/login?provider=discord");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!);
    expect(location.hostname).toBe("discord.com");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const oauthCookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_oauth="))!;
    expect(oauthCookie).toMatch(/HttpOnly/);
    expect(oauthCookie).toMatch(/Max-Age=600/);
    return { state: location.searchParams.get("state")!, cookie: oauthCookie.split(";")[0] };
  }

  it("rejects a callback with a missing or mismatched state", async () => {
    configure();
    const { state, cookie } = await startLogin();
    const missing = await request(`/api/callback/discord?code=abc`, { cookie });
    expect(missing.status).toBe(400);
    const wrong = await request(`/api/callback/discord?code=abc&state=${state}x`, { cookie });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ message: "Invalid OAuth state" });
  });

  it("signs in with a valid state (provider token endpoint mocked) and rejects a replay", async () => {
    configure();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith("https://discord.com/api/oauth2/token")) {
        return Response.json({ access_token: "token-1", token_type: "Bearer", expires_in: 3600 });
      }
      if (url.startsWith("https://discord.com/api/users/@me")) {
        return Response.json({ id: "discord-user-42", username: "oauthuser", global_name: "Oauth", email: "oauth@x.test" });
      }
      return realFetch(input, init);
    });
    const { state, cookie } = await startLogin();
    const res = await request(`/api/callback/discord?code=abc&state=${state}`, { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const session = sessionCookieFrom(res);
    const me = await json(await request("/api/auth/user", { cookie: session }));
    expect(me.firstName).toBe("Oauth");
    const replay = await request(`/api/callback/discord?code=abc&state=${state}`, { cookie });
    expect(replay.status).toBe(400);
  });
});

describe("request protection", () => {
  it("refuses a state-changing request from another origin with 403", async () => {
    const res = await request("/api/login/dev", { body: { firstName: "X", email: "x@x.test" }, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const none = await request("/api/login/dev", { body: { firstName: "X", email: "x@x.test" }, origin: null });
    expect(none.status).toBe(403);
  });

  it("refuses a non-JSON body on /api with 415", async () => {
    const member = await signUp();
    const res = await request("/api/logout-not-a-route", {
      method: "POST",
      body: "hello",
      cookie: member.cookie,
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(415);
  });

  it("refuses a body over 64 KB with 413", async () => {
    const res = await request("/api/login/dev", { body: { firstName: "x".repeat(70_000), email: "big@x.test" } });
    expect(res.status).toBe(413);
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await json(res)).toEqual({ message: "No such API route" });
  });

  it("sets the security headers and a per-request CSP nonce on pages", async () => {
    const a = await request("/");
    const b = await request("/");
    const csp = a.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(b.headers.get("Content-Security-Policy")).not.toBe(csp);
    expect(a.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(a.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const html = await a.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it("adds HSTS outside localhost", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch(new Request("https://realmcast.example/api/communities"));
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000/);
  });
});

describe("pages", () => {
  it("renders the landing page with the six communities server-side", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Realmcast</title>");
    expect((html.match(/data-testid="community-card"/g) ?? []).length).toBe(6);
  });

  it("answers an unknown path with a 404 Page Not Found", async () => {
    const res = await request("/definitely/not/here");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("<title>Page Not Found | Realmcast</title>");
  });

  it("sends a visitor on a member-only page to sign-in", async () => {
    const res = await request("/calendar");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?returnTo=%2Fcalendar");
  });
});

describe("query budget", () => {
  it("reports D1 round trips per request in Server-Timing", async () => {
    const member = await signUp("Counter");
    const res = await request("/api/auth/user", { cookie: member.cookie });
    // KV session lookup is not D1; the member row (1) and their communities (1).
    expect(res.headers.get("Server-Timing")).toBe('d1;desc="2 queries"');
  });
});
