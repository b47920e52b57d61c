/**
 * Over 300 lines: every limited write of the API in one table-driven suite (the audit the README quotes).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { documentedOperation } from "./declared-routes";
import { getDb } from "../workers/db/client";
import { consumeRateLimit } from "../workers/domain/rate-limit";
import { limitText, RATE_LIMITS, type RateLimitName } from "../workers/domain/rate-limit-rules";
import { avatarVersion } from "../workers/contract/avatar-file";
import { eventBody } from "./events-helpers";
import { PNG_8 } from "./image-fixtures";
import { json, request, signUp, type Member } from "./helpers";

/**
 * Every limited write, driven to its limit with the production numbers of
 * workers/domain/rate-limit-rules.ts: the first N calls of a window go through
 * (within the 5-query budget), the next is a 429 with a message and
 * Retry-After, and it creates nothing.
 */

const COMMUNITY = "duelcraft";
const post = (path: string, m: Member, body?: unknown) => request(path, { method: "POST", cookie: m.cookie, body });

function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

async function count(query: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

type Scenario = {
  /** The limit under test. */
  name: RateLimitName;
  /** The i-th allowed call (0 ≤ i < limit). It may be refused for its own reason (409...), but never 429. */
  call: (i: number) => Promise<Response>;
  /** The call that goes over the limit: it would create something if it were allowed. */
  over: () => Promise<Response>;
  /** The rows (and notifications) `over` would create; absent for a limited read. */
  created?: () => Promise<number>;
  /** Who is counted (the key's subject). */
  subject: string;
};

async function driveToLimit({ name, call, over, created, subject }: Scenario) {
  const { limit, windowMs } = RATE_LIMITS[name];
  for (let i = 0; i < limit; i++) {
    const res = await call(i);
    expect(res.status, `${name} call ${i + 1}: ${res.status}`).not.toBe(429);
    expect(res.status).toBeLessThan(500);
    // Every limited write stays within the D1 budget, limit check included.
    if (i === 0) expect(queriesOf(res), `${name} D1 round trips`).toBeLessThanOrEqual(5);
    await res.body?.cancel();
  }
  const before = (await created?.()) ?? 0;
  const res = await over();
  expect(res.status, name).toBe(429);
  const { message } = await json(res);
  expect(message).toMatch(
    new RegExp(`^You can .+ at most ${limit} .+ (a minute|an hour)\\. Please try again in (\\d+ seconds?|\\d+ minutes|a minute)\\.$`),
  );
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  if (!created) return;
  expect(await created(), `${name}: the refused call created nothing`).toBe(before);
  // Proof that only the limit stood in the way: with the counter cleared, the same call goes through.
  await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`${name}:${subject}`).run();
  const retried = await over();
  expect(retried.status, `${name} after clearing the counter: ${await retried.clone().text()}`).toBeLessThan(300);
  expect(await created()).toBeGreaterThan(before);
}

async function newPost(author: Member, title = "A post") {
  const res = await post("/api/forum/posts", author, { title, category: "general", content: "Body", communityId: COMMUNITY });
  expect(res.status).toBe(201);
  return json(res);
}

