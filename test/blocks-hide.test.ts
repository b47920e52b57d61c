import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { events, forumPosts, gameSessions } from "../workers/db/schema";
import { eventsListedTo } from "../workers/domain/events/event-visibility";
import { forumShownTo } from "../workers/domain/forum/forum-visibility";
import { roomsListedTo } from "../workers/domain/rooms/room-visibility";
import { openSeatsQuery } from "../workers/domain/rooms/find-a-seat";
import { getHomeDashboard } from "../workers/domain/dashboard";
import { json, request, signUp, type Member } from "./helpers";
import { postForm, toastOf } from "./page-forms";
import { actionResult } from "./single-fetch";

// Issue 37: what a block hides, both ways: the lobby, the calendar, the forum, profiles, through one rule per list.

const tag = () => crypto.randomUUID().slice(0, 8);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function block(blocker: Member, blocked: Member) {
  expect((await request("/api/blocks", { cookie: blocker.cookie, body: { userId: blocked.id } })).status).toBe(200);
}

async function room(host: Member, name: string) {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers: 4, communityId: "bladeforge", gameData: { name, format: "commander" } },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function lobbyNames(viewer: Member, q: string): Promise<string[]> {
  const res = await request(`/api/game-sessions?status=waiting&q=${encodeURIComponent(q)}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  return (await json<{ gameData: { name: string } }[]>(res)).map((r) => r.gameData.name).sort();
}

async function event(creator: Member, title: string) {
  const res = await request("/api/events", {
    cookie: creator.cookie,
    body: { title, type: "game_pod", date: future(9), time: "19:00", location: "Online", communityId: "decksong" },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function eventTitles(viewer: Member, word: string): Promise<string[]> {
  const res = await request(`/api/events?communityId=decksong&upcoming=true&limit=200`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  return (await json<{ title: string }[]>(res))
    .map((e) => e.title)
    .filter((t) => t.includes(word))
    .sort();
}

async function forumPost(author: Member, title: string) {
  const res = await request("/api/forum/posts", {
    cookie: author.cookie,
    body: { title, category: "general", content: `About ${title}`, communityId: "scry-gather" },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function forumTitles(viewer: Member, word: string): Promise<string[]> {
  const res = await request(`/api/forum/posts?communityId=scry-gather&q=${word}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  return (await json<{ posts: { title: string }[] }>(res)).posts.map((p) => p.title).sort();
}

describe("what a block hides, both ways", () => {
  it("the lobby: neither sees the other's rooms (REST list, Find me a seat), unless they have a place there; others see both", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    const word = tag();
    await room(ann, `${word} Ann's table`);
    const bens = await room(ben, `${word} Ben's table`);
    // Ann already sits at Ben's other table: she keeps that seat, and sees that room (hers to give up).
    const kept = await room(ben, `${word} Ben's kept table`);
    expect((await request(`/api/game-sessions/${kept.id}/join`, { method: "POST", cookie: ann.cookie })).status).toBe(200);
    await block(ann, ben);

    expect(await lobbyNames(ann, word)).toEqual([`${word} Ann's table`, `${word} Ben's kept table`]);
    expect(await lobbyNames(ben, word)).toEqual([`${word} Ben's kept table`, `${word} Ben's table`]);
    expect(await lobbyNames(cat, word)).toEqual([`${word} Ann's table`, `${word} Ben's kept table`, `${word} Ben's table`]);

    // The same rule in every list and count: the dashboards' open rooms and Find me a seat read roomsListedTo.
    const db = getDb(env.DB);
    const listed = async (viewer: Member) =>
      (
        await db
          .select({ n: count() })
          .from(gameSessions)
          .where(and(roomsListedTo(viewer.id), eq(gameSessions.id, bens.id)))
      )[0].n;
    expect([await listed(ann), await listed(cat)]).toEqual([0, 1]);
    const seats = (await openSeatsQuery(db, ann.id, { format: "commander" }).all()).map((r) => r.id);
    expect(seats).not.toContain(bens.id);

    // Unblocking lists them again.
    expect((await request(`/api/blocks/${ben.id}`, { method: "DELETE", cookie: ann.cookie })).status).toBe(204);
    expect(await lobbyNames(ann, word)).toEqual([`${word} Ann's table`, `${word} Ben's kept table`, `${word} Ben's table`]);
  });

  it("events: neither sees the other's events in the calendar's lists, the lobby's pods or the dashboards, unless attending", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    const word = tag();
    const annsEvent = await event(ann, `${word} Ann's pod`);
    const bensEvent = await event(ben, `${word} Ben's pod`);
    const joined = await event(ben, `${word} Ben's joined pod`);
    expect((await request(`/api/events/${joined.id}/join`, { cookie: ann.cookie, body: { role: "participant" } })).status).toBe(201);
    await block(ben, ann);

    expect(await eventTitles(ann, word)).toEqual([`${word} Ann's pod`, `${word} Ben's joined pod`]);
    expect(await eventTitles(ben, word)).toEqual([`${word} Ben's joined pod`, `${word} Ben's pod`]);
    expect(await eventTitles(cat, word)).toHaveLength(3);
    // The calendar page's lists come from the same statement.
    const calendar = await request(`/calendar?realm=decksong`, { cookie: ann.cookie });
    const html = await calendar.text();
    expect(html).toContain(`${word} Ann&#x27;s pod`);
    expect(html).not.toContain(`${word} Ben&#x27;s pod`);

    const db = getDb(env.DB);
    const listed = async (viewer: Member, id: string) =>
      (
        await db
          .select({ n: count() })
          .from(events)
          .where(and(eventsListedTo(viewer.id), eq(events.id, id)))
      )[0].n;
    expect(await listed(ann, bensEvent.id)).toBe(0);
    expect(await listed(ben, annsEvent.id)).toBe(0);
    expect(await listed(cat, bensEvent.id)).toBe(1);
    // A visitor's lists are everyone's.
    expect(
      (
        await db
          .select({ n: count() })
          .from(events)
          .where(and(eventsListedTo(null), eq(events.id, bensEvent.id)))
      )[0].n,
    ).toBe(1);
    // Opened by its link the event still shows; joining it is refused.
    expect((await request(`/api/events/${bensEvent.id}`, { cookie: ann.cookie })).status).toBe(200);
  });

  it("the forum: neither sees the other's posts or replies (list, search, thread, count, feed); a link answers Post not found", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    const word = `w${tag()}`;
    const annsPost = await forumPost(ann, `${word} from Ann`);
    const bensPost = await forumPost(ben, `${word} from Ben`);
    const catsPost = await forumPost(cat, `${word} from Cat`);
    for (const [who, content] of [
      [ann, "Ann answers"],
      [ben, "Ben answers"],
      [cat, "Cat answers"],
    ] as const) {
      expect((await request(`/api/forum/posts/${catsPost.id}/replies`, { cookie: who.cookie, body: { content } })).status).toBe(201);
    }
    await block(ann, ben);

    expect(await forumTitles(ann, word)).toEqual([`${word} from Ann`, `${word} from Cat`]);
    expect(await forumTitles(ben, word)).toEqual([`${word} from Ben`, `${word} from Cat`]);
    expect(await forumTitles(cat, word)).toHaveLength(3);

    // Cat's thread: each of the two sees the replies of everyone but the other, and a reply count that says so.
    const thread = async (viewer: Member) => {
      const post = await json(await request(`/api/forum/posts/${catsPost.id}`, { cookie: viewer.cookie }));
      const replies = await json(await request(`/api/forum/posts/${catsPost.id}/replies`, { cookie: viewer.cookie }));
      return { count: post.replyCount, replies: replies.replies.map((r: { content: string }) => r.content) };
    };
    expect(await thread(ann)).toEqual({ count: 2, replies: ["Ann answers", "Cat answers"] });
    expect(await thread(ben)).toEqual({ count: 2, replies: ["Ben answers", "Cat answers"] });
    expect(await thread(cat)).toEqual({ count: 3, replies: ["Ann answers", "Ben answers", "Cat answers"] });
    const listed = await json(await request(`/api/forum/posts?communityId=scry-gather&q=${word}`, { cookie: ann.cookie }));
    expect(listed.posts.find((p: { id: string }) => p.id === catsPost.id).replyCount).toBe(2);

    // By its link: not found, either way (a page's thread reads the same).
    for (const [viewer, hidden] of [
      [ann, bensPost],
      [ben, annsPost],
    ] as const) {
      const res = await request(`/api/forum/posts/${hidden.id}`, { cookie: viewer.cookie });
      expect(res.status).toBe(404);
      expect((await request(`/api/forum/posts/${hidden.id}/replies`, { cookie: viewer.cookie })).status).toBe(404);
    }
    const page = await request(`/community-forum?realm=scry-gather&post=${bensPost.id}`, { cookie: ann.cookie });
    expect(await page.text()).not.toContain(`${word} from Ben`);

    // The home feed and any other reader use forumShownTo.
    const db = getDb(env.DB);
    const shown = async (viewer: Member | null, id: string) =>
      (
        await db
          .select({ n: count() })
          .from(forumPosts)
          .where(and(forumShownTo(viewer?.id ?? null, forumPosts), eq(forumPosts.id, id)))
      )[0].n;
    expect([
      await shown(ann, bensPost.id),
      await shown(ben, annsPost.id),
      await shown(cat, bensPost.id),
      await shown(null, bensPost.id),
    ]).toEqual([0, 0, 1, 1]);
    const home = await getHomeDashboard(db, ann.id);
    expect(home.activity.map((a) => a.id)).not.toContain(bensPost.id);
  });

  it("profiles: the blocked member sees the blocker's profile as a private one; the blocker is told they blocked", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    expect((await request("/api/user/profile", { method: "PATCH", cookie: ann.cookie, body: { bio: "Ann's bio" } })).status).toBe(200);
    expect((await request("/api/user/social-links", { cookie: ann.cookie, body: { platform: "twitch", username: "ann_tv" } })).status).toBe(
      201,
    );
    const deck = await request("/api/decks", { cookie: ann.cookie, body: { name: "Ann's deck", text: "1 Sol Ring" } });
    expect(deck.status).toBe(201);
    await block(ann, ben);

    const profile = async (viewer: Member) => json(await request(`/api/users/${ann.id}/profile`, { cookie: viewer.cookie }));
    expect(await profile(cat)).toMatchObject({ bio: "Ann's bio", isPrivate: false, blockedByYou: false });
    expect(await profile(ben)).toMatchObject({ bio: null, status: "offline", isPrivate: true, blockedByYou: false });
    expect(await json(await request(`/api/users/${ann.id}/social-links`, { cookie: ben.cookie }))).toEqual([]);
    expect((await json(await request(`/api/users/${ann.id}/decks`, { cookie: ben.cookie }))).decks).toEqual([]);
    expect((await json(await request(`/api/users/${ann.id}/decks`, { cookie: cat.cookie }))).decks).toHaveLength(1);
    // Ann sees Ben's profile hidden too, and is told why.
    expect(await json(await request(`/api/users/${ben.id}/profile`, { cookie: ann.cookie }))).toMatchObject({
      isPrivate: true,
      blockedByYou: true,
    });
    // The owner's own profile carries no blockedByYou.
    expect(await json(await request("/api/user/profile", { cookie: ann.cookie }))).not.toHaveProperty("blockedByYou");
  });
});

