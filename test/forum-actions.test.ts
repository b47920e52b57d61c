import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { communityCookieValue } from "../app/lib/community-cookie";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, queriesOf, toastOf } from "./page-forms";

/**
 * The forum page's action (app/routes/community-forum/forum-actions.server.ts): the
 * forms of /community-forum post here, with JavaScript (fetchers) or without
 * (HTML forms), and it calls the same domain functions as /api/forum.
 */
const COMMUNITY = "duelcraft";

async function apiPost(author: Member, title = `Thread ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await request("/api/forum/posts", {
    cookie: author.cookie,
    body: { title, category: "general", content: "Body", communityId: COMMUNITY },
  });
  expect(res.status).toBe(201);
  return json(res);
}

const postCount = async (title: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM forum_posts WHERE title = ?").bind(title).first<{ n: number }>())?.n ?? 0;

const openPost = async (member: Member, id: string) => json(await request(`/api/forum/posts/${id}`, { cookie: member.cookie }));
const repliesOf = async (member: Member, id: string) =>
  (await json(await request(`/api/forum/posts/${id}/replies`, { cookie: member.cookie }))).replies;

describe("new posts from the page", () => {
  it("a form post (no JavaScript) creates the post and redirects to the realm's list with the spec's toast, within the query budget", async () => {
    const author = await signUp("Former");
    const title = `Form post ${crypto.randomUUID().slice(0, 8)}`;
    const res = await postForm(`/community-forum?compose=1&realm=${COMMUNITY}`, author, {
      intent: "create-post",
      communityId: COMMUNITY,
      title,
      category: "deck-tech",
      // A browser sends a textarea's line breaks as CRLF.
      content: "First line\r\nSecond line",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/community-forum?realm=${COMMUNITY}`);
    expect(toastOf(res)).toEqual({ title: "Post created successfully!" });
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const list = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&category=deck-tech`));
    const created = list.posts.find((p: any) => p.title === title);
    expect(created).toMatchObject({ content: "First line\nSecond line", author: { id: author.id } });
  });

  it("a blank post comes back (400) with the reasons beside the fields and what was typed, creating nothing", async () => {
    const author = await signUp("Blank");
    const res = await postForm(`/community-forum?compose=1&realm=${COMMUNITY}`, author, {
      intent: "create-post",
      communityId: COMMUNITY,
      title: "   ",
      category: "",
      content: "Kept text",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Title is required");
    expect(html).toContain("Choose a category");
    expect(html).toContain("Kept text");
    expect(html).toContain('aria-invalid="true"');
    expect(toastOf(res)).toBeNull();
  });

  it("counts against the hourly post limit like the API: over it, a 429 that says so and nothing created", async () => {
    const author = await signUp("Prolific");
    for (let i = 0; i < RATE_LIMITS.forumPost.limit; i++) await apiPost(author);
    const title = `One too many ${crypto.randomUUID().slice(0, 8)}`;
    const res = await postForm(`/community-forum?compose=1&realm=${COMMUNITY}`, author, {
      intent: "create-post",
      communityId: COMMUNITY,
      title,
      category: "general",
      content: "Later",
    });
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(/You can create at most 10 forum posts an hour\. Please try again in \d+ minutes\./);
    expect(await postCount(title)).toBe(0);
  });

  it("with JavaScript (a fetcher) a refused post answers data with the spec's failure toast", async () => {
    const author = await signUp("Fetcher");
    const res = await postForm(
      "/community-forum",
      author,
      { intent: "create-post", communityId: "nowhere", title: "T", category: "general", content: "C" },
      { as: "fetcher" },
    );
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Failed to create post");
    expect(body).toContain("Unknown community");
  });
});

describe("replies and likes from the page", () => {
  it("a reply redirects back to the post with its toast and notifies the author, within the query budget", async () => {
    const author = await signUp("Asker");
    const replier = await signUp("Answerer");
    const post = await apiPost(author);
    const res = await postForm(`/community-forum?post=${post.id}&realm=${COMMUNITY}`, replier, {
      intent: "reply",
      postId: post.id,
      content: "Line one\r\nLine two",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/community-forum?post=${post.id}&realm=${COMMUNITY}`);
    expect(toastOf(res)).toEqual({ title: "Reply posted successfully!" });
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    expect((await repliesOf(replier, post.id)).map((r: any) => r.content)).toEqual(["Line one\nLine two"]);
    const inbox = await json(await request("/api/notifications", { cookie: author.cookie }));
    expect(inbox.notifications[0]).toMatchObject({ title: "New reply to your post", actionUrl: `/community-forum?post=${post.id}` });
  });

  it("a blank reply is refused beside the box (400), and a reply to a deleted post is a 404", async () => {
    const member = await signUp("Quiet");
    const post = await apiPost(member);
    const blank = await postForm(`/community-forum?post=${post.id}`, member, { intent: "reply", postId: post.id, content: "  " });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please enter a reply");
    await request(`/api/forum/posts/${post.id}`, { method: "DELETE", cookie: member.cookie });
    const gone = await postForm(
      `/community-forum?post=${post.id}`,
      member,
      { intent: "reply", postId: post.id, content: "Hello?" },
      { as: "fetcher" },
    );
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Failed to post reply");
  });

  it("like and unlike go back to the post, and the count follows, within the query budget", async () => {
    const author = await signUp("Liked");
    const fan = await signUp("Fan");
    const post = await apiPost(author);
    const like = await postForm(`/community-forum?post=${post.id}`, fan, { intent: "like", postId: post.id }, { as: "fetcher" });
    expect(like.status).toBe(202); // single fetch's answer for a redirect
    expect(like.headers.get("Location")).toBe(`/community-forum?post=${post.id}`);
    expect(queriesOf(like)).toBeLessThanOrEqual(5);
    expect(await openPost(fan, post.id)).toMatchObject({ isLiked: true, likeCount: 1 });
    // Without JavaScript the same form is a document post and a 302.
    const unlike = await postForm(`/community-forum?post=${post.id}`, fan, { intent: "unlike", postId: post.id });
    expect(unlike.status).toBe(302);
    expect(await openPost(fan, post.id)).toMatchObject({ isLiked: false, likeCount: 0 });
  });
});