async function newRoom(host: Member) {
  const res = await post("/api/game-sessions", host, {
    maxPlayers: 4,
    communityId: COMMUNITY,
    gameData: { name: "Limit room", format: "commander" },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function newEvent(host: Member) {
  const res = await post("/api/events", host, eventBody());
  expect(res.status).toBe(201);
  return json(res);
}

const tournamentBody = () => ({
  name: `Cup ${crypto.randomUUID().slice(0, 8)}`,
  gameFormat: "modern",
  maxParticipants: 8,
  startDate: new Date(Date.now() + 30 * 60_000).toISOString(), // startable: within the hour before its date
  communityId: "mtg",
});

async function newTournament(organizer: Member) {
  const res = await post("/api/tournaments", organizer, tournamentBody());
  expect(res.status).toBe(201);
  return json(res);
}

/** A running four-player Swiss tournament with round 1 paired. */
async function runningTournament() {
  const organizer = await signUp("Organizer");
  const players = await Promise.all([1, 2, 3, 4].map((i) => signUp(`Player${i}`)));
  const cup = await newTournament(organizer);
  for (const p of players) expect((await post(`/api/tournaments/${cup.id}/join`, p)).status).toBe(200);
  const started = await post(`/api/tournaments/${cup.id}/start`, organizer);
  expect(started.status).toBe(200);
  const matches: { id: string; player1Id: string }[] = (await json(started)).rounds[0].matches;
  const match = matches[0];
  const player1 = players.find((p) => p.id === match.player1Id)!;
  return { organizer, cup, matches, match, player1, players };
}

describe("consumeRateLimit: one window per key, opened at its first hit", () => {
  it("counts up to the limit, refuses beyond it, and starts over once the window has passed", async () => {
    const db = getDb(env.DB);
    const key = `test:${crypto.randomUUID()}`;
    const t0 = 1_000_000;
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await consumeRateLimit(db, key, 3, 60_000, t0 + i * 10_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]).toEqual({ allowed: false, count: 4, retryAfterMs: 30_000 });
    // Still inside the window opened at t0.
    expect((await consumeRateLimit(db, key, 3, 60_000, t0 + 59_999)).allowed).toBe(false);
    // The window ends 60 s after the first hit, wherever that falls on the clock.
    expect(await consumeRateLimit(db, key, 3, 60_000, t0 + 60_000)).toEqual({ allowed: true, count: 1, retryAfterMs: 60_000 });
  });

  it("lets exactly `limit` concurrent hits through", async () => {
    const db = getDb(env.DB);
    const key = `test:${crypto.randomUUID()}`;
    const hits = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(db, key, 5, 60_000)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
  });
});

describe("forum limits", () => {
  it(`posts: ${RATE_LIMITS.forumPost.limit} an hour per member`, async () => {
    const author = await signUp("Poster");
    await driveToLimit({
      name: "forumPost",
      subject: author.id,
      call: (i) => post("/api/forum/posts", author, { title: `Post ${i}`, category: "general", content: "Body", communityId: COMMUNITY }),
      over: () => post("/api/forum/posts", author, { title: "One too many", category: "general", content: "Body", communityId: COMMUNITY }),
      created: () => count("SELECT count(*) AS n FROM forum_posts WHERE author_id = ?", author.id),
    });
    // Another member is not affected.
    await newPost(await signUp("Neighbour"));
  });

  it(`replies: ${RATE_LIMITS.forumReply.limit} an hour per member, and no notification beyond`, async () => {
    const author = await signUp("Thread");
    const replier = await signUp("Chatterbox");
    const thread = await newPost(author);
    await driveToLimit({
      name: "forumReply",
      subject: replier.id,
      call: (i) => post(`/api/forum/posts/${thread.id}/replies`, replier, { content: `Reply ${i}` }),
      over: () => post(`/api/forum/posts/${thread.id}/replies`, replier, { content: "One too many" }),
      created: async () =>
        (await count("SELECT count(*) AS n FROM forum_replies WHERE author_id = ?", replier.id)) +
        (await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", author.id)),
    });
  });

  it(`likes: ${RATE_LIMITS.forumLike.limit} an hour per member`, async () => {
    const author = await signUp("Liked");
    const fan = await signUp("Fan");
    const [first, second] = [await newPost(author, "First"), await newPost(author, "Second")];
    await driveToLimit({
      name: "forumLike",
      subject: fan.id,
      call: () => post(`/api/forum/posts/${first.id}/like`, fan),
      over: () => post(`/api/forum/posts/${second.id}/like`, fan),
      created: () => count("SELECT count(*) AS n FROM forum_likes WHERE user_id = ?", fan.id),
    });
  });
});

describe("TableSync limits", () => {
  it(`room creation: ${RATE_LIMITS.gameSessionCreate.limit} an hour per member`, async () => {
    const host = await signUp("Host");
    const body = { maxPlayers: 4, communityId: COMMUNITY, gameData: { name: "Room", format: "commander" } };
    await driveToLimit({
      name: "gameSessionCreate",
      subject: host.id,
      call: () => post("/api/game-sessions", host, body),
      over: () => post("/api/game-sessions", host, body),
      created: () => count("SELECT count(*) AS n FROM game_sessions WHERE host_id = ?", host.id),
    });
  });

  it(`joining and watching: ${RATE_LIMITS.gameSessionJoin.limit} an hour per member, together`, async () => {
    const [hostA, hostB, guest] = await Promise.all([signUp("HostA"), signUp("HostB"), signUp("Hopper")]);
    const [roomA, roomB] = [await newRoom(hostA), await newRoom(hostB)];
    await driveToLimit({
      name: "gameSessionJoin",
      subject: guest.id,
      call: (i) => post(`/api/game-sessions/${roomA.id}/${i % 2 === 0 ? "join" : "spectate"}`, guest),
      over: () => post(`/api/game-sessions/${roomB.id}/spectate`, guest),
      created: () => count("SELECT count(*) AS n FROM game_session_members WHERE user_id = ?", guest.id),
    });
  });
});

describe("event limits", () => {
  it(`creating: ${RATE_LIMITS.eventCreate.limit} an hour per member`, async () => {
    const host = await signUp("Planner");
    await driveToLimit({
      name: "eventCreate",
      subject: host.id,
      call: () => post("/api/events", host, eventBody()),
      over: () => post("/api/events", host, eventBody()),
      created: () => count("SELECT count(*) AS n FROM events WHERE creator_id = ?", host.id),
    });
  });

  it(`joining: ${RATE_LIMITS.eventJoin.limit} an hour per member`, async () => {
    const [hostA, hostB, guest] = await Promise.all([signUp("PodA"), signUp("PodB"), signUp("Joiner")]);
    const [a, b] = [await newEvent(hostA), await newEvent(hostB)];
    await driveToLimit({
      name: "eventJoin",
      subject: guest.id,
      call: () => post(`/api/events/${a.id}/join`, guest, { status: "attending" }),
      over: () => post(`/api/events/${b.id}/join`, guest, { status: "attending" }),
      created: () => count("SELECT count(*) AS n FROM event_attendees WHERE user_id = ?", guest.id),
    });
  });
});

describe("tournament limits", () => {
  it(`creating: ${RATE_LIMITS.tournamentCreate.limit} an hour per member`, async () => {
    const organizer = await signUp("Busy");
    await driveToLimit({
      name: "tournamentCreate",
      subject: organizer.id,
      call: () => post("/api/tournaments", organizer, tournamentBody()),
      over: () => post("/api/tournaments", organizer, tournamentBody()),
      created: () => count("SELECT count(*) AS n FROM tournaments WHERE organizer_id = ?", organizer.id),
    });
  });

  it(`joining: ${RATE_LIMITS.tournamentJoin.limit} an hour per member`, async () => {
    const [orgA, orgB, player] = await Promise.all([signUp("OrgA"), signUp("OrgB"), signUp("Entrant")]);
    const [a, b] = [await newTournament(orgA), await newTournament(orgB)];
    await driveToLimit({
      name: "tournamentJoin",
      subject: player.id,
      call: () => post(`/api/tournaments/${a.id}/join`, player),
      over: () => post(`/api/tournaments/${b.id}/join`, player),
      created: () => count("SELECT count(*) AS n FROM tournament_participants WHERE user_id = ?", player.id),
    });
  });

  it(`pairing rounds: ${RATE_LIMITS.tournamentRound.limit} an hour per organizer, and no notification beyond`, async () => {
    const { organizer, cup, matches, players } = await runningTournament();
    for (const m of matches) {
      expect((await post(`/api/tournaments/${cup.id}/matches/${m.id}/result`, organizer, { player1Wins: 2, player2Wins: 1 })).status).toBe(
        200,
      );
    }
    // Refused calls count too: here the other tournament has not started (409).
    const idle = await newTournament(organizer);
    await driveToLimit({
      name: "tournamentRound",
      subject: organizer.id,
      call: () => post(`/api/tournaments/${idle.id}/rounds`, organizer),
      over: () => post(`/api/tournaments/${cup.id}/rounds`, organizer),
      created: async () =>
        (await count("SELECT count(*) AS n FROM tournament_rounds WHERE tournament_id = ?", cup.id)) +
        (await count(
          `SELECT count(*) AS n FROM notifications WHERE user_id IN (${players.map(() => "?").join(",")})`,
          ...players.map((p) => p.id),
        )),
    });
  });

  it(`reporting results: ${RATE_LIMITS.matchResult.limit} an hour per member`, async () => {
    const { cup, match, player1 } = await runningTournament();
    const path = `/api/tournaments/${cup.id}/matches/${match.id}/result`;
    await driveToLimit({
      name: "matchResult",
      subject: player1.id,
      call: () => post(path, player1, { player1Wins: 2, player2Wins: 0 }),
      over: () => post(path, player1, { player1Wins: 0, player2Wins: 2 }),
      created: () =>
        count("SELECT count(*) AS n FROM tournament_matches WHERE id = ? AND player1_report LIKE '%\"player1Wins\":0%'", match.id),
    });
  });
});

describe("connection limits", () => {
  it(`friend invites: ${RATE_LIMITS.friendRequest.limit} an hour per member`, async () => {
    const [me, first, last] = await Promise.all([signUp("Inviter"), signUp("Invited"), signUp("Later")]);
    await driveToLimit({
      name: "friendRequest",
      subject: me.id,
      call: () => post("/api/friend-requests", me, { addresseeId: first.id }),
      over: () => post("/api/friend-requests", me, { addresseeId: last.id }),
      created: async () =>
        (await count("SELECT count(*) AS n FROM friendships WHERE requester_id = ?", me.id)) +
        (await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", last.id)),
    });
  });

  it(`blocks: ${RATE_LIMITS.block.limit} an hour per member`, async () => {
    const [me, first, last] = await Promise.all([signUp("Blocker"), signUp("Blocked"), signUp("NotYet")]);
    await driveToLimit({
      name: "block",
      subject: me.id,
      call: () => post("/api/blocks", me, { userId: first.id }),
      over: () => post("/api/blocks", me, { userId: last.id }),
      created: () => count("SELECT count(*) AS n FROM user_blocks WHERE blocker_id = ?", me.id),
    });
  });

  it(`matchmaking searches: ${RATE_LIMITS.matchmakingSearch.limit} a minute per member`, async () => {
    const me = await signUp("Seeker");
    const body = {
      selectedGames: ["Lorcana"],
      selectedFormats: [],
      powerLevelMin: 1,
      powerLevelMax: 10,
      playstyle: "any",
      location: "",
      onlineOnly: false,
      availability: "any",
      language: "english",
      maxDistance: 50,
    };
    await driveToLimit({
      name: "matchmakingSearch",
      subject: me.id,
      call: () => post("/api/matchmaking/find-players", me, body),
      over: () => post("/api/matchmaking/find-players", me, body),
    });
  });
});

describe("profile and Social Hub limits", () => {
  it(`social links: ${RATE_LIMITS.socialLink.limit} added an hour per member (removing does not give them back)`, async () => {
    const me = await signUp("Linker");
    await driveToLimit({
      name: "socialLink",
      subject: me.id,
      call: async (i) => {
        const res = await post("/api/user/social-links", me, { platform: "twitch", username: `me${i}` });
        const link = await json(res.clone());
        expect((await request(`/api/user/social-links/${link.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
        return res;
      },
      over: () => post("/api/user/social-links", me, { platform: "twitch", username: "one-too-many" }),
      created: () => count("SELECT count(*) AS n FROM social_links WHERE user_id = ?", me.id),
    });
  });

  it(`social posts: ${RATE_LIMITS.socialPost.limit} a minute per member`, async () => {
    const me = await signUp("Streamer");
    await driveToLimit({
      name: "socialPost",
      subject: me.id,
      call: (i) => post("/api/social/posts", me, { content: `Going live ${i}`, platforms: ["twitter"] }),
      over: () => post("/api/social/posts", me, { content: "One too many", platforms: ["twitter"] }),
      created: () => count("SELECT count(*) AS n FROM social_posts WHERE user_id = ?", me.id),
    });
  });
});

describe("profile picture limits", () => {
  it(`profile pictures: ${RATE_LIMITS.avatarUpload.limit} uploads an hour per member`, async () => {
    const me = await signUp("Selfie");
    // Each call a different picture (a PNG signature is all the server reads), so each would be stored.
    const picture = (i: number) => {
      const bytes = new Uint8Array(PNG_8.length + 1);
      bytes.set(PNG_8);
      bytes[PNG_8.length] = i;
      return bytes;
    };
    const upload = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("file", new File([bytes], "me.png"));
      return request("/api/user/avatar", { method: "POST", cookie: me.cookie, multipart: form });
    };
    const overPicture = picture(255);
    await driveToLimit({
      name: "avatarUpload",
      subject: me.id,
      call: (i) => upload(picture(i)),
      over: () => upload(overPicture),
      created: async () => ((await env.AVATARS.head(`${me.id}/${await avatarVersion(overPicture)}`)) ? 1 : 0),
    });
  });
});

describe("contact form limits", () => {
  it(`a signed-in sender is also counted as a member: ${RATE_LIMITS.contactMember.limit} an hour, whatever the address`, async () => {
    const me = await signUp("Writer");
    const subject = `Limit ${crypto.randomUUID()}`;
    // A new e-mail address each time, so only the member's own limit applies.
    const send = () =>
      request("/api/contact", {
        cookie: me.cookie,
        body: { name: "Writer", email: `writer-${crypto.randomUUID()}@example.com`, subject, message: "Hello" },
        headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}` },
      });
    await driveToLimit({
      name: "contactMember",
      subject: me.id,
      call: send,
      over: send,
      created: () => count("SELECT count(*) AS n FROM contact_messages WHERE subject = ?", subject),
    });
  });

  it("keeps the per-sender limit with its message and Retry-After, whatever the network", async () => {
    const email = `Visitor-${crypto.randomUUID()}@Example.com`;
    const subject = `Sender ${crypto.randomUUID()}`;
    // The same person from a new network each time, and the address typed in another case the last time.
    const send = (typed = email) =>
      request("/api/contact", {
        body: { name: "Visitor", email: typed, subject, message: "Hi" },
        headers: { "CF-Connecting-IP": `198.51.100.7-${crypto.randomUUID()}` },
      });
    for (let i = 0; i < RATE_LIMITS.contactSender.limit; i++) expect((await send()).status).toBe(201);
    const res = await send(email.toLowerCase());
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("3600");
    expect((await json(res)).message).toBe("You can send at most 3 messages from one e-mail address an hour. Please try again later.");
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE subject = ?", subject)).toBe(3);
  });

  it("keeps a looser per-network backstop, so one person cannot lock out the rest of a game store", async () => {
    const network = `203.0.113.9-${crypto.randomUUID()}`;
    const subject = `Network ${crypto.randomUUID()}`;
    const send = (email: string) =>
      request("/api/contact", { body: { name: "Player", email, subject, message: "Hi" }, headers: { "CF-Connecting-IP": network } });
    // One player at the store uses up their own limit...
    const chatty = `chatty-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < RATE_LIMITS.contactSender.limit; i++) expect((await send(chatty)).status).toBe(201);
    expect((await send(chatty)).status).toBe(429);
    // ...and everyone else behind the same address still gets through, up to the network's limit.
    for (let i = RATE_LIMITS.contactSender.limit; i < RATE_LIMITS.contactNetwork.limit; i++) {
      expect((await send(`player-${i}-${crypto.randomUUID()}@example.com`)).status).toBe(201);
    }
    const res = await send(`late-${crypto.randomUUID()}@example.com`);
    expect(res.status).toBe(429);
    expect((await json(res)).message).toBe("You can send at most 30 messages from one network an hour. Please try again later.");
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE subject = ?", subject)).toBe(RATE_LIMITS.contactNetwork.limit);
  });
});

describe("validation comes first", () => {
  it("a refused body does not use up the limit", async () => {
    const author = await signUp("Sloppy");
    for (let i = 0; i < RATE_LIMITS.forumPost.limit + 5; i++) {
      expect(
        (await post("/api/forum/posts", author, { title: "", category: "general", content: "x", communityId: COMMUNITY })).status,
      ).toBe(400);
    }
    await newPost(author);
  });

  it("visitors get 401, not 429, on member-only limited routes", async () => {
    const res = await request("/api/forum/posts", { body: { title: "t", category: "general", content: "c", communityId: COMMUNITY } });
    expect(res.status).toBe(401);
  });
});

/** Every limited route, with its limit: the audit of the API's writes (README, "Rate limits"). */
const LIMITED_ROUTES: ["post" | "put" | "delete", string, RateLimitName][] = [
  ["post", "/api/forum/posts", "forumPost"],
  ["post", "/api/forum/posts/:id/replies", "forumReply"],
  ["post", "/api/forum/posts/:id/like", "forumLike"],
  ["post", "/api/game-sessions", "gameSessionCreate"],
  ["post", "/api/game-sessions/:id/join", "gameSessionJoin"],
  ["post", "/api/game-sessions/:id/spectate", "gameSessionJoin"],
  ["post", "/api/events", "eventCreate"],
  ["post", "/api/events/:id/join", "eventJoin"],
  ["post", "/api/tournaments", "tournamentCreate"],
  ["post", "/api/tournaments/:id/join", "tournamentJoin"],
  ["post", "/api/tournaments/:id/rounds", "tournamentRound"],
  ["post", "/api/tournaments/:id/matches/:matchId/result", "matchResult"],
  ["post", "/api/friend-requests", "friendRequest"],
  ["post", "/api/blocks", "block"],
  ["post", "/api/user/social-links", "socialLink"],
  ["post", "/api/social/posts", "socialPost"],
  ["post", "/api/user/avatar", "avatarUpload"],
  ["post", "/api/matchmaking/find-players", "matchmakingSearch"],
  ["post", "/api/communities/:id/membership", "communityMembership"],
  ["delete", "/api/communities/:id/membership", "communityMembership"],
  ["post", "/api/tokens", "accessTokenCreate"],
  ["put", "/api/tokens/:id/webhook", "webhookUpdate"],
];

describe("the route reference", () => {
  it.each(LIMITED_ROUTES)("%s %s documents its 429 with the limit", async (method, path, name) => {
    const doc = await documentedOperation(method, path);
    expect(doc?.responses["429"]?.description, `${method} ${path}`).toContain(limitText(name));
  });

  it("documents the contact form's three limits", async () => {
    const doc = await documentedOperation("post", "/api/contact");
    expect(doc?.summary).toContain(limitText("contactSender"));
    expect(doc?.summary).toContain(limitText("contactMember"));
    expect(doc?.summary).toContain(limitText("contactNetwork"));
  });
});
