import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, queriesOf } from "./page-forms";

/** The bell's writes go to the /notifications resource route (app/routes/notifications/route.tsx) with fetchers. */
async function notify(member: Member, title: string): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO notifications (id, user_id, type, title, message, created_at) VALUES (?, ?, 'event', ?, 'msg', ?)")
    .bind(id, member.id, title, Date.now())
    .run();
  return id;
}

const inbox = async (member: Member) => json(await request("/api/notifications", { cookie: member.cookie }));

describe("notification bell actions", () => {
  it("mark one read, remove one, mark all read: each within the query budget", async () => {
    const me = await signUp("Bell");
    const [a, b] = [await notify(me, "First"), await notify(me, "Second")];
    await notify(me, "Third");

    const read = await postForm("/notifications", me, { intent: "read", id: a }, { as: "fetcher" });
    expect(read.status).toBe(200);
    expect(queriesOf(read)).toBeLessThanOrEqual(5);
    expect((await inbox(me)).notifications.find((n: any) => n.id === a).read).toBe(true);

    const removed = await postForm("/notifications", me, { intent: "remove", id: b }, { as: "fetcher" });
    expect(removed.status).toBe(200);
    expect(queriesOf(removed)).toBeLessThanOrEqual(5);
    expect((await inbox(me)).notifications.map((n: any) => n.id)).not.toContain(b);

    const all = await postForm("/notifications", me, { intent: "read-all" }, { as: "fetcher" });
    expect(all.status).toBe(200);
    expect(await all.text()).toContain("All notifications marked as read");
    expect(queriesOf(all)).toBeLessThanOrEqual(5);
    expect((await inbox(me)).unreadCount).toBe(0);
  });

  it("another member's notification is not found (404) and stays as it was", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const id = await notify(owner, "Mine");
    for (const intent of ["read", "remove"]) {
      const res = await postForm("/notifications", other, { intent, id }, { as: "fetcher" });
      expect(res.status, intent).toBe(404);
    }
    expect((await inbox(owner)).notifications.find((n: any) => n.id === id)).toMatchObject({ read: false });
  });

  it("visitors go to sign-in, cross-site posts are refused, and the address itself shows nothing", async () => {
    const me = await signUp("Guarded");
    const id = await notify(me, "Guarded");
    const visitor = await postForm("/notifications", null, { intent: "read-all" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/api\/login/);
    const cross = await postForm("/notifications", me, { intent: "remove", id }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await inbox(me)).notifications.map((n: any) => n.id)).toContain(id);
    expect((await request("/notifications")).status).toBe(404);
  });
});
