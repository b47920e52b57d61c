import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, type MatchmakingPreferences } from "../workers/contract/matchmaking";
import { type Member, json, request, signUp } from "./helpers";

/** A location unique to one test, so its members outscore everyone else's. */
const uniquePlace = () => `Testville ${crypto.randomUUID().slice(0, 8)}, Testland`;

function prefs(overrides: Partial<MatchmakingPreferences> = {}): MatchmakingPreferences {
  return { ...DEFAULT_PREFERENCES, ...overrides };
}

async function savePrefs(member: Member, body: MatchmakingPreferences) {
  const res = await request("/api/matchmaking/preferences", { method: "PUT", body, cookie: member.cookie });
  expect(res.status).toBe(200);
  return json(res);
}

async function search(member: Member, body: MatchmakingPreferences) {
  const res = await request("/api/matchmaking/find-players", { body, cookie: member.cookie });
  expect(res.status).toBe(200);
  return json<Array<{ id: string; matchScore: number; commonInterests: string[]; username: string; isOnline: boolean }>>(res);
}

describe("matchmaking preferences", () => {
  it("needs a signed-in member", async () => {
    expect((await request("/api/matchmaking/preferences")).status).toBe(401);
    expect((await request("/api/matchmaking/preferences", { method: "PUT", body: prefs() })).status).toBe(401);
    expect((await request("/api/matchmaking/find-players", { body: prefs() })).status).toBe(401);
  });

  it("returns the spec defaults until preferences are saved", async () => {
    const member = await signUp("Dora");
    const res = await request("/api/matchmaking/preferences", { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      selectedGames: ["Magic"],
      selectedFormats: ["commander"],
      powerLevelMin: 5,
      powerLevelMax: 8,
      playstyle: "any",
      location: "",
      onlineOnly: false,
      availability: "any",
      language: "english",
      maxDistance: 50,
      notifyOpenRooms: false,
      saved: false,
    });
  });

  it("saves and reloads every field", async () => {
    const member = await signUp("Sam");
    const body = prefs({
      selectedGames: ["Pokemon", "Lorcana"],
      selectedFormats: ["pokemon-expanded", "lorcana-constructed"],
      powerLevelMin: 2,
      powerLevelMax: 9,
      playstyle: "optimized",
      location: "  Lyon, France ",
      onlineOnly: true,
      availability: "weekends",
      language: "french",
      maxDistance: 120,
    });
    await savePrefs(member, body);
    const loaded = await json(await request("/api/matchmaking/preferences", { cookie: member.cookie }));
    expect(loaded).toEqual({ ...body, location: "Lyon, France", saved: true });
    const games = await env.DB.prepare("SELECT game FROM matchmaking_games WHERE user_id = ? ORDER BY game").bind(member.id).all();
    expect(games.results.map((r) => r.game)).toEqual(["Lorcana", "Pokemon"]);

    // Saving again replaces the games index rather than adding to it.
    await savePrefs(member, prefs({ selectedGames: ["Yu-Gi-Oh"], selectedFormats: ["yugioh-advanced"] }));
    const after = await env.DB.prepare("SELECT game FROM matchmaking_games WHERE user_id = ?").bind(member.id).all();
    expect(after.results.map((r) => r.game)).toEqual(["Yu-Gi-Oh"]);
  });

  it.each([
    ["an unknown game", { selectedGames: ["Chess"] }],
    ["no game", { selectedGames: [] }],
    ["an unknown format", { selectedFormats: ["vintage"] }],
    ["a format of an unselected game", { selectedGames: ["Magic"], selectedFormats: ["pokemon-standard"] }],
    ["min above max", { powerLevelMin: 8, powerLevelMax: 5 }],
    ["power 0", { powerLevelMin: 0 }],
    ["power 11", { powerLevelMax: 11 }],
    ["a fractional power", { powerLevelMax: 7.5 }],
    ["an unknown playstyle", { playstyle: "chaotic" }],
    ["maxDistance above 500", { maxDistance: 501 }],
    ["a negative maxDistance", { maxDistance: -1 }],
    ["onlineOnly as a string", { onlineOnly: "yes" }],
    ["an unknown availability", { availability: "sometimes" }],
    ["an unknown language", { language: "klingon" }],
    ["a location over 100 characters", { location: "x".repeat(101) }],
  ])("rejects %s with 400 and issues", async (_name, override) => {
    const member = await signUp("Val");
    for (const path of ["/api/matchmaking/preferences", "/api/matchmaking/find-players"]) {
      const res = await request(path, {
        method: path.endsWith("preferences") ? "PUT" : "POST",
        body: { ...prefs(), ...override },
        cookie: member.cookie,
      });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.issues.length).toBeGreaterThan(0);
    }
  });

  it("rejects a missing body field", async () => {
    const member = await signUp("Val");
    const { language: _omit, ...partial } = prefs();
    const res = await request("/api/matchmaking/preferences", { method: "PUT", body: partial, cookie: member.cookie });
    expect(res.status).toBe(400);
  });
});

