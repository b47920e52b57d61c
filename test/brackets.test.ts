import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { DEFAULT_PREFERENCES } from "../workers/contract/matchmaking";
import { openSeatsQuery } from "../workers/domain/rooms/find-a-seat";
import { announceOpenRoom } from "../workers/domain/rooms/open-room-alerts";
import { createEventAs, eventBody } from "./events-helpers";
import { json, request, signUp, type Member } from "./helpers";
import { postForm } from "./page-forms";

/**
 * Commander Brackets (issue 27): rooms and events carry `bracket` beside the spec's `powerLevel`; for Commander
 * either fills the other (workers/contract/brackets.ts). D1 is shared with other files, so each test names its
 * rooms uniquely and looks only for them.
 */

const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

function createRoom(host: Member, gameData: Record<string, unknown>, maxPlayers = 4) {
  return request("/api/game-sessions", {
    cookie: host.cookie,
    body: { maxPlayers, communityId: "scry-gather", gameData: { name: unique("Bracket room"), format: "commander", ...gameData } },
  });
}

async function created(host: Member, gameData: Record<string, unknown>, maxPlayers = 4) {
  const res = await createRoom(host, gameData, maxPlayers);
  expect(res.status).toBe(201);
  return json(res);
}

describe("Commander rooms in brackets", () => {
  it("keeps a sent bracket and answers the power level it maps to, on create and read", async () => {
    const host = await signUp("Bracketeer");
    const room = await created(host, { bracket: 3 });
    expect(room.gameData).toMatchObject({ format: "commander", bracket: 3, powerLevel: "focused" });
    const read = await json(await request(`/api/game-sessions/${room.id}`));
    expect(read.gameData).toMatchObject({ bracket: 3, powerLevel: "focused" });
    const exhibition = await created(host, { bracket: 1 });
    expect(exhibition.gameData).toMatchObject({ bracket: 1, powerLevel: "casual" });
  });

  it("fills the bracket from a power level alone, as an older client sends it", async () => {
    const host = await signUp("Oldclient");
    for (const [powerLevel, bracket] of [
      ["casual", 2],
      ["focused", 3],
      ["optimized", 4],
      ["competitive", 5],
    ] as const) {
      const room = await created(host, { powerLevel });
      expect(room.gameData).toMatchObject({ powerLevel, bracket });
    }
    const none = await created(host, {});
    expect(none.gameData).toMatchObject({ powerLevel: null, bracket: null });
  });

  it("accepts both agreeing and refuses both disagreeing with a 400 on bracket", async () => {
    const host = await signUp("Disagree");
    expect((await json(await createRoom(host, { powerLevel: "casual", bracket: 1 }))).gameData).toMatchObject({
      powerLevel: "casual",
      bracket: 1,
    });
    const res = await createRoom(host, { powerLevel: "competitive", bracket: 3 });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.message).toEqual(expect.any(String));
    expect(body.issues).toEqual([expect.objectContaining({ path: ["gameData", "bracket"] })]);
    for (const bracket of [0, 6, 2.5, "3"]) {
      const bad = await createRoom(host, { bracket });
      expect(bad.status).toBe(400);
      expect((await json(bad)).issues[0].path).toEqual(["gameData", "bracket"]);
    }
  });

  it("keeps other formats on power levels only: bracket null, and a sent bracket is refused", async () => {
    const host = await signUp("Modernist");
    const room = await created(host, { format: "modern", powerLevel: "optimized" });
    expect(room.gameData).toMatchObject({ format: "modern", powerLevel: "optimized", bracket: null });
    const refused = await createRoom(host, { format: "modern", bracket: 4 });
    expect(refused.status).toBe(400);
    expect((await json(refused)).issues[0].path).toEqual(["gameData", "bracket"]);
  });

  it("filters the lobby's list by bracket", async () => {
    const host = await signUp("Filterer");
    const name = unique("Filterbracket");
    const three = await created(host, { name: `${name} a`, bracket: 3 });
    const four = await created(host, { name: `${name} b`, bracket: 4 });
    const byBracket = async (query: string) =>
      (await json<{ id: string }[]>(await request(`/api/game-sessions?q=${encodeURIComponent(name)}&${query}`))).map((r) => r.id);
    expect(await byBracket("bracket=3")).toEqual([three.id]);
    expect(await byBracket("bracket=4")).toEqual([four.id]);
    expect((await byBracket("")).sort()).toEqual([three.id, four.id].sort());
    // The old filter still works: focused is bracket 3's power level.
    expect(await byBracket("powerLevel=focused")).toEqual([three.id]);
    expect((await request(`/api/game-sessions?bracket=9`)).status).toBe(400);
    // The lobby page reads the same filter from its URL.
    const page = await request(`/tablesync?q=${encodeURIComponent(name)}&bracket=4`, { cookie: host.cookie });
    const html = await page.text();
    expect(html).toContain(`${name} b`);
    expect(html).not.toContain(`${name} a`);
    expect(html).toContain("Bracket 4 · Optimized");
  });

  it("compares a member's 1-10 range with a Commander room's bracket when finding a seat", async () => {
    const host = await signUp("Seatbracket");
    const seeker = await signUp("Corefan");
    // 3-4 on the 1-10 scale is Core (bracket 2); casual's band (1-4) would also take an Exhibition room.
    await env.DB.prepare(
      `INSERT INTO matchmaking_preferences (user_id, selected_games, selected_formats, power_level_min, power_level_max, playstyle, availability, language, max_distance)
       VALUES (?, '["Magic"]', '["commander"]', 3, 4, 'any', 'any', 'en', 50)`,
    )
      .bind(seeker.id)
      .run();
    const core = await created(host, { bracket: 2 }, 2);
    const exhibition = await created(host, { bracket: 1 }, 2);
    try {
      const found = (await openSeatsQuery(getDb(env.DB), seeker.id, {}).all()).map((r) => r.id);
      expect(found).toContain(core.id);
      expect(found).not.toContain(exhibition.id);
      const filtered = (await openSeatsQuery(getDb(env.DB), seeker.id, { format: "commander", bracket: 1 }).all()).map((r) => r.id);
      expect(filtered).toContain(exhibition.id);
      expect(filtered).not.toContain(core.id);
    } finally {
      await env.DB.prepare(`UPDATE game_sessions SET status = 'completed' WHERE id IN (?, ?)`).bind(core.id, exhibition.id).run();
    }
  });
});

