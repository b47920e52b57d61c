/**
 * The forum's search over its FTS5 index (migrations/0009_forum_search.sql): what it finds, that no member's text
 * breaks it, that its cost stays flat as posts grow, and that a restore brings it back
 * (scripts/forum-search-rebuild.sql).
 */
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import migrationSql from "../migrations/0009_forum_search.sql?raw";
import rebuildSql from "../scripts/forum-search-rebuild.sql?raw";
import { FORUM_PAGE_SIZE } from "../workers/contract/forum";
import { FORUM_SEARCH_MATCHES } from "../workers/domain/forum/forum";
import { json, request, signUp, type Member } from "./helpers";

const COMMUNITY = "bladeforge";
const COMMUNITIES = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"];

/** A word no other test writes, so a search finds this test's posts only. */
function uniqueWord() {
  return `fts${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

async function createPost(member: Member, fields: Record<string, unknown>) {
  const res = await request("/api/forum/posts", {
    cookie: member.cookie,
    body: { title: "A post", category: "general", content: "Some words", communityId: COMMUNITY, ...fields },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function search(q: string, extra: Record<string, string> = {}) {
  const qs = new URLSearchParams({ communityId: COMMUNITY, q, ...extra });
  const res = await request(`/api/forum/posts?${qs}`);
  expect(res.status, `q=${JSON.stringify(q)}`).toBe(200);
  return json(res);
}

const ids = (page: { posts: { id: string }[] }) => page.posts.map((p) => p.id).sort();

/** Runs a SQL file statement by statement (they are separated by blank lines), as `wrangler d1 execute` would. */
async function runSqlFile(text: string) {
  const statements = text
    .split(/;\s*\n\s*\n/)
    .map((s) => s.replace(/^(?:\s*--[^\n]*\n)*/u, "").trim())
    .filter((s) => s.length > 0)
    .map((s) => (s.endsWith(";") ? s : `${s};`));
  for (const statement of statements) await env.DB.prepare(statement).run();
}

describe("forum search: what it finds", () => {
  it("finds every word of the query in the title or the content, any order, ignoring case and accents", async () => {
    const ana = await signUp("Ana");
    const word = uniqueWord();
    const inTitle = await createPost(ana, { title: `Mono-red ${word} aggro`, content: "Burn them out" });
    const inContent = await createPost(ana, { title: "Sideboard notes", content: `Against ${word.toUpperCase()}, keep the café open` });
    await createPost(ana, { title: `${word} elsewhere`, communityId: "decksong" });

    expect(ids(await search(word))).toEqual([inTitle.id, inContent.id].sort());
    expect(ids(await search(`aggro ${word}`))).toEqual([inTitle.id]);
    expect(ids(await search(`${word} CAFE`))).toEqual([inContent.id]);
    // Words, not substrings: a fragment of a word finds nothing.
    expect((await search(word.slice(0, 8))).posts).toEqual([]);
  });

  it("follows edits and deletions (the index's triggers), and counters never disturb it", async () => {
    const ben = await signUp("Ben");
    const before = uniqueWord();
    const after = uniqueWord();
    const post = await createPost(ben, { title: `${before} title` });
    await request(`/api/forum/posts/${post.id}/like`, { method: "POST", cookie: ben.cookie });
    await request(`/api/forum/posts/${post.id}`, { cookie: ben.cookie }); // a view
    expect(ids(await search(before))).toEqual([post.id]);

    const edited = await request(`/api/forum/posts/${post.id}`, {
      method: "PATCH",
      cookie: ben.cookie,
      body: { content: `now about ${after}` },
    });
    expect(edited.status).toBe(200);
    expect(ids(await search(after))).toEqual([post.id]);
    expect(ids(await search(before))).toEqual([post.id]); // the title kept it

    await request(`/api/forum/posts/${post.id}`, {
      method: "PATCH",
      cookie: ben.cookie,
      body: { title: "Retitled", category: "deck-tech" },
    });
    expect((await search(before)).posts).toEqual([]);
    expect(ids(await search(after, { category: "deck-tech" }))).toEqual([post.id]);
    expect((await search(after, { category: "general" })).posts).toEqual([]);

    expect((await request(`/api/forum/posts/${post.id}`, { method: "DELETE", cookie: ben.cookie })).status).toBe(204);
    expect((await search(after)).posts).toEqual([]);
    const integrity = await env.DB.prepare("INSERT INTO forum_posts_fts (forum_posts_fts) VALUES ('integrity-check')").run();
    expect(integrity.success).toBe(true);
  });

  it("keeps the list's order, category filter and cursor pages", async () => {
    const members = await Promise.all([signUp("Cy"), signUp("Cy"), signUp("Cy")]);
    const word = uniqueWord();
    const made: string[] = [];
    const base = Date.now() - 1_000_000;
    for (let i = 0; i < FORUM_PAGE_SIZE + 3; i++) {
      const post = await createPost(members[i % 3], { title: `${word} ${i}`, category: i === 0 ? "deck-tech" : "general" });
      await env.DB.prepare("UPDATE forum_posts SET created_at = ? WHERE id = ?")
        .bind(base + i * 1000, post.id)
        .run();
      made.push(post.id);
    }
    await env.DB.prepare("UPDATE forum_posts SET is_pinned = 1 WHERE id = ?").bind(made[0]).run();

    const first = await search(word);
    expect(first.posts.map((p: any) => p.id)).toEqual([made[0], ...made.slice(1).reverse()].slice(0, FORUM_PAGE_SIZE));
    const second = await search(word, { cursor: first.nextCursor });
    expect(second.posts.map((p: any) => p.id)).toEqual(made.slice(1, 4).reverse());
    expect(second.nextCursor).toBeNull();
    expect(ids(await search(word, { category: "deck-tech" }))).toEqual([made[0]]);
  });
});

describe("forum search: a member's text is never FTS5 syntax", () => {
  it("answers 200 for operators, quotes, column filters and stray syntax, searching them as words", async () => {
    const dee = await signUp("Dee");
    const word = uniqueWord();
    const post = await createPost(dee, { title: `${word} OR NOT near`, content: 'He said "title:" twice' });
    const nasty = [
      `${word} OR`,
      `${word} AND NOT`,
      `NEAR(${word}`,
      `"${word}`,
      `${word}"`,
      `title:${word}`,
      `${word}*`,
      `^${word}`,
      `{title}: ${word}`,
      `${word} (`,
      `${word} + - "" '`,
      "\\",
      "NOT",
      "AND OR NEAR",
      "a".repeat(100),
      Array.from({ length: 40 }, (_, i) => `w${i}`)
        .join(" ")
        .slice(0, 100),
    ];
    for (const q of nasty) await search(q);
    expect(ids(await search(`${word} OR`))).toEqual([post.id]);
    expect(ids(await search(`title: ${word}`))).toEqual([post.id]);
    expect(ids(await search(`"${word}" near`))).toEqual([post.id]);
  });

  it("gives an empty page for a query of only punctuation or symbols, and the plain list for blanks", async () => {
    for (const q of ["!!!", "*", '"', "-- ^ :", "()", "🎲", "%_"]) {
      expect(await search(q), q).toEqual({ posts: [], nextCursor: null });
    }
    const plain = await json(await request(`/api/forum/posts?communityId=${COMMUNITY}`));
    expect(await search("   ")).toEqual(plain);
  });

  it("renders a search on the forum page without JavaScript, and its empty state", async () => {
    const eve = await signUp("Eve");
    const word = uniqueWord();
    await createPost(eve, { title: `Found ${word} here` });
    await createPost(eve, { title: "Not this one" });
    const found = await request(`/community-forum?realm=${COMMUNITY}&q=${word}`);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(`Found ${word} here`);
    expect(html).not.toContain("Not this one");
    expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${word}"`));

    // Within the per-request budget of D1 round trips (test/query-budget.test.ts): a visitor's page is the list alone.
    expect((await measured(`/community-forum?realm=${COMMUNITY}&q=${word}`)).queries).toBeLessThanOrEqual(5);

    const none = await (await request(`/community-forum?realm=${COMMUNITY}&q=${uniqueWord()}`)).text();
    expect(none).toContain("No posts match");
    const symbols = await request(`/community-forum?realm=${COMMUNITY}&q=${encodeURIComponent('"*(')}`);
    expect(symbols.status).toBe(200);
    expect(await symbols.text()).toContain("No posts match");
  });
});

