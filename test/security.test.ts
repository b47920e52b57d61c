import { describe, expect, it } from "vitest";
import { DECLARED_ROUTES } from "./declared-routes";
import { json, request, signUp } from "./helpers";
import { configureProvider, mockProviderUser, oauthRoundTrip, resetProviders } from "./oauth-helpers";

/** A concrete path for a documented route: every `:param` becomes a random id. */
function concretePath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, () => crypto.randomUUID());
}

const mutating = DECLARED_ROUTES.filter((d) => d.method !== "get");

describe("access control: visitors", () => {
  it.each(mutating.filter((d) => d.auth === "member").map((d) => [d.method.toUpperCase(), d.path] as const))(
    "%s %s answers 401 to a visitor",
    async (method, path) => {
      const res = await request(concretePath(path), { method, body: method === "DELETE" ? undefined : {} });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ message: "Unauthorized" });
    },
  );

  it.each(DECLARED_ROUTES.filter((d) => d.auth === "member" && d.method === "get").map((d) => [d.path] as const))(
    "GET %s answers 401 to a visitor",
    async (path) => {
      const res = await request(concretePath(path));
      expect(res.status).toBe(401);
    },
  );
});

describe("CSRF", () => {
  it("refuses a cross-origin form POST to a Remix page action with 403", async () => {
    const member = await signUp("Csrf");
    const res = await request("/profile", {
      method: "POST",
      body: "intent=update&firstName=Evil",
      cookie: member.cookie,
      origin: "https://evil.example",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(403);
  });

  it("refuses text/plain bodies on every mutating /api route with 415", async () => {
    const member = await signUp("Plain");
    for (const doc of mutating.filter((d) => d.path !== "/api/login/dev")) {
      const res = await request(concretePath(doc.path), {
        method: doc.method.toUpperCase(),
        body: "{}",
        cookie: member.cookie,
        headers: { "Content-Type": "text/plain" },
      });
      expect(res.status, `${doc.method} ${doc.path}`).toBe(415);
    }
  });

  it("refuses a cross-origin Origin on every mutating /api route with 403", async () => {
    const member = await signUp("Cross");
    for (const doc of mutating) {
      const res = await request(concretePath(doc.path), {
        method: doc.method.toUpperCase(),
        body: {},
        cookie: member.cookie,
        origin: "https://evil.example",
      });
      expect(res.status, `${doc.method} ${doc.path}`).toBe(403);
    }
  });
});

describe("sessions", () => {
  it("renews the session id at every sign-in and the old one stops working after sign-out", async () => {
    const a = await signUp("Renew");
    const again = await request("/api/login/dev", { body: { firstName: "Renew", email: a.email }, cookie: a.cookie });
    const renewed = again.headers
      .getSetCookie()
      .find((c) => c.startsWith("realmcast_session="))!
      .split(";")[0];
    expect(renewed).not.toBe(a.cookie);
    // Signing in again from the same browser retires its previous session.
    expect((await request("/api/auth/user", { cookie: a.cookie })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: renewed })).status).toBe(200);
    await request("/api/logout", { method: "POST", cookie: renewed });
    expect((await request("/api/auth/user", { cookie: renewed })).status).toBe(401);
  });

  it("sets Secure on the session cookie outside localhost", async () => {
    // Outside loopback the dev sign-in is off (see "dev sign-in outside loopback"), so sign in through OAuth.
    configureProvider("discord");
    mockProviderUser("discord", { id: `d-${crypto.randomUUID()}`, username: "secure", email: null });
    const res = await oauthRoundTrip("discord", { origin: "https://realmcast.example" });
    resetProviders();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("realmcast_session="))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});

describe("dev sign-in outside loopback", () => {
  it("is refused (404) on any other host even with AUTH_DEV_LOGIN true, and the sign-in page does not offer it", async () => {
    const { env, exports } = await import("cloudflare:workers");
    expect(env.AUTH_DEV_LOGIN).toBe("true");
    for (const origin of ["https://realmcast.example", "https://realmcast.workers.dev", "http://192.168.1.20:8787"]) {
      const res = await exports.default.fetch(
        new Request(`${origin}/api/login/dev`, {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": `host-${crypto.randomUUID()}` },
          body: JSON.stringify({ firstName: "Anyone", email: `anyone-${crypto.randomUUID()}@x.test` }),
          redirect: "manual",
        }),
      );
      expect(res.status, origin).toBe(404);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("realmcast_session=")),
        origin,
      ).toBe(false);
      const page = await exports.default.fetch(new Request(`${origin}/api/login`));
      const html = await page.text();
      expect(html, origin).not.toContain("Development sign-in");
      expect(html, origin).not.toContain("/api/login/dev");
      // No provider configured here: the page says so instead.
      expect(page.status, origin).toBe(503);
      expect(html, origin).toContain("Sign-in is not configured");
    }
    // The same request on loopback is served (the tests' opt-in is on).
    const local = await request("/api/login/dev", {
      body: { firstName: "Local", email: `local-${crypto.randomUUID()}@x.test` },
      headers: { "CF-Connecting-IP": `host-${crypto.randomUUID()}` },
    });
    expect(local.status).toBe(303);
  });

  it("is off in the configuration a deploy ships, with or without --env production", async () => {
    const { default: toml } = await import("../wrangler.toml?raw");
    const [topLevel, ...environments] = toml.split(/^\[env\./m);
    const devLogin = (section: string) => section.match(/^AUTH_DEV_LOGIN\s*=\s*"([^"]*)"/m)?.[1];
    expect(devLogin(topLevel) ?? "false").toBe("false");
    for (const section of environments) expect(devLogin(section) ?? "false").toBe("false");
  });

  it("ships the production sign-in limit (30 a minute) in every section of the deployed configuration", async () => {
    const { default: toml } = await import("../wrangler.toml?raw");
    const limit = (section: string) => section.match(/^SIGNIN_RATE_LIMIT_PER_MINUTE\s*=\s*"([^"]*)"/m)?.[1];
    for (const section of toml.split(/^\[env\./m)) expect(limit(section) ?? "30").toBe("30");
  });
});

