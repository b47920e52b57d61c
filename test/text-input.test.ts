import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "../workers/contract/text";
import { eventBody } from "./events-helpers";
import { json, request, signUp, type Member } from "./helpers";
import { closeAllSockets, joinRoom, ofType } from "./room-socket";

/**
 * Names, titles and other short text refuse control characters, bidi
 * overrides and invisible-only values with a 400 whose zod issue names the
 * field; bodies keep line breaks and tabs. Each bad value is tried on a
 * representative route of every area, and nothing is stored.
 */

const BAD_LINES: [string, string, string][] = [
  ["a right-to-left override", "gpj\u202Eexe.txt", TEXT_MESSAGES.bidi],
  ["a left-to-right isolate", "\u2066Admin\u2069", TEXT_MESSAGES.bidi],
  ["a NUL", "Ada\u0000", TEXT_MESSAGES.lineControl],
  ["an escape sequence", "\u001b[31mRed", TEXT_MESSAGES.lineControl],
  ["a line break", "Two\nlines", TEXT_MESSAGES.lineControl],
  ["a C1 control", "Next\u0085line", TEXT_MESSAGES.lineControl],
  ["only zero-width spaces", "\u200B\u200B", TEXT_MESSAGES.invisible],
  ["only a word joiner and a zero-width joiner", "\u2060\u200D", TEXT_MESSAGES.invisible],
  ["only combining marks", "\u0301\u0308", TEXT_MESSAGES.invisible],
  ["only a Hangul filler", "\u3164", TEXT_MESSAGES.invisible],
  ["a right-to-left mark inside a name", "Ann\u200FLee", TEXT_MESSAGES.bidiMark],
  ["an Arabic letter mark", "Admin\u061C", TEXT_MESSAGES.bidiMark],
  ["45 combining marks on one letter", `Z${"\u0301".repeat(45)}`, TEXT_MESSAGES.markPile],
];

const BAD_BODIES: [string, string, string][] = [
  ["a right-to-left override", "Fine\n\u202Eevil", TEXT_MESSAGES.bidi],
  ["a first-strong isolate", "\u2068text", TEXT_MESSAGES.bidi],
  ["a NUL", "a\u0000b", TEXT_MESSAGES.bodyControl],
  ["a bell", "ding\u0007", TEXT_MESSAGES.bodyControl],
  ["a carriage return", "one\rtwo", TEXT_MESSAGES.bodyControl],
  ["a line separator", "one\u2028two", TEXT_MESSAGES.bodyControl],
  ["only zero-width characters", "\u200B\n\u200C", TEXT_MESSAGES.invisible],
  ["45 combining marks on one letter", `Z${"\u0301".repeat(45)}algo`, TEXT_MESSAGES.markPile],
];

type Route = {
  label: string;
  method?: string;
  path: (m: Member) => Promise<string> | string;
  body: (value: string) => Record<string, unknown>;
  field: (string | number)[];
};

const COMMUNITY = "decksong";
const tournament = (overrides: Record<string, unknown>) => ({
  name: "Cup",
  gameFormat: "modern",
  maxParticipants: 8,
  startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  communityId: "mtg",
  ...overrides,
});
const room = (gameData: Record<string, unknown>) => ({
  maxPlayers: 4,
  communityId: COMMUNITY,
  gameData: { name: "Room", format: "commander", ...gameData },
});
const forumPost = (overrides: Record<string, unknown>) => ({
  title: "Title",
  category: "general",
  content: "Body",
  communityId: COMMUNITY,
  ...overrides,
});
const contact = (overrides: Record<string, unknown>) => ({
  name: "Ada",
  email: "ada@example.com",
  subject: "Hello",
  message: "Hi",
  ...overrides,
});
const prefs = (overrides: Record<string, unknown>) => ({
  selectedGames: ["Magic"],
  selectedFormats: ["commander"],
  powerLevelMin: 1,
  powerLevelMax: 10,
  playstyle: "any",
  location: "",
  onlineOnly: false,
  availability: "any",
  language: "english",
  maxDistance: 50,
  ...overrides,
});

async function ownPost(m: Member) {
  const res = await request("/api/forum/posts", { cookie: m.cookie, body: forumPost({}) });
  return (await json(res)).id as string;
}

