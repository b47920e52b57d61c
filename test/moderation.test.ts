/**
 * Moderation (issue 38) end to end in the Worker: reports and their limits, the queue's actions through the
 * page's action (the role rule refusing a member, a moderator of another realm and a suspended member), the
 * audit entry, the notices, and a hidden post gone from every list, count and search a stranger reads.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";
import { act, appoint, createPost, makeAdmin, REALM, report } from "./moderation-helpers";
import { postForm, toastOf } from "./page-forms";

const OTHER_REALM = "bladeforge";

async function notices(member: Member) {
  const { results } = await env.DB.prepare("SELECT title, message FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(member.id)
    .all<{ title: string; message: string }>();
  return results;
}

describe("reports", () => {
  it("files one report per member per item; a second is answered that it is already reported; not one's own", async () => {
    const [author, reporter] = await Promise.all([signUp("RepAuthor"), signUp("RepReporter")]);
    const post = await createPost(author, `Spammy ${crypto.randomUUID().slice(0, 8)}`);
    const first = await report(reporter, { kind: "forum_post", id: post.id, reason: "spam", note: "Buy cheap cards" });
    expect(first.status).toBe(201);
    const receipt = await json(first);
    expect(receipt.caseId).toBeTruthy();
    const again = await report(reporter, { kind: "forum_post", id: post.id, reason: "harassment" });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(/already reported/);
    expect((await report(author, { kind: "forum_post", id: post.id, reason: "spam" })).status).toBe(400);
    expect((await report(reporter, { kind: "forum_post", id: "no-such-post", reason: "spam" })).status).toBe(404);
    expect((await report(reporter, { kind: "forum_post", id: post.id, reason: "not-a-reason" })).status).toBe(400);
    const snapshot = await env.DB.prepare("SELECT snapshot FROM report_cases WHERE id = ?")
      .bind(receipt.caseId)
      .first<{ snapshot: string }>();
    expect(JSON.parse(snapshot!.snapshot).text).toContain("body text");
  });

  it("limits reports per member per hour and per item", async () => {
    const [author, reporter, another] = await Promise.all([signUp("LimAuthor"), signUp("LimReporter"), signUp("LimOther")]);
    const post = await createPost(author, `Limited ${crypto.randomUUID().slice(0, 8)}`);
    // Every attempt counts, a refused one too: after the limit the member is answered 429.
    for (let i = 0; i < RATE_LIMITS.report.limit; i++) {
      expect([201, 409]).toContain((await report(reporter, { kind: "forum_post", id: post.id, reason: "spam" })).status);
    }
    expect((await report(reporter, { kind: "forum_post", id: post.id, reason: "spam" })).status).toBe(429);
    // An item reported as often as its limit allows takes no more reports, from anyone.
    const busy = await createPost(author, `Busy ${crypto.randomUUID().slice(0, 8)}`);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`reportItem:forum_post:${busy.id}`, Date.now(), RATE_LIMITS.reportItem.limit)
      .run();
    expect((await report(another, { kind: "forum_post", id: busy.id, reason: "spam" })).status).toBe(429);
  });
});

describe("the report page (no JavaScript)", () => {
  it("a form without a reason is answered beside the group and files nothing; a sent one goes back with a toast", async () => {
    const [member, reporter] = await Promise.all([signUp("PageReported"), signUp("PageReporter")]);
    const back = `/profile/${member.id}`;
    const path = `/report?back=${encodeURIComponent(back)}`;
    const blank = await postForm(path, reporter, { kind: "profile", id: member.id, note: "Spam in every message" });
    expect(blank.status).toBe(400);
    const page = await blank.text();
    expect(page).toContain("Choose a reason");
    expect(page).toContain("Spam in every message");
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ?").bind(reporter.id).first<{ n: number }>();
    expect(none?.n).toBe(0);

    const sent = await postForm(path, reporter, { kind: "profile", id: member.id, reason: "spam" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(back);
    expect(toastOf(sent)?.title).toBe("Report sent");
    // A "back" to another site is not followed: the member lands at home.
    const other = await signUp("PageReportedToo");
    const away = await postForm(`/report?back=${encodeURIComponent("https://evil.example/")}`, reporter, {
      kind: "profile",
      id: other.id,
      reason: "spam",
    });
    expect(away.headers.get("Location")).toBe("/");
  });
});

describe("the queue's actions and the role rule", () => {
  it("a member, a moderator of another realm and a suspended moderator are refused; the realm's moderator hides the post", async () => {
    const [author, reporter, stranger, moderator, otherModerator, suspendedModerator] = await Promise.all([
      signUp("HideAuthor"),
      signUp("HideReporter"),
      signUp("HideStranger"),
      signUp("HideMod"),
      signUp("HideOtherMod"),
      signUp("HideSuspMod"),
    ]);
    await Promise.all([appoint(moderator, REALM), appoint(otherModerator, OTHER_REALM), appoint(suspendedModerator, REALM)]);
    const tag = `hidetag${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const post = await createPost(author, `Rude ${tag}`);
    const { caseId } = await json(await report(reporter, { kind: "forum_post", id: post.id, reason: "harassment", note: "Rude" }));

    const hide = { intent: "hide", caseId, reason: "Harassing other members" };
    expect((await act(stranger, hide)).status).toBe(403);
    expect((await act(otherModerator, hide)).status).toBe(403);
    await env.DB.prepare("INSERT INTO member_suspensions (user_id, reason, until, suspended_by) VALUES (?, 'test', NULL, ?)")
      .bind(suspendedModerator.id, moderator.id)
      .run();
    // A suspended member's session resolves to nobody.
    expect([401, 302, 303]).toContain((await act(suspendedModerator, hide)).status);
    // A reason is required: the member is told it.
    expect((await act(moderator, { intent: "hide", caseId, reason: "" })).status).toBe(400);
    expect((await act(moderator, hide)).status).toBe(200);
    expect((await act(moderator, hide)).status).toBe(409);

    // The author still sees it, marked hidden with the reason.
    const own = await json(await request(`/api/forum/posts/${post.id}`, { cookie: author.cookie }));
    expect(own.hiddenReason).toBe("Harassing other members");
    // Nobody else does: not the post, not the list, not the search, not the count.
    expect((await request(`/api/forum/posts/${post.id}`, { cookie: stranger.cookie })).status).toBe(404);
    const list = await json(await request(`/api/forum/posts?communityId=${REALM}&q=${tag}`, { cookie: stranger.cookie }));
    expect(list.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const visitorList = await json(await request(`/api/forum/posts?communityId=${REALM}&q=${tag}`));
    expect(visitorList.posts).toHaveLength(0);
    const authorList = await json(await request(`/api/forum/posts?communityId=${REALM}&q=${tag}`, { cookie: author.cookie }));
    expect(authorList.posts.map((p: { id: string }) => p.id)).toContain(post.id);

    // The audit entry: who, what, why.
    const audit = await env.DB.prepare("SELECT actor_id, action, reason, community_id FROM moderation_actions WHERE case_id = ?")
      .bind(caseId)
      .all<{ actor_id: string; action: string; reason: string; community_id: string }>();
    expect(audit.results).toEqual([{ actor_id: moderator.id, action: "hide", reason: "Harassing other members", community_id: REALM }]);
    // The author is told what and why; the reporter that it was handled, not what was done to someone else.
    const authorNotices = await notices(author);
    expect(authorNotices.at(-1)?.message).toContain("Harassing other members");
    const reporterNotices = await notices(reporter);
    expect(reporterNotices).toHaveLength(1);
    expect(reporterNotices[0].message).not.toContain("Harassing other members");
    expect(reporterNotices[0].message).not.toMatch(/\bhidden\b/i);
  });

  it("a reply hidden leaves the post's reply count and list for others", async () => {
    const [author, replier, reporter, moderator, stranger] = await Promise.all([
      signUp("CntAuthor"),
      signUp("CntReplier"),
      signUp("CntReporter"),
      signUp("CntMod"),
      signUp("CntStranger"),
    ]);
    await appoint(moderator, REALM);
    const post = await createPost(author, `Counted ${crypto.randomUUID().slice(0, 8)}`);
    const reply = await json(
      await request(`/api/forum/posts/${post.id}/replies`, { cookie: replier.cookie, body: { content: "Nasty words" } }),
    );
    const { caseId } = await json(await report(reporter, { kind: "forum_reply", id: reply.id, reason: "hateful" }));
    expect((await act(moderator, { intent: "hide", caseId, reason: "Hateful" })).status).toBe(200);
    const seen = await json(await request(`/api/forum/posts/${post.id}`, { cookie: stranger.cookie }));
    expect(seen.replyCount).toBe(0);
    const replies = await json(await request(`/api/forum/posts/${post.id}/replies`, { cookie: stranger.cookie }));
    expect(replies.replies).toHaveLength(0);
    const ownReplies = await json(await request(`/api/forum/posts/${post.id}/replies`, { cookie: replier.cookie }));
    expect(ownReplies.replies.map((r: { id: string; hiddenReason: string }) => [r.id, r.hiddenReason])).toEqual([[reply.id, "Hateful"]]);
  });

  it("a removed member cannot post in the realm; suspending is for administrators; a suspended member is signed out", async () => {
    const [author, reporter, moderator, admin] = await Promise.all([
      signUp("RmAuthor"),
      signUp("RmReporter"),
      signUp("RmMod"),
      signUp("RmAdmin"),
    ]);
    await Promise.all([appoint(moderator, REALM), makeAdmin(admin)]);
    const post = await createPost(author, `Remove ${crypto.randomUUID().slice(0, 8)}`);
    const { caseId } = await json(await report(reporter, { kind: "forum_post", id: post.id, reason: "spam" }));
    // A realm's moderator may not suspend site-wide.
    expect((await act(moderator, { intent: "suspend", caseId, period: "7", reason: "Spam" })).status).toBe(403);
    expect((await act(moderator, { intent: "remove_member", caseId, period: "7", reason: "Spamming the realm" })).status).toBe(200);
    const refused = await request("/api/forum/posts", {
      cookie: author.cookie,
      body: { title: "Again", category: "general", content: "More spam", communityId: REALM },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/removed you/);
    // Another realm is still open to them.
    await createPost(author, "Elsewhere", OTHER_REALM);

    // The administrator suspends on a new report; the member's session ends at once.
    const other = await createPost(author, `Suspend ${crypto.randomUUID().slice(0, 8)}`, OTHER_REALM);
    const second = await json(await report(reporter, { kind: "forum_post", id: other.id, reason: "spam" }));
    expect((await act(admin, { intent: "suspend", caseId: second.caseId, period: "forever", reason: "Spam everywhere" })).status).toBe(200);
    expect((await request("/api/auth/user", { cookie: author.cookie })).status).toBe(401);
    const entries = await env.DB.prepare("SELECT action FROM moderation_actions WHERE subject_id = ? ORDER BY created_at")
      .bind(author.id)
      .all<{ action: string }>();
    expect(entries.results.map((e) => e.action)).toEqual(["remove_member", "suspend"]);
  });

  it("the queue page lists a realm's cases to its moderators only", async () => {
    const [author, reporter, moderator, otherModerator] = await Promise.all([
      signUp("QAuthor"),
      signUp("QReporter"),
      signUp("QMod"),
      signUp("QOtherMod"),
    ]);
    await Promise.all([appoint(moderator, REALM), appoint(otherModerator, OTHER_REALM)]);
    const title = `Queued ${crypto.randomUUID().slice(0, 8)}`;
    const post = await createPost(author, title);
    await report(reporter, { kind: "forum_post", id: post.id, reason: "spam", note: "Seen in three threads" });
    const page = await request("/moderation", { cookie: moderator.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain("Seen in three threads");
    expect(await (await request("/moderation", { cookie: otherModerator.cookie })).text()).not.toContain(title);
    expect((await request("/moderation", { cookie: reporter.cookie })).status).toBe(403);
    expect((await request("/moderation/inbox", { cookie: moderator.cookie })).status).toBe(403);
    expect((await request("/moderation/audit", { cookie: moderator.cookie })).status).toBe(200);
  });
});

describe("the contact inbox and the site figures", () => {
  it("administrators answer (kept, not e-mailed: no service) and close contact messages; a moderator may not", async () => {
    const [admin, moderator] = await Promise.all([signUp("InboxAdmin"), signUp("InboxMod")]);
    await Promise.all([makeAdmin(admin), appoint(moderator, REALM)]);
    const subject = `Question ${crypto.randomUUID().slice(0, 8)}`;
    const sent = await request("/api/contact", {
      body: { name: "Visitor", email: "visitor@example.com", subject, message: "How do realms work?" },
      headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}` },
    });
    expect(sent.status).toBe(201);
    const { id } = (await env.DB.prepare("SELECT id FROM contact_messages WHERE subject = ?").bind(subject).first<{ id: string }>())!;

    expect((await request("/moderation/inbox", { cookie: moderator.cookie })).status).toBe(403);
    expect((await postForm("/moderation/inbox", moderator, { intent: "answer", messageId: id, answer: "Hi" })).status).toBe(403);
    const page = await request("/moderation/inbox", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(subject);
    expect(html).toContain("No e-mail service is configured");

    expect(
      (await postForm("/moderation/inbox", admin, { intent: "answer", messageId: id, answer: "Pick one in the header." })).status,
    ).toBe(200);
    const answered = await env.DB.prepare("SELECT status, answer FROM contact_messages WHERE id = ?").bind(id).first();
    expect(answered).toEqual({ status: "answered", answer: "Pick one in the header." });
    expect((await postForm("/moderation/inbox", admin, { intent: "close", messageId: id })).status).toBe(200);
    expect((await postForm("/moderation/inbox", admin, { intent: "close", messageId: id })).status).toBe(409);
    const audit = await env.DB.prepare("SELECT action FROM moderation_actions WHERE target_id = ? ORDER BY created_at")
      .bind(id)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["answer_contact", "close_contact"]);
  });

  it("the site figures page is for administrators, with the reports waiting", async () => {
    const [admin, moderator] = await Promise.all([signUp("FigAdmin"), signUp("FigMod")]);
    await Promise.all([makeAdmin(admin), appoint(moderator, REALM)]);
    expect((await request("/moderation/admin", { cookie: moderator.cookie })).status).toBe(403);
    const page = await request("/moderation/admin", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Open rooms");
    expect(html).toContain("Reports waiting");
  });

  it("a realm's moderators appoint and remove its moderators; another realm's may not", async () => {
    const [moderator, newcomer, outsider] = await Promise.all([signUp("ApptMod"), signUp("ApptNew"), signUp("ApptOut")]);
    await Promise.all([appoint(moderator, REALM), appoint(outsider, OTHER_REALM)]);
    const add = { intent: "appoint", communityId: REALM, member: `http://localhost/profile/${newcomer.id}` };
    expect((await postForm("/moderation/moderators", outsider, add)).status).toBe(403);
    expect((await postForm("/moderation/moderators", moderator, add)).status).toBe(200);
    expect((await postForm("/moderation/moderators", moderator, add)).status).toBe(409);
    const drop = { intent: "unappoint", communityId: REALM, memberId: newcomer.id };
    expect((await postForm("/moderation/moderators", outsider, drop)).status).toBe(403);
    expect((await postForm("/moderation/moderators", moderator, drop)).status).toBe(200);
    const entries = await env.DB.prepare("SELECT action FROM moderation_actions WHERE subject_id = ? ORDER BY created_at")
      .bind(newcomer.id)
      .all<{ action: string }>();
    expect(entries.results.map((e) => e.action)).toEqual(["appoint_moderator", "remove_moderator"]);
  });
});
