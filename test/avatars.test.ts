import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../workers/contract/avatar-options";
import { JPEG_8, PNG_8, WEBP_8 } from "./image-fixtures";
import { json, request, sessionCookieFrom, signUp, type Member } from "./helpers";
import { configureProvider, mockProviderUser, oauthRoundTrip, resetProviders } from "./oauth-helpers";

/** POSTs a multipart form with `file` (the declared type is the sender's word, deliberately wrong in some tests). */
function upload(member: Member | null, bytes: Uint8Array<ArrayBuffer>, declaredType = "image/png", field = "file") {
  const form = new FormData();
  form.append(field, new File([bytes], "me.png", { type: declaredType }));
  return request("/api/user/avatar", { method: "POST", cookie: member?.cookie, multipart: form });
}

const profileOf = async (m: Member) => json(await request("/api/user/profile", { cookie: m.cookie }));
const queriesOf = (res: Response) => Number(/d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

async function objectsOf(userId: string) {
  return (await env.AVATARS.list({ prefix: `${userId}/` })).objects.map((o) => o.key);
}

describe("POST /api/user/avatar", () => {
  it.each([
    ["PNG", PNG_8, "image/png"],
    ["JPEG", JPEG_8, "image/jpeg"],
    ["WebP", WEBP_8, "image/webp"],
  ] as const)("stores a %s, points the profile at it and serves the same bytes with caching headers", async (_name, bytes, type) => {
    const me = await signUp("Pic");
    // The declared type is ignored: the bytes decide.
    const res = await upload(me, bytes, "application/octet-stream");
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const { profileImageUrl } = await json(res);
    expect(profileImageUrl).toMatch(new RegExp(`^/api/avatars/${me.id}/[0-9a-f]{16}$`));
    expect((await profileOf(me)).profileImageUrl).toBe(profileImageUrl);
    expect((await json(await request("/api/auth/user", { cookie: me.cookie }))).profileImageUrl).toBe(profileImageUrl);

    // Served to anyone (avatars show on public pages), cached for a year under a versioned URL.
    const served = await request(profileImageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe(type);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = served.headers.get("ETag");
    expect(etag).toBe(`"${profileImageUrl.split("/").pop()}"`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    const again = await request(profileImageUrl, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers 404, not 304, to a revalidation of a picture that does not exist (or no longer does)", async () => {
    const me = await signUp("Gone");
    const never = `/api/avatars/${me.id}/0123456789abcdef`;
    expect((await request(never, { headers: { "If-None-Match": '"0123456789abcdef"' } })).status).toBe(404);
    const { profileImageUrl } = await json(await upload(me, PNG_8));
    const etag = `"${profileImageUrl.split("/").pop()}"`;
    expect((await request(profileImageUrl, { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await request("/api/user/avatar", { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    const removed = await request(profileImageUrl, { headers: { "If-None-Match": etag } });
    expect(removed.status).toBe(404);
    expect((await json(removed)).message).toBe("Picture not found");
  });

  it("gives a new picture a new URL and drops the old one", async () => {
    const me = await signUp("Swap");
    const first = (await json(await upload(me, PNG_8))).profileImageUrl;
    const second = (await json(await upload(me, JPEG_8))).profileImageUrl;
    expect(second).not.toBe(first);
    expect((await request(first)).status).toBe(404);
    expect((await request(second)).status).toBe(200);
    expect(await objectsOf(me.id)).toEqual([second.replace("/api/avatars/", "")]);
  });

  it("refuses a file that is not a PNG, JPEG or WebP, whatever it claims to be, and stores nothing", async () => {
    const me = await signUp("Fake");
    const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [gif, svg, new Uint8Array()]) {
      const res = await upload(me, bytes, "image/png");
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.message).toMatch(/PNG, JPEG or WebP|empty/);
      expect(body.issues[0].path).toEqual(["file"]);
    }
    expect((await profileOf(me)).profileImageUrl).toBeNull();
    expect(await objectsOf(me.id)).toEqual([]);
  });

  it("refuses a picture over 2 MB (400 just over, 413 far over) and stores nothing", async () => {
    const me = await signUp("Big");
    const justOver = new Uint8Array(AVATAR_MAX_BYTES + 1);
    justOver.set(PNG_8);
    const res = await upload(me, justOver);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ message: "The picture must be at most 2 MB", issues: [{ path: ["file"] }] });
    const farOver = new Uint8Array(AVATAR_MAX_BYTES * 2);
    farOver.set(PNG_8);
    const huge = await upload(me, farOver);
    expect(huge.status).toBe(413);
    expect(await json(huge)).toEqual({ message: "Request body too large" });
    expect((await profileOf(me)).profileImageUrl).toBeNull();
    expect(await objectsOf(me.id)).toEqual([]);
  });

  it("refuses a form without `file`, a text value in it, and JSON bodies", async () => {
    const me = await signUp("NoFile");
    const wrongField = await upload(me, PNG_8, "image/png", "picture");
    expect(wrongField.status).toBe(400);
    expect((await json(wrongField)).issues[0].path).toEqual(["file"]);
    const form = new FormData();
    form.append("file", "not a file");
    const text = await request("/api/user/avatar", { cookie: me.cookie, multipart: form });
    expect(text.status).toBe(400);
    const asJson = await request("/api/user/avatar", { cookie: me.cookie, body: { file: "x" } });
    expect(asJson.status).toBe(415);
  });

  it("answers 401 to a visitor and 403 to another site", async () => {
    expect((await upload(null, PNG_8)).status).toBe(401);
    const me = await signUp("Cross");
    const form = new FormData();
    form.append("file", new File([PNG_8], "me.png"));
    const res = await request("/api/user/avatar", { cookie: me.cookie, multipart: form, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await profileOf(me)).profileImageUrl).toBeNull();
  });
});

describe("DELETE /api/user/avatar", () => {
  it("removes the picture: the profile falls back to initials and the URL stops serving", async () => {
    const me = await signUp("Gone");
    const url = (await json(await upload(me, WEBP_8))).profileImageUrl;
    const res = await request("/api/user/avatar", { method: "DELETE", cookie: me.cookie });
    expect(res.status).toBe(204);
    expect((await profileOf(me)).profileImageUrl).toBeNull();
    expect((await request(url)).status).toBe(404);
    expect(await objectsOf(me.id)).toEqual([]);
    // Nothing to remove is fine too.
    expect((await request("/api/user/avatar", { method: "DELETE", cookie: me.cookie })).status).toBe(204);
  });

  it("only ever touches the caller's own picture", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const url = (await json(await upload(owner, PNG_8))).profileImageUrl;
    expect((await request("/api/user/avatar", { method: "DELETE", cookie: other.cookie })).status).toBe(204);
    expect((await profileOf(owner)).profileImageUrl).toBe(url);
    expect((await request(url)).status).toBe(200);
    expect((await request("/api/user/avatar", { method: "DELETE" })).status).toBe(401);
  });

  it("goes with the account", async () => {
    const me = await signUp("Leaving");
    const url = (await json(await upload(me, PNG_8))).profileImageUrl;
    expect((await request("/api/user/account", { method: "DELETE", cookie: me.cookie })).status).toBeLessThan(300);
    expect(await objectsOf(me.id)).toEqual([]);
    expect((await request(url)).status).toBe(404);
  });
});

describe("signing in again with a provider", () => {
  afterEach(resetProviders);

  it("keeps the picture the member uploaded instead of the provider's", async () => {
    configureProvider("discord");
    const discordUser = { id: `d-${crypto.randomUUID()}`, username: "streamer", global_name: "Streamer", avatar: "abc123" };
    mockProviderUser("discord", discordUser);
    const first = sessionCookieFrom(await oauthRoundTrip("discord"));
    const me = await json(await request("/api/auth/user", { cookie: first }));
    expect(me.profileImageUrl).toBe(`https://cdn.discordapp.com/avatars/${discordUser.id}/abc123.png`);
    const mine = (await json(await upload({ ...me, cookie: first }, PNG_8))).profileImageUrl;
    const again = sessionCookieFrom(await oauthRoundTrip("discord"));
    expect((await json(await request("/api/auth/user", { cookie: again }))).profileImageUrl).toBe(mine);
  });
});

describe("GET /api/avatars/:userId/:version", () => {
  it("answers 404 with the API's error shape for unknown or malformed ids", async () => {
    const me = await signUp("Nobody");
    for (const path of [
      `/api/avatars/${me.id}/0123456789abcdef`,
      `/api/avatars/${me.id}/not-a-version`,
      "/api/avatars/..%2F..%2Fx/0123456789abcdef",
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(await json(res)).toEqual({ message: "Picture not found" });
    }
  });
});