describe("find-players", () => {
  it("finds a compatible member with the match result shape, best first", async () => {
    const place = uniquePlace();
    const [searcher, twin, partial] = await Promise.all([signUp("Seeker"), signUp("Twin"), signUp("Partial")]);
    const mine = prefs({ location: place, playstyle: "focused", availability: "weekends" });
    await savePrefs(searcher, mine);
    await savePrefs(twin, mine);
    await savePrefs(
      partial,
      prefs({ location: place, selectedGames: ["Magic", "Lorcana"], selectedFormats: ["draft"], powerLevelMin: 8, powerLevelMax: 10 }),
    );

    const results = await search(searcher, mine);
    expect(results.length).toBeLessThanOrEqual(20);
    expect(results[0]).toEqual({
      id: twin.id,
      username: "Twin Member",
      avatar: null,
      games: ["Magic"],
      formats: ["commander"],
      powerLevel: "5-8",
      playstyle: "focused",
      location: place,
      availability: "weekends",
      matchScore: 100,
      commonInterests: ["Magic", "Commander/EDH", "Power level 5-8", "Focused playstyle", "Available weekends", "English", `Near ${place}`],
      lastOnline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isOnline: true,
    });
    const ids = results.map((r) => r.id);
    expect(ids).toContain(partial.id);
    expect(ids.indexOf(partial.id)).toBeGreaterThan(0);
    for (let i = 1; i < results.length; i++) expect(results[i - 1].matchScore).toBeGreaterThanOrEqual(results[i].matchScore);
  });

  it("never returns the searcher, members without a shared game, or members without preferences", async () => {
    const place = uniquePlace();
    const [searcher, other, noPrefs] = await Promise.all([signUp("Self"), signUp("Lorcanist"), signUp("Nopref")]);
    await savePrefs(searcher, prefs({ location: place }));
    await savePrefs(other, prefs({ location: place, selectedGames: ["Lorcana"], selectedFormats: ["lorcana-constructed"] }));
    const ids = (await search(searcher, prefs({ location: place }))).map((r) => r.id);
    expect(ids).not.toContain(searcher.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(noPrefs.id);
    // Searching Lorcana (without saving it) finds them.
    const lorcana = await search(searcher, prefs({ location: place, selectedGames: ["Lorcana"], selectedFormats: [] }));
    expect(lorcana[0].id).toBe(other.id);
  });

  it("never returns members blocked either way", async () => {
    const place = uniquePlace();
    const [searcher, blockedBySearcher, blockerOfSearcher, visible] = await Promise.all([
      signUp("Searcher"),
      signUp("Blocked"),
      signUp("Blocker"),
      signUp("Visible"),
    ]);
    const mine = prefs({ location: place });
    await Promise.all([searcher, blockedBySearcher, blockerOfSearcher, visible].map((m) => savePrefs(m, mine)));
    expect((await request("/api/blocks", { body: { userId: blockedBySearcher.id }, cookie: searcher.cookie })).status).toBe(200);
    expect((await request("/api/blocks", { body: { userId: searcher.id }, cookie: blockerOfSearcher.cookie })).status).toBe(200);

    const ids = (await search(searcher, mine)).map((r) => r.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(blockedBySearcher.id);
    expect(ids).not.toContain(blockerOfSearcher.id);
    // And the searcher is hidden from both of them.
    expect((await search(blockedBySearcher, mine)).map((r) => r.id)).not.toContain(searcher.id);
    expect((await search(blockerOfSearcher, mine)).map((r) => r.id)).not.toContain(searcher.id);
  });

  it("online-only searches skip members who are offline or long inactive", async () => {
    const place = uniquePlace();
    const [searcher, online, idle, away] = await Promise.all([signUp("Oscar"), signUp("Online"), signUp("Idle"), signUp("Offline")]);
    const mine = prefs({ location: place });
    await Promise.all([searcher, online, idle, away].map((m) => savePrefs(m, mine)));
    await env.DB.prepare("UPDATE users SET last_active_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * 3600_000, idle.id)
      .run();
    await env.DB.prepare("UPDATE users SET status = 'offline' WHERE id = ?").bind(away.id).run();

    const onlineIds = (await search(searcher, { ...mine, onlineOnly: true })).map((r) => r.id);
    expect(onlineIds).toContain(online.id);
    expect(onlineIds).not.toContain(idle.id);
    expect(onlineIds).not.toContain(away.id);

    const all = await search(searcher, mine);
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([online.id, idle.id, away.id]));
    expect(all.find((r) => r.id === idle.id)?.isOnline).toBe(false);
  });

  it("rate-limits a member to 30 searches a minute", async () => {
    const member = await signUp("Spammer");
    const body = prefs({ selectedGames: ["Yu-Gi-Oh"], selectedFormats: [] });
    // 61 searches: even if they straddle a minute boundary, one window sees more than 30.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await request("/api/matchmaking/find-players", { body, cookie: member.cookie })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
  });
});
