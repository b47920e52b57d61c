import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { json, request, signUp } from "./helpers";

const custom = {
  theme: "dark",
  notificationSettings: { email: false, browser: true, eventReminders: false, socialUpdates: true, weeklyDigest: false },
  privacySettings: { profileVisible: false, showOnlineStatus: false, allowDirectMessages: true, shareStreamingActivity: false },
  streamingSettings: { defaultQuality: "1080p", autoStartRecording: true, chatOverlay: false, showViewerCount: false },
};

describe("settings", () => {
  it("401s signed out", async () => {
    expect((await request("/api/user/settings")).status).toBe(401);
    expect((await request("/api/user/settings", { method: "PUT", body: custom })).status).toBe(401);
  });

  it("returns the spec's defaults to a member who never saved", async () => {
    const me = await signUp("Fresh");
    const res = await request("/api/user/settings", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      theme: "system",
      notificationSettings: { email: true, browser: true, eventReminders: true, socialUpdates: false, weeklyDigest: true },
      privacySettings: { profileVisible: true, showOnlineStatus: true, allowDirectMessages: true, shareStreamingActivity: true },
      streamingSettings: { defaultQuality: "720p", autoStartRecording: false, chatOverlay: true, showViewerCount: true },
    });
  });

  it("round-trips a full settings object and keeps members apart", async () => {
    const me = await signUp("Saver");
    const other = await signUp("Bystander");
    const res = await request("/api/user/settings", { method: "PUT", body: custom, cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(await json(await request("/api/user/settings", { cookie: me.cookie }))).toEqual(custom);
    expect(await json(await request("/api/user/settings", { cookie: other.cookie }))).toEqual(DEFAULT_SETTINGS);
    // Saving again (reset to defaults) overwrites.
    await request("/api/user/settings", { method: "PUT", body: DEFAULT_SETTINGS, cookie: me.cookie });
    expect(await json(await request("/api/user/settings", { cookie: me.cookie }))).toEqual(DEFAULT_SETTINGS);
  });

  it("the saved theme reaches the document on the next page load (no flash)", async () => {
    const me = await signUp("Themer");
    await request("/api/user/settings", { method: "PUT", body: custom, cookie: me.cookie });
    const html = await (await request("/", { cookie: me.cookie })).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    expect(html).toContain('var m="dark"');
  });

  it.each([
    ["theme", { ...custom, theme: "sepia" }],
    ["theme", { ...custom, theme: undefined }],
    ["streamingSettings", { ...custom, streamingSettings: { ...custom.streamingSettings, defaultQuality: "4k" } }],
    ["streamingSettings", { ...custom, streamingSettings: { ...custom.streamingSettings, chatOverlay: "yes" } }],
    ["notificationSettings", { ...custom, notificationSettings: { ...custom.notificationSettings, email: 1 } }],
    ["notificationSettings", { ...custom, notificationSettings: { email: true } }],
    ["privacySettings", { ...custom, privacySettings: { ...custom.privacySettings, extra: true } }],
    ["privacySettings", { ...custom, privacySettings: null }],
    ["userId", { ...custom, userId: "someone" }],
  ])("rejects a bad %s with 400", async (field, body) => {
    const me = await signUp("Bad");
    const res = await request("/api/user/settings", { method: "PUT", body, cookie: me.cookie });
    expect(res.status).toBe(400);
    const out = await json(res);
    expect(out.issues.some((i: any) => i.path[0] === field || (i.keys ?? []).includes(field))).toBe(true);
    expect(await json(await request("/api/user/settings", { cookie: me.cookie }))).toEqual(DEFAULT_SETTINGS);
  });

  it("415s a non-JSON body and 403s a cross-site request", async () => {
    const me = await signUp("Guard");
    const form = await request("/api/user/settings", {
      method: "PUT",
      body: "theme=dark",
      cookie: me.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const cross = await request("/api/user/settings", { method: "PUT", body: custom, cookie: me.cookie, origin: "https://evil.test" });
    expect(cross.status).toBe(403);
  });
});
