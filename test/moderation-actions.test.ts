/**
 * The queue's other actions in the Worker (moderation): dismiss, lock a thread, end a room, and undoing a removal and
 * a suspension, each with its audit entry; the one rule (can) refusing a moderator what is an administrator's.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";
import { postForm } from "./page-forms";
import { act, appoint, createPost, makeAdmin, REALM, report } from "./moderation-helpers";
import { closeAllSockets, createRoom, joinRoom } from "./room-socket";

afterEach(() => closeAllSockets());

const manage = (member: Member, fields: Record<string, string>) => postForm("/moderation/moderators", member, fields);

async function audit(column: "case_id" | "subject_id", value: string) {
  const { results } = await env.DB.prepare(`SELECT action, reason FROM moderation_actions WHERE ${column} = ? ORDER BY created_at`)
    .bind(value)
    .all<{ action: string; reason: string | null }>();
  return results;
}

describe("the queue's actions", () => {
  it("dismisses a case once; locks a thread, which then takes no reply, with the reason said", async () => {
    const [author, reporter, moderator] = await Promise.all([signUp("LkAuthor"), signUp("LkReporter"), signUp("LkMod")]);
    await appoint(moderator);
    const first = await createPost(author, `Fine ${crypto.randomUUID().slice(0, 8)}`);
    const dismissed = await json(await report(reporter, { kind: "forum_post", id: first.id, reason: "spam" }));
    expect((await act(moderator, { intent: "dismiss", caseId: dismissed.caseId, note: "Not spam" })).status).toBe(200);
    expect((await act(moderator, { intent: "dismiss", caseId: dismissed.caseId, note: "" })).status).toBe(409);
    expect((await audit("case_id", dismissed.caseId)).map((e) => e.action)).toEqual(["dismiss"]);

    const thread = await createPost(author, `Heated ${crypto.randomUUID().slice(0, 8)}`);
    const { caseId } = await json(await report(reporter, { kind: "forum_post", id: thread.id, reason: "harassment" }));
    expect((await act(moderator, { intent: "lock", caseId, reason: "Cooling down" })).status).toBe(200);
    const reply = await request(`/api/forum/posts/${thread.id}/replies`, { cookie: reporter.cookie, body: { content: "One more" } });
    expect(reply.status).toBe(409);
    expect((await json(reply)).message).toBe("This thread is locked: Cooling down");
    expect(await audit("case_id", caseId)).toEqual([{ action: "lock", reason: "Cooling down" }]);
  });

  it("ends a reported room: its sockets close after the room says so, and D1 has it completed", async () => {
    const [host, reporter, moderator] = await Promise.all([signUp("ErHost"), signUp("ErReporter"), signUp("ErMod")]);
    await appoint(moderator);
    const id = await createRoom(host, { name: "Reported room", communityId: REALM });
    const h = await joinRoom(host, id);
    const { caseId } = await json(await report(reporter, { kind: "room", id, reason: "other", note: "Offensive name" }));
    expect((await act(moderator, { intent: "end_room", caseId, reason: "Offensive room name" })).status).toBe(200);
    await h.socket.next((f) => f.type === "room_ended");
    expect(await h.socket.closed).toBe(4410);
    const room = await env.DB.prepare("SELECT status FROM game_sessions WHERE id = ?").bind(id).first<{ status: string }>();
    expect(room?.status).toBe("completed");
    expect(await audit("case_id", caseId)).toEqual([{ action: "end_room", reason: "Offensive room name" }]);
  });

  it("a removal is undone by the realm's moderators and a suspension by administrators only", async () => {
    const [author, reporter, moderator, admin] = await Promise.all([
      signUp("UnAuthor"),
      signUp("UnReporter"),
      signUp("UnMod"),
      signUp("UnAdmin"),
    ]);
    await appoint(moderator);
    await makeAdmin(admin);
    const post = await createPost(author, `Undo ${crypto.randomUUID().slice(0, 8)}`);
    const { caseId } = await json(await report(reporter, { kind: "forum_post", id: post.id, reason: "spam" }));
    expect((await act(moderator, { intent: "remove_member", caseId, period: "forever", reason: "Spam" })).status).toBe(200);
    expect(
      (
        await request("/api/forum/posts", {
          cookie: author.cookie,
          body: { title: "x", category: "general", content: "y", communityId: REALM },
        })
      ).status,
    ).toBe(403);
    const reinstate = { intent: "reinstate_member", communityId: REALM, memberId: author.id, reason: "Apologised" };
    expect((await manage(reporter, reinstate)).status).toBe(403);
    expect((await manage(moderator, reinstate)).status).toBe(200);
    await createPost(author, "Back again");

    await env.DB.prepare("INSERT INTO member_suspensions (user_id, reason, until, suspended_by) VALUES (?, 'test', NULL, ?)")
      .bind(reporter.id, admin.id)
      .run();
    const lift = { intent: "lift_suspension", memberId: reporter.id, reason: "Appeal granted" };
    expect((await manage(moderator, lift)).status).toBe(403);
    expect((await manage(admin, lift)).status).toBe(200);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM member_suspensions WHERE user_id = ?")
      .bind(reporter.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await audit("subject_id", author.id)).map((e) => e.action)).toEqual(["remove_member", "reinstate_member"]);
    expect((await audit("subject_id", reporter.id)).map((e) => e.action)).toEqual(["lift_suspension"]);
  });
});