const ONE_LINE_FIELDS: Route[] = [
  { label: "profile first name", method: "PATCH", path: () => "/api/user/profile", body: (v) => ({ firstName: v }), field: ["firstName"] },
  { label: "profile last name", method: "PATCH", path: () => "/api/user/profile", body: (v) => ({ lastName: v }), field: ["lastName"] },
  {
    label: "social link username",
    path: () => "/api/user/social-links",
    body: (v) => ({ platform: "twitch", username: v }),
    field: ["username"],
  },
  { label: "room name", path: () => "/api/game-sessions", body: (v) => room({ name: v }), field: ["gameData", "name"] },
  { label: "event title", path: () => "/api/events", body: (v) => eventBody({ title: v }), field: ["title"] },
  { label: "event location", path: () => "/api/events", body: (v) => eventBody({ location: v }), field: ["location"] },
  { label: "tournament name", path: () => "/api/tournaments", body: (v) => tournament({ name: v }), field: ["name"] },
  { label: "tournament prize pool", path: () => "/api/tournaments", body: (v) => tournament({ prizePool: v }), field: ["prizePool"] },
  { label: "forum title", path: () => "/api/forum/posts", body: (v) => forumPost({ title: v }), field: ["title"] },
  {
    label: "forum title (edit)",
    method: "PATCH",
    path: async (m) => `/api/forum/posts/${await ownPost(m)}`,
    body: (v) => ({ title: v }),
    field: ["title"],
  },
  { label: "contact name", path: () => "/api/contact", body: (v) => contact({ name: v }), field: ["name"] },
  { label: "contact subject", path: () => "/api/contact", body: (v) => contact({ subject: v }), field: ["subject"] },
  {
    label: "matchmaking location",
    method: "PUT",
    path: () => "/api/matchmaking/preferences",
    body: (v) => prefs({ location: v }),
    field: ["location"],
  },
];

const BODY_FIELDS: Route[] = [
  { label: "forum content", path: () => "/api/forum/posts", body: (v) => forumPost({ content: v }), field: ["content"] },
  {
    label: "forum reply",
    path: async (m) => `/api/forum/posts/${await ownPost(m)}/replies`,
    body: (v) => ({ content: v }),
    field: ["content"],
  },
  { label: "profile bio", method: "PATCH", path: () => "/api/user/profile", body: (v) => ({ bio: v }), field: ["bio"] },
  { label: "event description", path: () => "/api/events", body: (v) => eventBody({ description: v }), field: ["description"] },
  {
    label: "room description",
    path: () => "/api/game-sessions",
    body: (v) => room({ description: v }),
    field: ["gameData", "description"],
  },
  { label: "tournament rules", path: () => "/api/tournaments", body: (v) => tournament({ rules: v }), field: ["rules"] },
  { label: "contact message", path: () => "/api/contact", body: (v) => contact({ message: v }), field: ["message"] },
  { label: "social post", path: () => "/api/social/posts", body: (v) => ({ content: v, platforms: ["twitter"] }), field: ["content"] },
];

async function expectRefused(member: Member, route: Route, value: string, message: string) {
  const res = await request(await route.path(member), {
    method: route.method ?? "POST",
    cookie: member.cookie,
    body: route.body(value),
    headers: { "CF-Connecting-IP": `text-${crypto.randomUUID()}` },
  });
  expect(res.status, `${route.label} with ${JSON.stringify(value)}`).toBe(400);
  const body = await json(res);
  expect(body.message).toBeTypeOf("string");
  expect(body.issues, route.label).toContainEqual(expect.objectContaining({ path: route.field, message }));
}

