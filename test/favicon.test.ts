import { describe, expect, it } from "vitest";
import { renderNotConfiguredPage } from "../workers/auth/login-page";
import { request, signUp } from "./helpers";

// Issue 15: a favicon on every page, including the sign-in pages the Worker serves outside Remix.
const ICON = /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\s*\/?>/;

describe("favicon", () => {
  it("is linked from the Worker's sign-in page (HTML outside Remix)", async () => {
    const res = await request("/api/login");
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(ICON);
    expect(renderNotConfiguredPage().toString()).toMatch(ICON);
  });

  it("is linked from Remix pages, signed out and signed in, and from the not-found page", async () => {
    for (const path of ["/", "/community-forum", "/help-center", "/no-such-page"]) {
      const html = await (await request(path)).text();
      expect(html, path).toMatch(ICON);
    }
    const member = await signUp("Icon", "Seer");
    for (const path of ["/", "/profile", "/calendar"]) {
      const res = await request(path, { cookie: member.cookie });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toMatch(ICON);
    }
  });
});
