import { afterEach, describe, expect, it } from "vitest";
import { ORIGIN, request } from "./helpers";
import { configureProvider, mockProviderUser, oauthRoundTrip, resetProviders } from "./oauth-helpers";
import { HOSTILE_RETURN_TO } from "./return-to-cases";

afterEach(resetProviders);

const ip = () => ({ "CF-Connecting-IP": `return-to-${crypto.randomUUID()}` });

/** Where a browser would go with this Location: it must be this site, and never an /api route. */
function expectSameSite(location: string | null) {
  expect(location).not.toBeNull();
  const target = new URL(location!, ORIGIN);
  expect(target.origin).toBe(ORIGIN);
  expect(target.pathname.toLowerCase().startsWith("/api")).toBe(false);
}

async function devSignIn(returnTo: string, form = false) {
  const body = { firstName: "Return", email: `r-${crypto.randomUUID()}@x.test`, returnTo };
  return form
    ? request("/api/login/dev", {
        body: new URLSearchParams(body).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...ip() },
      })
    : request("/api/login/dev", { body, headers: ip() });
}

function hiddenReturnTo(html: string): string {
  const match = html.match(/name="returnTo" value="([^"]*)"/);
  if (!match) throw new Error("no returnTo field on the sign-in page");
  return match[1].replace(/&amp;/g, "&");
}

describe("returnTo: no open redirect", () => {
  it("dev sign-in (JSON and form posts) sends every hostile returnTo to /", async () => {
    for (const value of HOSTILE_RETURN_TO) {
      for (const form of [false, true]) {
        const res = await devSignIn(value, form);
        expect(res.status, JSON.stringify(value)).toBe(303);
        expect(res.headers.get("Location"), JSON.stringify(value)).toBe("/");
      }
    }
  });

  it("/api/login?returnTo= (URL-encoded, and encoded twice) never carries a hostile value into the sign-in form", async () => {
    for (const value of HOSTILE_RETURN_TO) {
      for (const encoded of [encodeURIComponent(value), encodeURIComponent(encodeURIComponent(value))]) {
        const res = await request(`/api/login?returnTo=${encoded}`);
        expect(res.status).toBe(200);
        const kept = hiddenReturnTo(await res.text());
        expectSameSite(kept);
        if (encoded === encodeURIComponent(value)) expect(kept, JSON.stringify(value)).toBe("/");
      }
    }
  });

  it("the OAuth callback sends every hostile returnTo to /, whether asked at /api/login or forged in its cookie", async () => {
    configureProvider("discord");
    for (const value of HOSTILE_RETURN_TO) {
      for (const options of [{ returnTo: value }, { returnTo: "/calendar", forgeCookieReturnTo: value }]) {
        mockProviderUser("discord", { id: `d-${crypto.randomUUID()}`, username: "ret", email: null });
        const res = await oauthRoundTrip("discord", options);
        expect(res.status, JSON.stringify(value)).toBe(302);
        expect(res.headers.get("Location"), JSON.stringify(value)).toBe("/");
      }
    }
  });

  it("keeps a same-site page through every path: sign-in page, dev sign-in, OAuth callback", async () => {
    const wanted = "/calendar?month=2026-12&realm=decksong";
    const page = await request(`/api/login?returnTo=${encodeURIComponent(wanted)}`);
    const kept = hiddenReturnTo(await page.text());
    expect(kept).toBe(wanted);
    const dev = await devSignIn(kept, true);
    expect(dev.headers.get("Location")).toBe(wanted);

    configureProvider("discord");
    mockProviderUser("discord", { id: `d-${crypto.randomUUID()}`, username: "ret", email: null });
    const oauth = await oauthRoundTrip("discord", { returnTo: wanted });
    expect(oauth.headers.get("Location")).toBe(wanted);
  });
});