describe("sign-in rate limit", () => {
  it("answers 429 with a clear message after 30 sign-in attempts a minute from one address", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) {
      last = await request("/api/login/dev", {
        body: { firstName: "Rate", email: `r${i}-${crypto.randomUUID()}@x.test` },
        headers: { "CF-Connecting-IP": ip },
      });
    }
    expect(last!.status).toBe(429);
    expect((await json(last!)).message).toMatch(/Too many sign-in attempts/);
  });
});

describe("privacy of public lists", () => {
  it("never shows members' e-mail addresses to visitors (rooms, events, forum)", async () => {
    const member = await signUp("Private");
    const room = await json(
      await request("/api/game-sessions", {
        cookie: member.cookie,
        body: { maxPlayers: 2, communityId: "decksong", gameData: { name: "Quiet room", format: "standard" } },
      }),
    );
    const date = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    await request("/api/events", {
      cookie: member.cookie,
      body: { title: "Quiet pod", type: "game_pod", date, time: "18:00", location: "Online", communityId: "decksong" },
    });
    await request("/api/forum/posts", {
      cookie: member.cookie,
      body: { title: "Quiet post", category: "general", content: "Hello", communityId: "decksong" },
    });
    const publicBodies = await Promise.all(
      [
        `/api/game-sessions/${room.id}`,
        "/api/game-sessions?communityId=decksong",
        "/api/events?communityId=decksong&upcoming=true",
        "/api/forum/posts?communityId=decksong",
      ].map(async (path) => (await request(path)).text()),
    );
    for (const body of publicBodies) {
      expect(body).toContain("Quiet");
      expect(body).not.toContain(member.email);
    }
    // Members do not see it either, not even in their own room (issue 12; test/privacy-emails.test.ts covers every area).
    expect(await (await request(`/api/game-sessions/${room.id}`, { cookie: member.cookie })).text()).not.toContain(member.email);
  });
});