describe("edits and deletions from the page", () => {
  it("the author edits the post and a reply (data for the dialog's fetcher); another member gets 403 and nothing changes", async () => {
    const author = await signUp("Editor");
    const other = await signUp("Intruder");
    const post = await apiPost(author, "Before");
    await postForm(`/community-forum?post=${post.id}`, author, { intent: "reply", postId: post.id, content: "Old reply" });
    const [reply] = await repliesOf(author, post.id);

    const edit = await postForm(
      `/community-forum?post=${post.id}`,
      author,
      { intent: "update-post", postId: post.id, title: "After", category: "strategy", content: "New body" },
      { as: "fetcher" },
    );
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain("Post updated successfully!");
    expect(queriesOf(edit)).toBeLessThanOrEqual(5);
    const editReply = await postForm(
      `/community-forum?post=${post.id}`,
      author,
      { intent: "update-reply", replyId: reply.id, content: "New reply" },
      { as: "fetcher" },
    );
    expect(editReply.status).toBe(200);
    expect(queriesOf(editReply)).toBeLessThanOrEqual(5);

    for (const fields of [
      { intent: "update-post", postId: post.id, title: "Hijacked" },
      { intent: "delete-post", postId: post.id },
      { intent: "update-reply", replyId: reply.id, content: "Hijacked" },
      { intent: "delete-reply", replyId: reply.id },
    ]) {
      const res = await postForm(`/community-forum?post=${post.id}`, other, fields, { as: "fetcher" });
      expect(res.status, fields.intent).toBe(403);
    }
    expect(await openPost(author, post.id)).toMatchObject({ title: "After", category: "strategy", content: "New body" });
    expect((await repliesOf(author, post.id)).map((r: any) => r.content)).toEqual(["New reply"]);
  });

  it("deleting a reply answers ok; deleting the post goes back to the list with 'Post deleted'", async () => {
    const author = await signUp("Cleaner");
    const post = await apiPost(author);
    await postForm(`/community-forum?post=${post.id}`, author, { intent: "reply", postId: post.id, content: "Soon gone" });
    const [reply] = await repliesOf(author, post.id);
    const removeReply = await postForm(
      `/community-forum?post=${post.id}`,
      author,
      { intent: "delete-reply", replyId: reply.id },
      { as: "fetcher" },
    );
    expect(removeReply.status).toBe(200);
    expect(queriesOf(removeReply)).toBeLessThanOrEqual(5);
    expect(await repliesOf(author, post.id)).toEqual([]);

    const removePost = await postForm(`/community-forum?post=${post.id}&realm=${COMMUNITY}`, author, {
      intent: "delete-post",
      postId: post.id,
    });
    expect(removePost.status).toBe(302);
    expect(removePost.headers.get("Location")).toBe(`/community-forum?realm=${COMMUNITY}`);
    expect(toastOf(removePost)).toEqual({ title: "Post deleted" });
    expect(queriesOf(removePost)).toBeLessThanOrEqual(5);
    expect((await request(`/api/forum/posts/${post.id}`, { cookie: author.cookie })).status).toBe(404);
  });
});