/** D1's rows read and round trips for one request (the Worker reports them when asked: workers/db/query-counter.ts). */
async function measured(path: string) {
  const res = await request(path, { headers: { "x-measure-d1-rows": "1" } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const timing = res.headers.get("Server-Timing") ?? "";
  return {
    queries: Number(/d1;desc="(\d+) queries"/.exec(timing)?.[1]),
    rows: Number(/d1-rows;desc="(\d+) rows read"/.exec(timing)?.[1]),
  };
}

/** Posts shaped like bench/large-dataset.mjs's ("Bench post i", newest first, across the six realms), `from` to `to`. */
async function insertBenchPosts(run: string, from: number, to: number, now: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT CAST(?2 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?3)
     INSERT INTO forum_posts (id, community_id, title, category, content, created_at, updated_at)
     SELECT ?1 || '-' || i, json_extract(?5, '$[' || (i % 6) || ']'), 'Bench ' || ?1 || ' post ' || i, 'general',
            'Generated post body for the search measurement.', ?4 - i * 1000, ?4 - i * 1000
     FROM n`,
  )
    .bind(run, from, to, now, JSON.stringify(COMMUNITIES))
    .run();
}

describe("forum search: cost as posts grow", () => {
  const run = uniqueWord();
  afterAll(async () => {
    await env.DB.prepare("DELETE FROM forum_posts WHERE id LIKE ?").bind(`${run}-%`).run();
  });

  it("reads about as many rows at 20,000 posts as at 2,000, where the LIKE it replaced read ten times as many", async () => {
    const TENTH = 2_000;
    const FULL = 20_000;
    const now = Date.now() - 60_000;
    // The bench's search ("post 12") within this run's posts: the run's word keeps other tests' posts out of it.
    const path = `/api/forum/posts?communityId=scry-gather&q=${encodeURIComponent(`${run} post 12`)}`;
    // The search as it was before the index (workers/domain/forum/forum.ts until issue 25), for comparison.
    const likeScan = () =>
      env.DB.prepare(
        `SELECT id FROM forum_posts WHERE community_id = 'scry-gather' AND (title LIKE ?1 ESCAPE '\\' OR content LIKE ?1 ESCAPE '\\')
         ORDER BY is_pinned DESC, created_at DESC, id DESC LIMIT ${FORUM_PAGE_SIZE + 1}`,
      )
        .bind(`%${run} post 12%`)
        .all();

    await insertBenchPosts(run, 0, TENTH, now);
    const small = await measured(path);
    const smallLike = (await likeScan()).meta.rows_read;
    const smallPage = await json(await request(path));
    // A word in every post is the other end: the search reads up to its cap of matches, then keeps a page.
    const commonPath = `/api/forum/posts?communityId=scry-gather&q=${run}`;
    const smallCommon = await measured(commonPath);

    await insertBenchPosts(run, TENTH, FULL, now);
    const large = await measured(path);
    const largeLike = (await likeScan()).meta.rows_read;
    const largePage = await json(await request(path));
    const largeCommon = await measured(commonPath);
    const commonPage = await json(await request(commonPath));

    console.log(
      `forum search rows read: FTS ${small.rows} at ${TENTH} posts, ${large.rows} at ${FULL}; LIKE ${smallLike} and ${largeLike}; a word in every post ${smallCommon.rows} and ${largeCommon.rows}`,
    );
    // Post 12 is in scry-gather (12 % 6 = 0) and is the only post with both words at either size.
    expect(smallPage.posts.map((p: any) => p.id)).toEqual([`${run}-12`]);
    expect(largePage.posts.map((p: any) => p.id)).toEqual([`${run}-12`]);
    expect(small.queries).toBe(1);
    expect(large.queries).toBe(1);
    expect(large.rows - small.rows).toBeLessThanOrEqual(10);
    expect(largeLike).toBeGreaterThan(5 * smallLike);
    // A full page, newest first, out of the community's last FORUM_SEARCH_MATCHES matches written.
    const created = commonPage.posts.map((p: any) => p.createdAt);
    expect(created).toHaveLength(FORUM_PAGE_SIZE);
    expect([...created].sort().reverse()).toEqual(created);
    expect(commonPage.nextCursor).not.toBeNull();
    expect(largeCommon.rows - smallCommon.rows).toBeLessThanOrEqual(10);
    expect(largeCommon.rows).toBeLessThanOrEqual(4 * FORUM_SEARCH_MATCHES);
  });
});

describe("forum search: restoring from an SQL export", () => {
  it("the documented rebuild recreates the index that an export leaves out, and search finds posts again", async () => {
    const fay = await signUp("Fay");
    const word = uniqueWord();
    const post = await createPost(fay, { title: `${word} survives a restore` });
    expect(ids(await search(word))).toEqual([post.id]);

    // The rebuild recreates what the migration made, word for word.
    for (const statement of migrationSql.split("--> statement-breakpoint").map((s) => s.replace(/^(?:\s*--[^\n]*\n)*/u, "").trim())) {
      if (statement.startsWith("CREATE")) expect(rebuildSql).toContain(statement);
    }

    try {
      // What an import of an export leaves: the posts, no index (the triggers may or may not have come along).
      await env.DB.prepare("DROP TABLE forum_posts_fts").run();
      const broken = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'forum_posts_fts'").first<{ n: number }>();
      expect(broken?.n).toBe(0);
    } finally {
      await runSqlFile(rebuildSql);
    }
    expect(ids(await search(word))).toEqual([post.id]);
    // The triggers are back too: a post written after the restore is found.
    const later = await createPost(fay, { title: `${word} after the restore` });
    expect(ids(await search(word))).toEqual([post.id, later.id].sort());
    // And the rebuild can run again on a healthy database.
    await runSqlFile(rebuildSql);
    expect(ids(await search(word))).toEqual([post.id, later.id].sort());
  });
});
