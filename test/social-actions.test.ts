import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, queriesOf } from "./page-forms";

/** The Social Hub's writes post to the /social route action with fetchers, calling the same domain as /api/social. */
const platforms = async (member: Member) => json(await request("/api/social/platforms", { cookie: member.cookie }));
const posts = async (member: Member) => (await json(await request("/api/social/posts", { cookie: member.cookie }))).posts;

describe("Social Hub actions", () => {
  it("switches a platform on and off, within the query budget", async () => {
    const me = await signUp("Switch");
    const on = await postForm("/social", me, { intent: "platform", platform: "bluesky", connected: "true" }, { as: "fetcher" });
    expect(on.status).toBe(200);
    expect(queriesOf(on)).toBeLessThanOrEqual(5);
    expect((await platforms(me)).find((p: any) => p.id === "bluesky").connected).toBe(true);
    await postForm("/social", me, { intent: "platform", platform: "twitter", connected: "false" }, { as: "fetcher" });
    expect((await platforms(me)).filter((p: any) => p.connected).map((p: any) => p.id)).toEqual(["discord", "bluesky"]);
    const bad = await postForm("/social", me, { intent: "platform", platform: "twitter", connected: "yes" }, { as: "fetcher" });
    expect(bad.status).toBe(400);
    const unknown = await postForm("/social", me, { intent: "platform", platform: "myspace", connected: "true" }, { as: "fetcher" });
    expect(unknown.status).toBe(400);
  });

  it("creates a post for one or several platforms, scheduled or not, within the query budget", async () => {
    const me = await signUp("Planner");
    const now = await postForm("/social", me, { intent: "create-post", content: "  Live now  ", platforms: "twitter" }, { as: "fetcher" });
    expect(now.status).toBe(200);
    expect(queriesOf(now)).toBeLessThanOrEqual(5);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const later = await postForm(
      "/social",
      me,
      { intent: "create-post", content: "Later", platforms: ["twitter", "discord"], scheduledFor: at },
      { as: "fetcher" },
    );
    expect(later.status).toBe(200);
    const [scheduled, draft] = await posts(me);
    expect(scheduled).toMatchObject({ content: "Later", platforms: ["twitter", "discord"], status: "scheduled", scheduledFor: at });
    expect(draft).toMatchObject({ content: "Live now", platforms: ["twitter"], status: "draft", scheduledFor: null });
  });

  it("refuses a platform that is not connected, a past time and an empty text (400), creating nothing", async () => {
    const me = await signUp("Careful");
    for (const fields of [
      { content: "Hi", platforms: "tiktok" },
      { content: "Hi", platforms: "twitter", scheduledFor: new Date(Date.now() - 60_000).toISOString() },
      { content: "   ", platforms: "twitter" },
      { content: "Hi" },
    ]) {
      const res = await postForm("/social", me, { intent: "create-post", ...fields }, { as: "fetcher" });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain("Could not save the post");
    }
    expect(await posts(me)).toEqual([]);
  });

  it("counts against the social post limit like the API", async () => {
    const me = await signUp("Busy");
    for (let i = 0; i < RATE_LIMITS.socialPost.limit; i++) {
      const res = await request("/api/social/posts", { cookie: me.cookie, body: { content: `Post ${i}`, platforms: ["twitter"] } });
      expect(res.status).toBe(201);
    }
    const over = await postForm("/social", me, { intent: "create-post", content: "One more", platforms: "twitter" }, { as: "fetcher" });
    expect(over.status).toBe(429);
    expect(await over.text()).toMatch(/You can create at most \d+ social posts a minute/);
    expect((await posts(me)).some((p: any) => p.content === "One more")).toBe(false);
  });

  it("deletes the member's own post; another member's is not found (404) and stays", async () => {
    const me = await signUp("Keeper");
    const other = await signUp("Stranger");
    await postForm("/social", me, { intent: "create-post", content: "Mine", platforms: "discord" }, { as: "fetcher" });
    const [post] = await posts(me);
    const refused = await postForm("/social", other, { intent: "delete-post", id: post.id }, { as: "fetcher" });
    expect(refused.status).toBe(404);
    expect(await posts(me)).toHaveLength(1);
    const removed = await postForm("/social", me, { intent: "delete-post", id: post.id }, { as: "fetcher" });
    expect(removed.status).toBe(200);
    expect(queriesOf(removed)).toBeLessThanOrEqual(5);
    expect(await posts(me)).toEqual([]);
  });
});