describe("open-room alerts for Commander rooms", () => {
  it("tell a member whose 1-10 range covers the room's bracket, not one whose range only covers its power level", async () => {
    const host = await signUp("Alerthost");
    const waiter = await signUp("Corewaiter");
    const saved = await request("/api/matchmaking/preferences", {
      cookie: waiter.cookie,
      method: "PUT",
      body: { ...DEFAULT_PREFERENCES, selectedFormats: ["commander"], powerLevelMin: 3, powerLevelMax: 4, notifyOpenRooms: true },
    });
    expect(saved.status).toBe(200);
    const alertsFor = async () => {
      const page = await json<{ notifications: { type: string; actionUrl: string }[] }>(
        await request("/api/notifications?limit=50", { cookie: waiter.cookie }),
      );
      return page.notifications.filter((n) => n.type === "open_room").map((n) => n.actionUrl);
    };
    const db = getDb(env.DB);
    // Bracket 1 is "casual" (1-4 on the old reading) but Exhibition (1-2) in brackets: no alert for a 3-4 member.
    const exhibition = await created(host, { bracket: 1 });
    await announceOpenRoom(db, exhibition, "Alerthost");
    expect(await alertsFor()).toEqual([]);
    const core = await created(host, { bracket: 2 });
    await announceOpenRoom(db, core, "Alerthost");
    expect(await alertsFor()).toEqual([`/tablesync/room/${core.id}`]);
    await env.DB.prepare(`UPDATE game_sessions SET status = 'completed' WHERE id IN (?, ?)`).bind(core.id, exhibition.id).run();
  });
});