describe("the page's block action (/settings/blocked)", () => {
  it("blocks and unblocks from a form, back to returnTo with a toast, and lists the blocked members", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const blocked = await postForm("/settings/blocked", ann, { intent: "block", userId: ben.id, returnTo: `/profile/${ben.id}` });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe(`/profile/${ben.id}`);
    expect(toastOf(blocked)?.title).toBe("Member blocked");
    const list = await json(await request("/api/blocks", { cookie: ann.cookie }));
    expect(list.blocked.map((m: { id: string }) => m.id)).toEqual([ben.id]);
    // The page (also loaded into Settings → Privacy) lists them with Unblock.
    const page = await request("/settings/blocked", { cookie: ann.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`href="/profile/${ben.id}"`);
    expect(html).toContain(`aria-label="Unblock Ben Member"`);

    // A fetcher without returnTo gets the toast back; a returnTo off the site comes back to the home page.
    const unblocked = await postForm("/settings/blocked", ann, { intent: "unblock", userId: ben.id }, { as: "fetcher" });
    expect(unblocked.status).toBe(200);
    expect(await actionResult(unblocked)).toMatchObject({ data: { ok: true, intent: "unblock", toast: { title: "Member unblocked" } } });
    expect((await json(await request("/api/blocks", { cookie: ann.cookie }))).blocked).toEqual([]);
    const offSite = await postForm("/settings/blocked", ann, { intent: "block", userId: ben.id, returnTo: "//evil.example/x" });
    expect(offSite.headers.get("Location")).toBe("/");

    // Refusals: yourself (400), nobody (404), not blocked (404), bad intent (400).
    expect((await postForm("/settings/blocked", ann, { intent: "block", userId: ann.id }, { as: "fetcher" })).status).toBe(400);
    expect((await postForm("/settings/blocked", ann, { intent: "block", userId: "nobody" }, { as: "fetcher" })).status).toBe(404);
    expect((await postForm("/settings/blocked", ben, { intent: "unblock", userId: ann.id }, { as: "fetcher" })).status).toBe(404);
    expect((await postForm("/settings/blocked", ann, { intent: "mute", userId: ben.id }, { as: "fetcher" })).status).toBe(400);
    // Signed out: sign in first; another site's page: refused.
    expect((await postForm("/settings/blocked", null, { intent: "block", userId: ben.id })).status).toBe(302);
    expect(
      (await postForm("/settings/blocked", ann, { intent: "unblock", userId: ben.id }, { origin: "https://evil.example" })).status,
    ).toBe(403);
  });

  it("the room that refuses its host's blocker offers Unblock, which lets them in", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const bens = await room(ben, `Ben's ${tag()}`);
    await block(ann, ben);
    const refused = await request(`/tablesync/room/${bens.id}`, { cookie: ann.cookie });
    const html = await refused.text();
    expect(html).toContain("You blocked this room&#x27;s host. Unblock them to join.");
    expect(html).toContain('data-testid="unblock-host"');
    // Ben, refused by Ann's block of him, learns nothing and gets no Unblock.
    const anns = await room(ann, `Ann's ${tag()}`);
    const theirs = await (await request(`/tablesync/room/${anns.id}`, { cookie: ben.cookie })).text();
    expect(theirs).toContain("You cannot join this room");
    expect(theirs).not.toContain('data-testid="unblock-host"');
    const unblocked = await postForm("/settings/blocked", ann, {
      intent: "unblock",
      userId: ben.id,
      returnTo: `/tablesync/room/${bens.id}`,
    });
    expect(unblocked.headers.get("Location")).toBe(`/tablesync/room/${bens.id}`);
    expect(await (await request(`/tablesync/room/${bens.id}`, { cookie: ann.cookie })).text()).not.toContain('data-testid="room-refusal"');
  });
});
