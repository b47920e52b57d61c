import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listGameSessionsQuery } from "../workers/contract/game-sessions";
import { getDb } from "../workers/db/client";
import { gameSessionListStatements } from "../workers/domain/rooms/game-session-list";
import { json, request, signUp, type Member } from "./helpers";

/** GET /api/game-sessions with the lobby's filters, search, paging and realm order (issue 14). */

type Room = { id: string; communityId: string; createdAt: string; gameData: { name: string; format: string; powerLevel: string | null } };

async function createRoom(host: Member, name: string, options: { format?: string; powerLevel?: string; communityId?: string } = {}) {
  const res = await request("/api/game-sessions", {
    cookie: host.cookie,
    body: {
      maxPlayers: 4,
      communityId: options.communityId ?? "decksong",
      gameData: { name, format: options.format ?? "commander", powerLevel: options.powerLevel ?? null },
    },
  });
  expect(res.status).toBe(201);
  return json<Room>(res);
}

/** A word no other test's room or member carries, so each test's search finds only its own rooms. */
const uniqueTag = () => `t${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

async function list(query: Record<string, string>, member?: Member) {
  const res = await request(`/api/game-sessions?${new URLSearchParams(query)}`, { cookie: member?.cookie });
  expect(res.status).toBe(200);
  return { rooms: await json<Room[]>(res), next: res.headers.get("X-Next-Cursor"), res };
}

/** Every page of a listing, following X-Next-Cursor. */
async function allPages(query: Record<string, string>) {
  const pages: Room[][] = [];
  let cursor: string | null = null;
  do {
    const { rooms, next } = await list(cursor ? { ...query, cursor } : query);
    pages.push(rooms);
    cursor = next;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("GET /api/game-sessions filters", () => {
  it("filters by format and power level, together with the search", async () => {
    const tag = uniqueTag();
    const host = await signUp("Filter");
    const commanderFocused = await createRoom(host, `${tag} pod A`, { format: "commander", powerLevel: "focused" });
    const commanderCasual = await createRoom(host, `${tag} pod B`, { format: "commander", powerLevel: "casual" });
    const modernFocused = await createRoom(host, `${tag} duel`, { format: "modern", powerLevel: "focused" });

    const ids = (rooms: Room[]) => rooms.map((r) => r.id).sort();
    expect(ids((await list({ q: tag })).rooms)).toEqual(ids([commanderFocused, commanderCasual, modernFocused]));
    expect(ids((await list({ q: tag, format: "commander" })).rooms)).toEqual(ids([commanderFocused, commanderCasual]));
    expect(ids((await list({ q: tag, powerLevel: "focused" })).rooms)).toEqual(ids([commanderFocused, modernFocused]));
    expect(ids((await list({ q: tag, format: "commander", powerLevel: "casual" })).rooms)).toEqual([commanderCasual.id]);
    expect((await list({ q: tag, format: "draft" })).rooms).toEqual([]);
    // An empty value (a GET form's "Any") is no filter.
    expect(ids((await list({ q: tag, format: "", powerLevel: "" })).rooms)).toHaveLength(3);
  });

  it("searches room names and the host's display name, case-insensitively, with % and _ taken literally", async () => {
    const tag = uniqueTag();
    const host = await signUp(`Hostname${tag}`, "Surname");
    const byName = await createRoom(host, `Friday ${tag.toUpperCase()} night`);
    const percent = await createRoom(host, `100% ${tag} fun_zone`);
    const other = await signUp("Someone", "Else");
    const elsewhere = await createRoom(other, `Cube ${tag}x`);

    const found = async (q: string) => (await list({ q })).rooms.map((r) => r.id).sort();
    // Room name, any case.
    expect(await found(tag.toUpperCase())).toEqual([byName.id, percent.id, elsewhere.id].sort());
    expect(await found(`friday ${tag}`)).toEqual([byName.id]);
    // Host display name (first and last name), any case: every room that host runs.
    expect(await found(`hostname${tag}`)).toEqual([byName.id, percent.id].sort());
    expect(await found(`HOSTNAME${tag} surname`)).toEqual([byName.id, percent.id].sort());
    // LIKE's wildcards are literal characters in a search.
    expect(await found(`100% ${tag}`)).toEqual([percent.id]);
    expect(await found(`${tag} fun_`)).toEqual([percent.id]);
    expect(await found(`${tag} fun%`)).toEqual([]);
    expect(await found(`${tag}_`)).toEqual([]);
  });

  it("refuses bad values with 400 and issues", async () => {
    for (const query of ["format=vintage", "powerLevel=extreme", `q=${"x".repeat(101)}`, "limit=0", "limit=101", "cursor=nonsense"]) {
      const res = await request(`/api/game-sessions?${query}`);
      expect(res.status, query).toBe(400);
      const body = await json(res);
      expect(typeof body.message).toBe("string");
    }
    const badFormat = await json(await request("/api/game-sessions?format=vintage"));
    expect(badFormat.issues[0].path).toEqual(["format"]);
  });
});

describe("GET /api/game-sessions paging and realm order", () => {
  it("pages with X-Next-Cursor through every match exactly once, keeping the filters", async () => {
    const tag = uniqueTag();
    const host = await signUp("Pager");
    const made: Room[] = [];
    for (let i = 0; i < 5; i++) made.push(await createRoom(host, `${tag} room ${i}`, { format: i === 4 ? "modern" : "commander" }));
    const pages = await allPages({ q: tag, format: "commander", limit: "2" });
    expect(pages.map((p) => p.length)).toEqual([2, 2]);
    const seen = pages.flat();
    expect(seen.map((r) => r.id).sort()).toEqual(
      made
        .slice(0, 4)
        .map((r) => r.id)
        .sort(),
    );
    // Newest first across pages.
    const times = seen.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The last page carries no cursor.
    const last = await list({ q: tag, format: "commander", limit: "4" });
    expect(last.rooms).toHaveLength(4);
    expect(last.next).toBeNull();
  });

  it("puts the preferred realm's rooms first, then the others, across pages", async () => {
    const tag = uniqueTag();
    const host = await signUp("Realmy");
    const rooms: Room[] = [];
    for (let i = 0; i < 6; i++) rooms.push(await createRoom(host, `${tag} r${i}`, { communityId: i % 2 === 0 ? "decksong" : "duelcraft" }));
    const newestFirst = (rs: Room[]) => [...rs].reverse().map((r) => r.id);
    const duelcraft = rooms.filter((r) => r.communityId === "duelcraft");
    const decksong = rooms.filter((r) => r.communityId === "decksong");

    const pages = await allPages({ q: tag, preferCommunityId: "duelcraft", limit: "2" });
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(pages.flat().map((r) => r.id)).toEqual([...newestFirst(duelcraft), ...newestFirst(decksong)]);

    // Without a preference: newest first, realms mixed.
    expect((await list({ q: tag })).rooms.map((r) => r.id)).toEqual(newestFirst(rooms));
    // A realm filter keeps that realm only, whatever the preference.
    const filtered = await list({ q: tag, communityId: "decksong", preferCommunityId: "duelcraft" });
    expect(filtered.rooms.map((r) => r.id)).toEqual(newestFirst(decksong));
  });

  it("answers with one D1 query for the listing, also with every filter and a preferred realm", async () => {
    const { res } = await list({
      status: "waiting",
      q: "anything",
      format: "commander",
      powerLevel: "focused",
      preferCommunityId: "decksong",
    });
    expect(res.headers.get("Server-Timing")).toContain('d1;desc="1 queries"');
  });
});

describe("the listing's query plan", () => {
  it("reads both tiers through the game_sessions indexes, without sorting in a temporary b-tree", async () => {
    const db = getDb(env.DB);
    const query = listGameSessionsQuery.parse({
      status: "waiting",
      format: "commander",
      q: "pod",
      preferCommunityId: "decksong",
      limit: "24",
    });
    const statements = gameSessionListStatements(db, crypto.randomUUID(), query);
    // Both realm tiers, each split by seats needed (workers/domain/rooms/game-session-list.ts SEATS_NEEDED_ORDER).
    expect(new Set(statements.map((s) => s.tier.realm))).toEqual(new Set([0, 1]));
    expect(statements).toHaveLength(16);
    for (const { statement } of statements) {
      const { sql, params } = statement.toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details).toMatch(/SEARCH game_sessions USING INDEX game_sessions_(status_created|community_status)_idx/);
      expect(details).not.toMatch(/TEMP B-TREE/);
      expect(details).not.toMatch(/SCAN game_sessions\b/);
    }
  });
});