describe("events and game pods with a bracket", () => {
  it("creates, reads, changes and clears an event's bracket", async () => {
    const owner = await signUp("Podbracket");
    const pod = await createEventAs(owner, { bracket: 3 });
    expect(pod.bracket).toBe(3);
    const read = await json(await request(`/api/events/${pod.id}`, { cookie: owner.cookie }));
    expect(read.bracket).toBe(3);

    const update = (overrides: Record<string, unknown>) =>
      request(`/api/events/${pod.id}`, {
        method: "PUT",
        cookie: owner.cookie,
        body: eventBody({ title: pod.title, date: pod.date, time: pod.time, ...overrides }),
      });
    // Absent keeps it, a number changes it, null clears it.
    expect((await json(await update({}))).bracket).toBe(3);
    expect((await json(await update({ bracket: 5 }))).bracket).toBe(5);
    expect((await json(await update({ bracket: null }))).bracket).toBeNull();

    const plain = await createEventAs(owner);
    expect(plain.bracket).toBeNull();
    const bad = await request("/api/events", { cookie: owner.cookie, body: eventBody({ bracket: 7 }) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).issues[0].path).toEqual(["bracket"]);
  });
});

describe("the calendar's event form with a bracket", () => {
  it("creates a pod with the chosen bracket and clears it with 'No bracket'", async () => {
    const owner = await signUp("Formbracket");
    const title = unique("Form bracket pod");
    const fields = {
      intent: "create",
      title,
      type: "game_pod",
      date: "2031-03-04",
      time: "19:30",
      location: "TableSync",
      description: "",
      communityId: "duelcraft",
      playerSlots: "4",
      alternateSlots: "1",
      maxAttendees: "",
      bracket: "2",
    };
    const created = await postForm("/calendar?realm=duelcraft&create=1", owner, fields);
    expect(created.status).toBe(302);
    const id = new URL(created.headers.get("Location")!, "http://localhost").searchParams.get("event")!;
    expect((await json(await request(`/api/events/${id}`, { cookie: owner.cookie }))).bracket).toBe(2);
    const updated = await postForm(`/calendar?realm=duelcraft&edit=${id}`, owner, { ...fields, intent: "update", id, bracket: "" });
    expect(updated.status).toBe(302);
    expect((await json(await request(`/api/events/${id}`, { cookie: owner.cookie }))).bracket).toBeNull();
  });
});

describe("migration 0015", () => {
  it("gives a Commander room made before brackets the bracket its power level maps to, and other formats none", async () => {
    const host = await signUp("Oldrow");
    const old = await created(host, { powerLevel: "optimized" });
    const modern = await created(host, { format: "modern", powerLevel: "optimized" });
    // As the row was before 0015: no bracket.
    await env.DB.prepare(`UPDATE game_sessions SET bracket = NULL WHERE id = ?`).bind(old.id).run();
    const migration = (env.TEST_MIGRATIONS ?? []).find((m) => m.name.startsWith("0015_"));
    expect(migration).toBeDefined();
    const fills = migration!.queries.filter((q) => /^\s*(--[^\n]*\n\s*)*UPDATE/i.test(q));
    expect(fills).toHaveLength(1);
    for (const query of fills) await env.DB.prepare(query).run();
    const rows = await env.DB.prepare(`SELECT id, bracket FROM game_sessions WHERE id IN (?, ?)`).bind(old.id, modern.id).all();
    expect(Object.fromEntries(rows.results.map((r) => [r.id, r.bracket]))).toEqual({ [old.id]: 4, [modern.id]: null });
  });
});
