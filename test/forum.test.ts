/**
 * Over 300 lines: posts, replies and likes share their fixtures.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FORUM_PAGE_SIZE } from "../workers/contract/forum";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request, signUp, type Member } from "./helpers";

const COMMUNITY = "duelcraft";

async function createPost(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await request("/api/forum/posts", {
    cookie: member.cookie,
    body: { title: "Best opening hand", category: "strategy", content: "Line one\nLine two", communityId: COMMUNITY, ...overrides },
  });
  expect(res.status).toBe(201);
  return json(res);
}

/** Posts of a fresh, unique search term, so other tests' posts never interfere. */
function uniqueTag() {
  return `tag${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

async function setCreatedAt(postId: string, ms: number) {
  await env.DB.prepare("UPDATE forum_posts SET created_at = ? WHERE id = ?").bind(ms, postId).run();
}

describe("forum posts: create and validate", () => {
  it("creates a post (201) with exactly the spec's fields", async () => {
    const alice = await signUp("Alice");
    const post = await createPost(alice, { title: "  Trimmed title  " });
    expect(Object.keys(post).sort()).toEqual(
      [
        "author",
        "category",
        "communityId",
        "content",
        "createdAt",
        "hiddenReason",
        "id",
        "isLiked",
        "isPinned",
        "likeCount",
        "lockedReason",
        "replyCount",
        "title",
        "viewCount",
      ].sort(),
    );
    expect(post).toMatchObject({
      title: "Trimmed title",
      category: "strategy",
      communityId: COMMUNITY,
      isPinned: false,
      isLiked: false,
      likeCount: 0,
      replyCount: 0,
      viewCount: 0,
      author: { id: alice.id, firstName: "Alice", profileImageUrl: null, username: null },
    });
    expect(post.author).not.toHaveProperty("email");
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
  });

  it("rejects signed-out writes with 401", async () => {
    const res = await request("/api/forum/posts", { body: { title: "t", category: "general", content: "c", communityId: COMMUNITY } });
    expect(res.status).toBe(401);
    for (const [method, path] of [
      ["POST", "/api/forum/posts/x/replies"],
      ["POST", "/api/forum/posts/x/like"],
      ["DELETE", "/api/forum/posts/x/like"],
      ["PATCH", "/api/forum/posts/x"],
      ["DELETE", "/api/forum/posts/x"],
      ["PATCH", "/api/forum/replies/x"],
      ["DELETE", "/api/forum/replies/x"],
    ] as const) {
      const r = await request(path, { method, body: method === "DELETE" ? undefined : { content: "x" } });
      expect(r.status, `${method} ${path}`).toBe(401);
    }
    expect((await request("/api/forum/posts/x")).status).toBe(401);
    expect((await request("/api/forum/posts/x/replies")).status).toBe(401);
  });

  it("validates every field of a new post with 400 and zod issues", async () => {
    const bob = await signUp("Bob");
    const valid = { title: "Title", category: "general", content: "Body", communityId: COMMUNITY };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: "   " }, "title"],
      [{ ...valid, title: "x".repeat(151) }, "title"],
      [{ ...valid, category: "memes" }, "category"],
      [{ ...valid, content: "" }, "content"],
      [{ ...valid, content: "x".repeat(10_001) }, "content"],
      [{ ...valid, communityId: "" }, "communityId"],
      [{ title: "t", category: "general", content: "c" }, "communityId"],
    ];
    for (const [body, field] of cases) {
      const res = await request("/api/forum/posts", { cookie: bob.cookie, body });
      expect(res.status, field).toBe(400);
      const err = await json(res);
      expect(err.issues.map((i: any) => i.path[0])).toContain(field);
    }
    const unknown = await request("/api/forum/posts", { cookie: bob.cookie, body: { ...valid, communityId: "nowhere" } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toBe("Unknown community");
    // The limits themselves are accepted.
    await createPost(bob, { title: "x".repeat(150), content: "y".repeat(10_000) });
  });
});

describe("forum list", () => {
  it("is open to visitors, needs a communityId and validates category and cursor", async () => {
    expect((await request("/api/forum/posts")).status).toBe(400);
    expect((await request(`/api/forum/posts?communityId=${COMMUNITY}&category=memes`)).status).toBe(400);
    expect((await request(`/api/forum/posts?communityId=${COMMUNITY}&cursor=garbage!`)).status).toBe(400);
    const res = await request(`/api/forum/posts?communityId=${COMMUNITY}`);
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(Array.isArray(page.posts)).toBe(true);
    for (const p of page.posts) expect(p.isLiked).toBe(false);
  });

  it("puts pinned posts first, then newest, and pages 20 at a time with a cursor", async () => {
    // Several authors: one member may create only RATE_LIMITS.forumPost.limit posts an hour.
    const total = FORUM_PAGE_SIZE + 5;
    const authors = await Promise.all(
      Array.from({ length: Math.ceil(total / RATE_LIMITS.forumPost.limit) }, (_, i) => signUp(`Carol${i}`)),
    );
    const tag = uniqueTag();
    const base = Date.now() - 1_000_000;
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const post = await createPost(authors[i % authors.length], { title: `${tag} post ${i}` });
      await setCreatedAt(post.id, base + i * 1000);
      ids.push(post.id);
    }
    // Two posts share a timestamp: the id breaks the tie, so none is skipped or repeated.
    await setCreatedAt(ids[3], base + 4 * 1000);
    const pinnedOld = ids[0];
    await env.DB.prepare("UPDATE forum_posts SET is_pinned = 1 WHERE id = ?").bind(pinnedOld).run();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const qs: string = new URLSearchParams({ communityId: COMMUNITY, q: tag, ...(cursor ? { cursor } : {}) }).toString();
      const page: any = await json(await request(`/api/forum/posts?${qs}`));
      expect(page.posts.length).toBeLessThanOrEqual(FORUM_PAGE_SIZE);
      seen.push(...page.posts.map((p: any) => p.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.length).toBe(ids.length);
    expect(new Set(seen).size).toBe(ids.length);
    expect(seen[0]).toBe(pinnedOld);
    // After the pinned post: newest first.
    const rest = ids.slice(1).reverse();
    expect(seen.slice(1).filter((id) => id !== ids[3] && id !== ids[4])).toEqual(rest.filter((id) => id !== ids[3] && id !== ids[4]));
  });

  it("filters by category and searches title and content within the community only", async () => {
    const dave = await signUp("Dave");
    const tag = uniqueTag();
    const inTitle = await createPost(dave, { title: `About ${tag}`, category: "deck-tech" });
    const inContent = await createPost(dave, { content: `Body mentions ${tag.toUpperCase()}`, category: "general" });
    await createPost(dave, { title: `${tag} elsewhere`, communityId: "decksong" });
    await createPost(dave, { title: "unrelated", category: "deck-tech" });

    const all = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${tag}`));
    expect(all.posts.map((p: any) => p.id).sort()).toEqual([inTitle.id, inContent.id].sort());
    const deck = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${tag}&category=deck-tech`));
    expect(deck.posts.map((p: any) => p.id)).toEqual([inTitle.id]);
  });

  it("takes % and _ in a search literally", async () => {
    const erin = await signUp("Erin");
    const tag = uniqueTag();
    const literal = await createPost(erin, { title: `${tag} 100%_sure` });
    await createPost(erin, { title: `${tag} 100xxsure` });
    const res = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${encodeURIComponent("100%_sure")}`));
    expect(res.posts.map((p: any) => p.id)).toEqual([literal.id]);
  });

  it("shows isLiked for the signed-in member and null authors after account deletion", async () => {
    const fay = await signUp("Fay");
    const gus = await signUp("Gus");
    const tag = uniqueTag();
    const post = await createPost(fay, { title: tag });
    await request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: gus.cookie });
    const asGus = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${tag}`, { cookie: gus.cookie }));
    expect(asGus.posts[0]).toMatchObject({ id: post.id, isLiked: true, likeCount: 1 });
    const asVisitor = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${tag}`));
    expect(asVisitor.posts[0].isLiked).toBe(false);

    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(fay.id).run();
    const after = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}&q=${tag}`));
    expect(after.posts[0].author).toBeNull();
  });
});

describe("forum post detail", () => {
  it("counts a view once per member, however often or concurrently they open it", async () => {
    const host = await signUp("Hana");
    const ian = await signUp("Ian");
    const jo = await signUp("Jo");
    const post = await createPost(host);
    await Promise.all(Array.from({ length: 5 }, () => request(`/api/forum/posts/${post.id}`, { cookie: ian.cookie })));
    const again = await json(await request(`/api/forum/posts/${post.id}`, { cookie: ian.cookie }));
    expect(again.viewCount).toBe(1);
    const byJo = await json(await request(`/api/forum/posts/${post.id}`, { cookie: jo.cookie }));
    expect(byJo).toEqual({ ...post, viewCount: 2 });
    expect(byJo.isLiked).toBe(false);
    expect((await request(`/api/forum/posts/${crypto.randomUUID()}`, { cookie: jo.cookie })).status).toBe(404);
  });
});

describe("forum likes", () => {
  it("is idempotent both ways and the count equals the like rows", async () => {
    const kim = await signUp("Kim");
    const post = await createPost(kim);
    const like = () => request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: kim.cookie });
    const unlike = () => request(`/api/forum/posts/${post.id}/like`, { method: "DELETE", cookie: kim.cookie });
    expect(await json(await like())).toEqual({ isLiked: true, likeCount: 1 });
    expect(await json(await like())).toEqual({ isLiked: true, likeCount: 1 });
    expect((await json(await request(`/api/forum/posts/${post.id}`, { cookie: kim.cookie }))).isLiked).toBe(true);
    expect(await json(await unlike())).toEqual({ isLiked: false, likeCount: 0 });
    expect(await json(await unlike())).toEqual({ isLiked: false, likeCount: 0 });
    expect((await request(`/api/forum/posts/${crypto.randomUUID()}/like`, { method: "POST", cookie: kim.cookie })).status).toBe(404);
  });

  it("counts 10 simultaneous likes from different members as 10", async () => {
    const author = await signUp("Lee");
    const post = await createPost(author);
    const fans = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(`Fan${i}`)));
    const results = await Promise.all(fans.map((f) => request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: f.cookie })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // And a second simultaneous round changes nothing.
    await Promise.all(fans.map((f) => request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: f.cookie })));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM forum_likes WHERE post_id = ?").bind(post.id).first<{ n: number }>();
    const fresh = await json(await request(`/api/forum/posts/${post.id}`, { cookie: author.cookie }));
    expect(rows?.n).toBe(10);
    expect(fresh.likeCount).toBe(10);
  });
});

describe("forum replies", () => {
  it("validates, trims, lists oldest first with a cursor and keeps replyCount", async () => {
    const mia = await signUp("Mia");
    const ned = await signUp("Ned");
    const post = await createPost(mia);
    for (const content of ["", "   ", "x".repeat(5001)]) {
      const res = await request(`/api/forum/posts/${post.id}/replies`, { cookie: ned.cookie, body: { content } });
      expect(res.status).toBe(400);
    }
    expect((await request(`/api/forum/posts/${crypto.randomUUID()}/replies`, { cookie: ned.cookie, body: { content: "hi" } })).status).toBe(
      404,
    );

    const first = await request(`/api/forum/posts/${post.id}/replies`, { cookie: ned.cookie, body: { content: "  first  " } });
    expect(first.status).toBe(201);
    const reply = await json(first);
    expect(reply).toMatchObject({ content: "first", likeCount: 0, postId: post.id, author: { id: ned.id, firstName: "Ned" } });
    const ids = [reply.id];
    for (let i = 0; i < FORUM_PAGE_SIZE; i++) {
      const r = await json(await request(`/api/forum/posts/${post.id}/replies`, { cookie: mia.cookie, body: { content: `r${i}` } }));
      ids.push(r.id);
    }
    const page1 = await json(await request(`/api/forum/posts/${post.id}/replies`, { cookie: ned.cookie }));
    expect(page1.replies.length).toBe(FORUM_PAGE_SIZE);
    expect(page1.replies[0].content).toBe("first");
    const page2 = await json(await request(`/api/forum/posts/${post.id}/replies?cursor=${page1.nextCursor}`, { cookie: ned.cookie }));
    expect(page2.nextCursor).toBeNull();
    expect([...page1.replies, ...page2.replies].map((r: any) => r.id)).toEqual(ids);
    const detail = await json(await request(`/api/forum/posts/${post.id}`, { cookie: ned.cookie }));
    expect(detail.replyCount).toBe(FORUM_PAGE_SIZE + 1);
  });

  it("notifies the post's author, but not when they reply to themselves", async () => {
    const ola = await signUp("Ola");
    const pat = await signUp("Pat");
    const post = await createPost(ola, { title: "Notify me" });
    await request(`/api/forum/posts/${post.id}/replies`, { cookie: pat.cookie, body: { content: "hello" } });
    await request(`/api/forum/posts/${post.id}/replies`, { cookie: ola.cookie, body: { content: "self" } });
    const rows = await env.DB.prepare("SELECT type, message, action_url FROM notifications WHERE user_id = ?").bind(ola.id).all<any>();
    expect(rows.results).toEqual([
      { type: "forum", message: 'Pat replied to "Notify me"', action_url: `/community-forum?post=${post.id}` },
    ]);
  });
});

describe("author-only edit and delete", () => {
  it("lets authors edit and delete their own posts; 403 for others, 404 when missing", async () => {
    const quin = await signUp("Quin");
    const rae = await signUp("Rae");
    const post = await createPost(quin);
    const edit = { title: "Edited", category: "deck-tech" };
    expect((await request(`/api/forum/posts/${post.id}`, { method: "PATCH", cookie: rae.cookie, body: edit })).status).toBe(403);
    expect((await request(`/api/forum/posts/${post.id}`, { method: "PATCH", cookie: quin.cookie, body: {} })).status).toBe(400);
    expect((await request(`/api/forum/posts/${post.id}`, { method: "PATCH", cookie: quin.cookie, body: { title: "" } })).status).toBe(400);
    const edited = await request(`/api/forum/posts/${post.id}`, { method: "PATCH", cookie: quin.cookie, body: edit });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ title: "Edited", category: "deck-tech", content: post.content });
    expect((await request(`/api/forum/posts/${crypto.randomUUID()}`, { method: "PATCH", cookie: quin.cookie, body: edit })).status).toBe(
      404,
    );

    await request(`/api/forum/posts/${post.id}/replies`, { cookie: rae.cookie, body: { content: "reply" } });
    expect((await request(`/api/forum/posts/${post.id}`, { method: "DELETE", cookie: rae.cookie })).status).toBe(403);
    expect((await request(`/api/forum/posts/${post.id}`, { method: "DELETE", cookie: quin.cookie })).status).toBe(204);
    expect((await request(`/api/forum/posts/${post.id}`, { cookie: quin.cookie })).status).toBe(404);
    expect((await request(`/api/forum/posts/${post.id}`, { method: "DELETE", cookie: quin.cookie })).status).toBe(404);
    const orphans = await env.DB.prepare("SELECT count(*) AS n FROM forum_replies WHERE post_id = ?").bind(post.id).first<{ n: number }>();
    expect(orphans?.n).toBe(0);
  });

  it("lets authors edit and delete their own replies and keeps replyCount", async () => {
    const sam = await signUp("Sam");
    const tia = await signUp("Tia");
    const post = await createPost(sam);
    const reply = await json(await request(`/api/forum/posts/${post.id}/replies`, { cookie: tia.cookie, body: { content: "mine" } }));
    expect((await request(`/api/forum/replies/${reply.id}`, { method: "PATCH", cookie: sam.cookie, body: { content: "x" } })).status).toBe(
      403,
    );
    expect((await request(`/api/forum/replies/${reply.id}`, { method: "PATCH", cookie: tia.cookie, body: { content: "  " } })).status).toBe(
      400,
    );
    const edited = await json(
      await request(`/api/forum/replies/${reply.id}`, { method: "PATCH", cookie: tia.cookie, body: { content: "changed" } }),
    );
    expect(edited).toMatchObject({ id: reply.id, content: "changed", author: { id: tia.id } });
    expect((await request(`/api/forum/replies/${reply.id}`, { method: "DELETE", cookie: sam.cookie })).status).toBe(403);
    expect((await request(`/api/forum/replies/${reply.id}`, { method: "DELETE", cookie: tia.cookie })).status).toBe(204);
    expect((await request(`/api/forum/replies/${reply.id}`, { method: "DELETE", cookie: tia.cookie })).status).toBe(404);
    const detail = await json(await request(`/api/forum/posts/${post.id}`, { cookie: sam.cookie }));
    expect(detail.replyCount).toBe(0);
  });
});