describe("who may post", () => {
  it("a visitor's form post goes to sign-in (coming back to the page) and creates nothing", async () => {
    const title = `Visitor ${crypto.randomUUID().slice(0, 8)}`;
    const res = await postForm(`/community-forum?realm=${COMMUNITY}`, null, {
      intent: "create-post",
      communityId: COMMUNITY,
      title,
      category: "general",
      content: "x",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/api/login?returnTo=${encodeURIComponent(`/community-forum?realm=${COMMUNITY}`)}`);
    expect(await postCount(title)).toBe(0);
  });

  it("a cross-site form post is refused (403) and creates nothing; an unknown intent is a 400", async () => {
    const member = await signUp("Target");
    const title = `Cross ${crypto.randomUUID().slice(0, 8)}`;
    const fields = { intent: "create-post", communityId: COMMUNITY, title, category: "general", content: "x" };
    const cross = await postForm("/community-forum", member, fields, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await postCount(title)).toBe(0);
    const unknown = await postForm("/community-forum", member, { intent: "pin-post", postId: "x" }, { as: "fetcher" });
    expect(unknown.status).toBe(400);
  });
});

describe("the page", () => {
  it("server-renders the realm's list (from ?realm= or the selection cookie) and, for members, the open post with its replies, within the query budget", async () => {
    const author = await signUp("Rendered");
    const title = `Rendered ${crypto.randomUUID().slice(0, 8)}`;
    const post = await apiPost(author, title);
    await postForm(`/community-forum?post=${post.id}`, author, { intent: "reply", postId: post.id, content: "A server-rendered reply" });

    const list = await request(`/community-forum?realm=${COMMUNITY}`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(title);
    const selected = await request("/community-forum", { cookie: `selectedCommunityId=${communityCookieValue(COMMUNITY)}` });
    expect(await selected.text()).toContain(title);
    expect(await (await request("/community-forum?realm=decksong")).text()).not.toContain(title);
    // The new-post page is for members: a visitor following the link sees the list.
    const visitorCompose = await (await request(`/community-forum?compose=1&realm=${COMMUNITY}`)).text();
    expect(visitorCompose).toContain(title);
    expect(visitorCompose).not.toContain("Create New Post");

    const page = await request(`/community-forum?post=${post.id}`, { cookie: author.cookie });
    expect(page.status).toBe(200);
    expect(queriesOf(page)).toBeLessThanOrEqual(5);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain("A server-rendered reply");

    // Details and replies are for members (spec 001 §6): a visitor's page asks them to sign in.
    const visitor = await (await request(`/community-forum?post=${post.id}`)).text();
    expect(visitor).not.toContain("A server-rendered reply");
    const missing = await request(`/community-forum?post=${crypto.randomUUID()}`, { cookie: author.cookie });
    expect(missing.status).toBe(200);
    expect(await missing.text()).toContain("Post not found");
  });
});
