import { describe, expect, it } from "vitest";
import { json, request, signUp } from "./helpers";

// Every page the spec reserves for members, with the sign-in URL that must bring the visitor back to it.
const MEMBER_PAGES = ["/calendar", "/tournaments", "/matchmaking", "/social", "/profile", "/calendar?month=2026-12"];
const loginFor = (path: string) => `/api/login?returnTo=${encodeURIComponent(path)}`;
/** Remix's single-fetch data URL for a page (what a link click requests). */
const dataUrl = (path: string) => {
  const url = new URL(path, "http://localhost");
  return `${url.pathname}.data${url.search}`;
};

describe("member pages for visitors", () => {
  it.each(MEMBER_PAGES)("%s: a document request is redirected to sign-in", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(loginFor(path));
  });

  it.each(MEMBER_PAGES)("%s: a link click (data request) is told to load sign-in as a document, not to route to it", async (path) => {
    // /api/login is the Worker's page, not a Remix route: a client-side redirect there ends on an error page.
    const res = await request(dataUrl(path));
    expect(res.status).toBe(202);
    expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(res.headers.get("Location")).toBe(loginFor(path));
    const body = await res.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain('"reload",true');
  });
});

describe("a room link opened by a visitor", () => {
  // Was the browser test "a visitor opening a room link signs in and lands back in that room" (e2e/lobby.spec.ts).
  it("goes to sign-in, and signing in there comes back to the room", async () => {
    const host = await signUp("Linkhost");
    const created = await request("/api/game-sessions", {
      cookie: host.cookie,
      body: { maxPlayers: 4, communityId: "decksong", gameData: { name: "Shared link", format: "commander" } },
    });
    expect(created.status).toBe(201);
    const path = `/tablesync/room/${(await json(created)).id}`;
    const visit = await request(path);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toBe(loginFor(path));
    const form = await (await request(loginFor(path))).text();
    expect(form).toContain(`name="returnTo" value="${path}"`);
    const signedIn = await request("/api/login/dev", {
      body: { firstName: "Link", lastName: "Visitor", email: `link-${crypto.randomUUID()}@x.test`, returnTo: path },
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe(path);
  });
});

describe("member pages for a session that ended", () => {
  it.each(MEMBER_PAGES)("%s: a cookie that no longer resolves gets 401 and the 'logged out' page, not an error", async (path) => {
    const member = await signUp("Expired");
    await request("/api/logout", { method: "POST", cookie: member.cookie });
    const page = await request(path, { cookie: member.cookie });
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain("You are logged out. Logging in again...");
    expect(html).toContain(`href="${loginFor(path).replace(/&/g, "&amp;")}"`);
    expect(html).not.toContain("Something went wrong");

    const data = await request(dataUrl(path), { cookie: member.cookie });
    expect(data.status).toBe(401);
    expect(data.headers.get("X-Remix-Reload-Document")).toBeNull();
  });

  it("a bogus session cookie is treated the same way; an empty one is a visitor", async () => {
    expect((await request("/calendar", { cookie: "realmcast_session=not-a-session" })).status).toBe(401);
    const empty = await request("/calendar", { cookie: "realmcast_session=" });
    expect(empty.status).toBe(302);
  });
});
