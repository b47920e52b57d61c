import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { json, request, signUp, type Member } from "./helpers";
import { actionResult, loadData, submitForm, submitJson } from "./single-fetch";

const profileOf = async (m: Member) => json(await request("/api/user/profile", { cookie: m.cookie }));
const toastCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("realmcast_toast="));

describe("the profile's action", () => {
  it("saves an edit and comes back to the profile with the toast; errors come back beside the fields", async () => {
    const me = await signUp("Edith", "Editor");
    const refused = await submitForm("/profile", me, {
      intent: "update",
      firstName: "   ",
      lastName: "Editor",
      bio: "Kept",
      status: "away",
      primaryCommunity: "nowhere",
    });
    expect(refused.status).toBe(400);
    const failure = (await actionResult(refused)).data;
    expect(failure.fieldErrors.firstName).toEqual(["Required"]);
    expect(failure.toast).toEqual({ title: "Failed to update profile", variant: "destructive" });
    expect(failure.values).toMatchObject({ bio: "Kept", status: "away" });
    expect((await profileOf(me)).firstName).toBe("Edith");

    const unknownCommunity = await submitForm("/profile", me, { intent: "update", firstName: "Edie", primaryCommunity: "nowhere" });
    expect(unknownCommunity.status).toBe(400);
    expect((await actionResult(unknownCommunity)).data.fieldErrors.primaryCommunity).toEqual(["Unknown community"]);

    // Only the five profile fields: anything else (an e-mail) is refused as a whole.
    const sneaky = await submitForm("/profile", me, { intent: "update", firstName: "Edie", email: "evil@example.com" });
    expect(sneaky.status).toBe(400);
    expect((await profileOf(me)).email).toBe(me.email);

    const saved = await submitForm("/profile", me, {
      intent: "update",
      firstName: "  Edie ",
      lastName: "",
      bio: "Draft night host",
      status: "gaming",
      primaryCommunity: "decksong",
    });
    expect((await actionResult(saved)).redirect).toBe("/profile");
    expect(toastCookie(saved)).toBeDefined();
    // Trimmed; a blank last name leaves the stored one (spec 000 §5).
    expect(await profileOf(me)).toMatchObject({
      firstName: "Edie",
      lastName: "Editor",
      bio: "Draft night host",
      status: "gaming",
      primaryCommunity: "decksong",
    });
    // The next page shows the toast once.
    const next = await request("/profile", { cookie: `${me.cookie}; ${toastCookie(saved)!.split(";")[0]}` });
    expect(await next.text()).toContain("Profile updated successfully!");
  });

  it("goes back to the dialog's page, never off the site", async () => {
    const me = await signUp("Dina");
    const home = await submitForm("/profile", me, { intent: "update", firstName: "Dina", primaryCommunity: "", returnTo: "/?realm=x" });
    expect((await actionResult(home)).redirect).toBe("/?realm=x");
    const away = await submitForm("/profile", me, {
      intent: "update",
      firstName: "Dina",
      primaryCommunity: "",
      returnTo: "//evil.example/",
    });
    expect((await actionResult(away)).redirect).toBe("/");
  });

  it("adds and removes the member's own social links only", async () => {
    const [me, other] = await Promise.all([signUp("Linker"), signUp("Other")]);
    const added = await submitForm("/profile", me, { intent: "addLink", platform: "twitch", username: " me_live " });
    expect((await actionResult(added)).redirect).toBe("/profile");
    const [link] = await json<any[]>(await request("/api/user/social-links", { cookie: me.cookie }));
    expect(link).toMatchObject({ platform: "twitch", username: "me_live" });

    const bad = await submitForm("/profile", me, { intent: "addLink", platform: "myspace", username: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await actionResult(bad)).data.fieldErrors).sort()).toEqual(["platform", "username"]);

    const stolen = await submitForm("/profile", other, { intent: "removeLink", linkId: link.id });
    expect(stolen.status).toBe(404);
    expect((await actionResult(stolen)).data.toast).toEqual({ title: "Could not remove the link", variant: "destructive" });
    expect(await json(await request("/api/user/social-links", { cookie: me.cookie }))).toHaveLength(1);
    expect((await actionResult(await submitForm("/profile", me, { intent: "removeLink", linkId: link.id }))).redirect).toBe("/profile");
    expect(await json(await request("/api/user/social-links", { cookie: me.cookie }))).toEqual([]);
  });

  it("refuses a cross-site post", async () => {
    const me = await signUp("Target");
    const res = await submitForm("/profile", me, { intent: "update", firstName: "Evil" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await profileOf(me)).firstName).toBe("Target");
  });
});

describe("the settings resource route", () => {
  const custom = {
    ...DEFAULT_SETTINGS,
    theme: "dark",
    notificationSettings: { ...DEFAULT_SETTINGS.notificationSettings, weeklyDigest: false },
  };

  it("loads the settings and saves them with the API's rules", async () => {
    const me = await signUp("Setter");
    const loaded = await actionResult(await loadData("/settings", me));
    expect(loaded["routes/settings"].data).toEqual({ settings: DEFAULT_SETTINGS, tokens: [] });

    const bad = await submitJson("/settings", me, { intent: "save", settings: { ...custom, theme: "sepia" } });
    expect(bad.status).toBe(400);
    expect((await actionResult(bad)).data.toast).toMatchObject({ title: "Failed to save settings", variant: "destructive" });

    const saved = await actionResult(await submitJson("/settings", me, { intent: "save", settings: custom }));
    expect(saved.data).toEqual({ ok: true, intent: "save", settings: custom, toast: { title: "Settings saved" } });
    expect(await json(await request("/api/user/settings", { cookie: me.cookie }))).toEqual(custom);
    // The saved theme is on the next page's <html>.
    expect(await (await request("/", { cookie: me.cookie })).text()).toMatch(/<html[^>]*class="dark"/);
  });

  it("exports the member's own data as a file", async () => {
    const [me, other] = await Promise.all([signUp("Exporter"), signUp("Stranger")]);
    const { data } = await actionResult(await submitJson("/settings", me, { intent: "export" }));
    expect(data.toast).toEqual({
      title: "Data export requested",
      description: "Your data export will be emailed to you within 24 hours.",
    });
    expect(data.file.name).toMatch(/^realmcast-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(data.file.data.profile).toMatchObject({ id: me.id, email: me.email });
    expect(JSON.stringify(data.file.data)).not.toContain(other.email);
  });

  it("deletes the account, then signs the browser out with the toast", async () => {
    const me = await signUp("Leaver");
    const res = await submitJson("/settings", me, { intent: "delete" });
    const answer = await actionResult(res);
    expect(answer).toMatchObject({ redirect: "/api/logout", reload: true });
    expect(toastCookie(res)).toBeDefined();
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(me.id).first()).toBeNull();
    expect((await request("/api/auth/user", { cookie: me.cookie })).status).toBe(401);
  });

  it("refuses visitors and cross-site posts", async () => {
    const me = await signUp("Guarded");
    const cross = await submitJson("/settings", me, { intent: "delete" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(me.id).first()).not.toBeNull();
    expect((await actionResult(await submitJson("/settings", null, { intent: "export" }))).redirect).toMatch(/^\/api\/login/);
  });
});