/** Rows a member could have created through these routes. */
async function footprint(member: Member): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM events WHERE creator_id = ?1) + (SELECT count(*) FROM game_sessions WHERE host_id = ?1)
      + (SELECT count(*) FROM tournaments WHERE organizer_id = ?1) + (SELECT count(*) FROM social_links WHERE user_id = ?1)
      + (SELECT count(*) FROM social_posts WHERE user_id = ?1) + (SELECT count(*) FROM forum_replies WHERE author_id = ?1) AS n`,
  )
    .bind(member.id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("one-line text fields", () => {
  it.each(BAD_LINES)("refuse %s with a 400 naming the field, and store nothing", async (_kind, value, message) => {
    const member = await signUp("Texter");
    for (const route of ONE_LINE_FIELDS) await expectRefused(member, route, value, message);
    expect(await footprint(member)).toBe(0);
    const me = await json(await request("/api/user/profile", { cookie: member.cookie }));
    expect(me).toMatchObject({ firstName: "Texter", lastName: "Member" });
  });

  // Issue 23: direction marks (U+200E, U+200F, U+061C) are no longer accepted in names (they made a name read as
  // something else); they stay allowed in bodies, below. Names in right-to-left scripts need none.
  it("accept names in any script and emoji (with zero-width joiners inside)", async () => {
    const member = await signUp("Polyglot");
    for (const firstName of ["Zoë", "李小龍", "أحمد", "👨\u200D👩\u200D👧 Crew", "Ñandú", "Nguyễn"]) {
      const res = await request("/api/user/profile", { method: "PATCH", cookie: member.cookie, body: { firstName } });
      expect(res.status, firstName).toBe(200);
      expect((await json(res)).firstName).toBe(firstName);
    }
  });

  it("the dev sign-in refuses bad names too", async () => {
    for (const [, value, message] of BAD_LINES) {
      const res = await request("/api/login/dev", {
        body: { firstName: value, email: `bad-${crypto.randomUUID()}@test.realmcast.gg` },
        headers: { "CF-Connecting-IP": `text-${crypto.randomUUID()}` },
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect((await json(res)).issues).toContainEqual(expect.objectContaining({ path: ["firstName"], message }));
    }
    const lastName = await request("/api/login/dev", {
      body: { firstName: "Fine", lastName: "\u202Eevil", email: `bad-${crypto.randomUUID()}@test.realmcast.gg` },
      headers: { "CF-Connecting-IP": `text-${crypto.randomUUID()}` },
    });
    expect(lastName.status).toBe(400);
    expect((await json(lastName)).issues).toContainEqual(expect.objectContaining({ path: ["lastName"], message: TEXT_MESSAGES.bidi }));
  });
});

describe("multi-line bodies", () => {
  it.each(BAD_BODIES)("refuse %s with a 400 naming the field", async (_kind, value, message) => {
    const member = await signUp("Writer");
    for (const route of BODY_FIELDS) await expectRefused(member, route, value, message);
    expect(await footprint(member)).toBe(0);
  });

  it("keep direction marks, which right-to-left prose needs", async () => {
    const member = await signUp("Scribe");
    const content = "שלום\u200F (Hebrew) and \u200Eleft-to-right\u200E text";
    const res = await request("/api/forum/posts", { cookie: member.cookie, body: forumPost({ content }) });
    expect(res.status).toBe(201);
    expect((await json(res)).content).toBe(content);
  });

  it("keep line breaks and tabs", async () => {
    const member = await signUp("Poet");
    const content = "First line\n\tindented second line\n\nThird";
    const res = await request("/api/forum/posts", { cookie: member.cookie, body: forumPost({ content }) });
    expect(res.status).toBe(201);
    expect((await json(res)).content).toBe(content);
    const bio = await request("/api/user/profile", { method: "PATCH", cookie: member.cookie, body: { bio: "Line one\nLine two" } });
    expect((await json(bio)).bio).toBe("Line one\nLine two");
  });
});

describe("room chat", () => {
  afterEach(() => closeAllSockets());

  it("refuses bidi overrides, control characters and invisible-only messages with an error frame, keeps line breaks", async () => {
    const host = await signUp("ChatHost");
    const guest = await signUp("ChatGuest");
    const res = await request("/api/game-sessions", { cookie: host.cookie, body: room({}) });
    const id = (await json(res)).id;
    const a = await joinRoom(host, id);
    const b = await joinRoom(guest, id);
    for (const [, value, message] of BAD_BODIES) {
      a.socket.send({ type: "message", content: value });
      const error = await a.socket.next(ofType("error"));
      expect(error).toMatchObject({ code: "bad_frame" });
      expect(error.message).toContain(message);
    }
    a.socket.send({ type: "message", content: "gg\n\twell played" });
    const got = await b.socket.next((f) => f.type === "message" && f.message.type === "chat");
    // Nothing refused reached the other player: the first chat message they see is the good one.
    expect(got.message).toMatchObject({ content: "gg\n\twell played", type: "chat" });
  });
});
