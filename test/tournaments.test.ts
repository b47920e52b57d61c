/**
 * Over 300 lines: one suite walks a tournament from creation to standings.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { computeStandings, round4 } from "../workers/domain/tournaments/rules/scoring";
import { type Member, json, request, signUp } from "./helpers";

// Half an hour ahead: inside the check-in window, so the organizer may start it (issue 37: not before its date less 60 minutes).
const future = () => new Date(Date.now() + 30 * 60_000).toISOString();

async function createTournament(organizer: Member, overrides: Record<string, unknown> = {}) {
  const res = await request("/api/tournaments", {
    cookie: organizer.cookie,
    body: {
      name: `Cup ${crypto.randomUUID().slice(0, 8)}`,
      gameFormat: "modern",
      maxParticipants: 8,
      startDate: future(),
      communityId: "mtg",
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function members(n: number, prefix = "Player"): Promise<Member[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => signUp(`${prefix}${i + 1}`)));
}

async function joinAll(id: string, players: Member[]) {
  for (const p of players) expect((await request(`/api/tournaments/${id}/join`, { cookie: p.cookie, method: "POST" })).status).toBe(200);
}

const post = (path: string, m: Member, body?: unknown) => request(path, { cookie: m.cookie, method: "POST", body });
const detail = async (id: string) => json(await request(`/api/tournaments/${id}`));

describe("tournament create and list", () => {
  it("creates an upcoming Swiss tournament; 'mtg' is the Magic realm", async () => {
    const organizer = await signUp("Org");
    const t = await createTournament(organizer, { description: "  Friday night  ", prizePool: "Playmat", rules: "" });
    expect(t).toMatchObject({
      communityId: "scry-gather",
      status: "upcoming",
      pairing: "swiss",
      maxParticipants: 8,
      participantCount: 0,
      description: "Friday night",
      prizePool: "Playmat",
      rules: null,
      organizer: { id: organizer.id, firstName: "Org" },
      participants: [],
      rounds: [],
    });
    expect(new Date(t.startDate).toISOString()).toBe(t.startDate);

    const list = await json<any[]>(await request("/api/tournaments?communityId=mtg&status=upcoming&limit=100"));
    const card = list.find((c) => c.id === t.id);
    expect(Object.keys(card).sort()).toEqual(
      [
        "communityId",
        "currentRound",
        "description",
        "gameFormat",
        "id",
        "maxParticipants",
        "name",
        "organizer",
        "pairing",
        "participantCount",
        "prizePool",
        "rules",
        "startDate",
        "status",
      ].sort(),
    );
    expect(card.organizer).toEqual({ id: organizer.id, username: null, firstName: "Org" });
    const other = await json<any[]>(await request("/api/tournaments?communityId=duelcraft"));
    expect(other.some((c) => c.id === t.id)).toBe(false);
  });

  it("paginates with limit and offset", async () => {
    const organizer = await signUp("Pager");
    for (let i = 0; i < 3; i++) await createTournament(organizer, { communityId: "bladeforge" });
    const first = await json<any[]>(await request("/api/tournaments?communityId=bladeforge&limit=2"));
    const second = await json<any[]>(await request("/api/tournaments?communityId=bladeforge&limit=2&offset=2"));
    expect(first).toHaveLength(2);
    expect(second.length).toBeGreaterThanOrEqual(1);
    expect(second.map((c) => c.id)).not.toContain(first[0].id);
  });

  it("validates the body and the query (400 with issues), needs sign-in (401)", async () => {
    const organizer = await signUp("Val");
    const bad = await request("/api/tournaments", {
      cookie: organizer.cookie,
      body: { name: "", gameFormat: "legacy", maxParticipants: 6, startDate: "next friday", communityId: "mtg", pairing: "round_robin" },
    });
    expect(bad.status).toBe(400);
    const issues = (await json(bad)).issues.map((i: any) => i.path[0]).sort();
    expect(issues).toEqual(["gameFormat", "maxParticipants", "name", "pairing", "startDate"]);
    const past = await request("/api/tournaments", {
      cookie: organizer.cookie,
      body: { name: "Past", gameFormat: "draft", maxParticipants: 4, startDate: "2020-01-01T19:00:00Z", communityId: "mtg" },
    });
    expect(past.status).toBe(400);
    expect((await json(past)).issues).toMatchObject([
      { path: ["startDate"], message: "This start has passed: a tournament starts in the future" },
    ]);
    const unknown = await request("/api/tournaments", {
      cookie: organizer.cookie,
      body: { name: "X", gameFormat: "draft", maxParticipants: 4, startDate: future(), communityId: "nowhere" },
    });
    expect(unknown.status).toBe(400);
    expect((await request("/api/tournaments", { body: { name: "X" } })).status).toBe(401);
    expect((await request("/api/tournaments?status=paused")).status).toBe(400);
    expect((await request("/api/tournaments?limit=0")).status).toBe(400);
    expect((await request(`/api/tournaments/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("create rate limit", () => {
  it("lets a member create 10 tournaments an hour, then answers 429", async () => {
    const organizer = await signUp("Busy");
    for (let i = 0; i < 10; i++) await createTournament(organizer);
    const res = await request("/api/tournaments", {
      cookie: organizer.cookie,
      body: { name: "One too many", gameFormat: "draft", maxParticipants: 4, startDate: future(), communityId: "mtg" },
    });
    expect(res.status).toBe(429);
  });
});

describe("membership", () => {
  it("joins once, leaves before the start, refuses a join after it", async () => {
    const [organizer, a, b, late] = await members(4, "Mem");
    const t = await createTournament(organizer);
    expect(await json(await post(`/api/tournaments/${t.id}/join`, a))).toEqual({ tournamentId: t.id, userId: a.id, participantCount: 1 });
    const again = await post(`/api/tournaments/${t.id}/join`, a);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("You have already joined this tournament");
    expect((await post(`/api/tournaments/${t.id}/leave`, a)).status).toBe(200);
    expect((await post(`/api/tournaments/${t.id}/leave`, a)).status).toBe(409);
    await joinAll(t.id, [a, b]);
    expect((await post(`/api/tournaments/${t.id}/start`, organizer)).status).toBe(200);
    const closed = await post(`/api/tournaments/${t.id}/join`, late);
    expect(closed.status).toBe(409);
    expect((await json(closed)).message).toBe("This tournament is no longer open for registration");
    expect((await post(`/api/tournaments/${t.id}/leave`, a)).status).toBe(409);
    expect((await post(`/api/tournaments/${t.id}/join`, { ...late, cookie: "" })).status).toBe(401);
  });

  it("capacity race: 12 members join an 8-seat event at once, exactly 8 get in", async () => {
    const organizer = await signUp("Race");
    const t = await createTournament(organizer, { maxParticipants: 8 });
    const crowd = await members(12, "Rush");
    const results = await Promise.all(crowd.map((m) => post(`/api/tournaments/${t.id}/join`, m)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    for (const r of results.filter((r) => r.status === 409)) expect((await json(r)).message).toBe("This tournament is full");
    const after = await detail(t.id);
    expect(after.participantCount).toBe(8);
    expect(after.participants).toHaveLength(8);
  });
});

describe("permissions", () => {
  it("lets only the organizer start, pair, finish and edit (403 otherwise)", async () => {
    const [organizer, a, b] = await members(3, "Perm");
    const t = await createTournament(organizer);
    await joinAll(t.id, [a, b]);
    for (const action of ["start", "rounds", "finish"]) expect((await post(`/api/tournaments/${t.id}/${action}`, a)).status).toBe(403);
    const patch = await request(`/api/tournaments/${t.id}`, { method: "PATCH", cookie: a.cookie, body: { name: "Mine now" } });
    expect(patch.status).toBe(403);
    const ok = await request(`/api/tournaments/${t.id}`, {
      method: "PATCH",
      cookie: organizer.cookie,
      body: { name: "Renamed", prizePool: "Booster box", rules: "Best of three" },
    });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ name: "Renamed", prizePool: "Booster box", rules: "Best of three" });
    expect((await request(`/api/tournaments/${t.id}`, { method: "PATCH", cookie: organizer.cookie, body: { name: "" } })).status).toBe(400);
    expect((await post(`/api/tournaments/${t.id}/start`, organizer)).status).toBe(200);
    const started = await detail(t.id);
    const match = started.rounds[0].matches[0];
    const stranger = await signUp("Stranger");
    expect((await post(`/api/tournaments/${t.id}/matches/${match.id}/result`, stranger, { player1Wins: 2, player2Wins: 0 })).status).toBe(
      403,
    );
    expect((await post(`/api/tournaments/${t.id}/matches/${match.id}/room`, stranger)).status).toBe(403);
    expect(
      (await post(`/api/tournaments/${t.id}/matches/${crypto.randomUUID()}/result`, organizer, { player1Wins: 2, player2Wins: 0 })).status,
    ).toBe(404);
    // Out-of-range games: 400.
    expect((await post(`/api/tournaments/${t.id}/matches/${match.id}/result`, organizer, { player1Wins: 4, player2Wins: 0 })).status).toBe(
      400,
    );
    await post(`/api/tournaments/${t.id}/matches/${match.id}/result`, organizer, { player1Wins: 2, player2Wins: 0 });
    expect((await post(`/api/tournaments/${t.id}/finish`, organizer)).status).toBe(200);
    const locked = await request(`/api/tournaments/${t.id}`, { method: "PATCH", cookie: organizer.cookie, body: { name: "Too late" } });
    expect(locked.status).toBe(409);
  });

  it("refuses to start with fewer than 2 participants, and twice", async () => {
    const [organizer, a, b] = await members(3, "Few");
    const t = await createTournament(organizer);
    await joinAll(t.id, [a]);
    expect((await post(`/api/tournaments/${t.id}/start`, organizer)).status).toBe(409);
    await joinAll(t.id, [b]);
    const [one, two] = await Promise.all([
      post(`/api/tournaments/${t.id}/start`, organizer),
      post(`/api/tournaments/${t.id}/start`, organizer),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const d = await detail(t.id);
    expect(d.rounds).toHaveLength(1);
    expect(d.rounds[0].matches).toHaveLength(1);
  });
});

describe("match results", () => {
  async function startedPair() {
    const [organizer, a, b] = await members(3, "Res");
    const t = await createTournament(organizer);
    await joinAll(t.id, [a, b]);
    await post(`/api/tournaments/${t.id}/start`, organizer);
    const match = (await detail(t.id)).rounds[0].matches[0];
    const byId = new Map([a, b].map((m) => [m.id, m]));
    return { t, organizer, match, p1: byId.get(match.player1Id)!, p2: byId.get(match.player2Id)! };
  }
  const result = (t: any, match: any, m: Member, body: unknown) => post(`/api/tournaments/${t.id}/matches/${match.id}/result`, m, body);

  it("completes when both players agree", async () => {
    const { t, match, p1, p2 } = await startedPair();
    const first = await json(await result(t, match, p1, { player1Wins: 2, player2Wins: 1, draws: 0 }));
    expect(first).toMatchObject({ status: "pending", player1Reported: true, player2Reported: false, player1Wins: 0 });
    const both = await json(await result(t, match, p2, { player1Wins: 2, player2Wins: 1 }));
    expect(both).toMatchObject({ status: "completed", player1Wins: 2, player2Wins: 1, draws: 0 });
    expect((await result(t, match, p2, { player1Wins: 0, player2Wins: 2 })).status).toBe(409);
  });

  it("refuses a score a best-of-three match cannot end on (3-3, 3-0, 2-2, four draws), from a player, the organizer or the page", async () => {
    const { t, organizer, match, p1 } = await startedPair();
    for (const [who, body] of [
      [p1, { player1Wins: 3, player2Wins: 3 }],
      [organizer, { player1Wins: 3, player2Wins: 0 }],
      [organizer, { player1Wins: 2, player2Wins: 2 }],
      [p1, { player1Wins: 1, player2Wins: 0, draws: 4 }],
    ] as const) {
      const res = await result(t, match, who, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).issues.length).toBeGreaterThan(0);
    }
    const page = await request(`/tournaments/${t.id}`, {
      method: "POST",
      cookie: organizer.cookie,
      body: new URLSearchParams({ intent: "result", matchId: match.id, player1Wins: "2", player2Wins: "2", draws: "0" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
    });
    expect(await page.text()).toContain("A best-of-three match ends when one player has won two games");
    expect((await detail(t.id)).rounds[0].matches[0]).toMatchObject({ status: "pending", player1Wins: 0, player2Wins: 0 });
  });

  it("is disputed on differing reports until the organizer's final report", async () => {
    const { t, organizer, match, p1, p2 } = await startedPair();
    await result(t, match, p1, { player1Wins: 2, player2Wins: 0 });
    const disputed = await json(await result(t, match, p2, { player1Wins: 0, player2Wins: 2 }));
    expect(disputed.status).toBe("disputed");
    expect((await post(`/api/tournaments/${t.id}/rounds`, organizer)).status).toBe(409);
    const notice = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ? AND title LIKE 'Disputed%'")
      .bind(organizer.id)
      .first();
    expect(notice).not.toBeNull();
    const final = await json(await result(t, match, organizer, { player1Wins: 1, player2Wins: 2, draws: 0 }));
    expect(final).toMatchObject({ status: "completed", player1Wins: 1, player2Wins: 2 });
    expect((await result(t, match, p1, { player1Wins: 2, player2Wins: 0 })).status).toBe(409);
  });

  it("two players reporting the same result at once complete the match", async () => {
    const { t, match, p1, p2 } = await startedPair();
    const body = { player1Wins: 2, player2Wins: 0, draws: 1 };
    await Promise.all([result(t, match, p1, body), result(t, match, p2, body)]);
    const m = (await detail(t.id)).rounds[0].matches[0];
    expect(m).toMatchObject({ status: "completed", player1Wins: 2, player2Wins: 0, draws: 1 });
  });
});

describe("a full 8-player Swiss event through the API", () => {
  it("pairs three rounds without rematches, notifies players and ranks by the MTR", async () => {
    const organizer = await signUp("Judge");
    const players = await members(8, "Swiss");
    // Strength order: players[0] beats everyone below; a clear result every time.
    const strength = new Map(players.map((p, i) => [p.id, i]));
    const byId = new Map(players.map((p) => [p.id, p]));
    const t = await createTournament(organizer);
    await joinAll(t.id, players);
    const started = await json(await post(`/api/tournaments/${t.id}/start`, organizer));
    expect(started).toMatchObject({ status: "active", currentRound: 1, suggestedRounds: 3 });
    expect(started.participants.map((p: any) => p.seed).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const notices = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE type = 'tournament' AND action_url = ?")
      .bind(`/tournaments/${t.id}`)
      .first<{ n: number }>();
    expect(notices!.n).toBe(8);

    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const d = await detail(t.id);
      const matches = d.rounds[round - 1].matches;
      expect(matches).toHaveLength(4);
      const seated = matches.flatMap((m: any) => [m.player1Id, m.player2Id]);
      expect(new Set(seated).size).toBe(8);
      for (const [i, m] of matches.entries()) {
        const key = [m.player1Id, m.player2Id].sort().join("|");
        expect(met.has(key)).toBe(false);
        met.add(key);
        const p1Stronger = strength.get(m.player1Id)! < strength.get(m.player2Id)!;
        const body = p1Stronger ? { player1Wins: 2, player2Wins: i % 2, draws: 0 } : { player1Wins: i % 2, player2Wins: 2, draws: 0 };
        // Both players report the same result.
        expect((await post(`/api/tournaments/${t.id}/matches/${m.id}/result`, byId.get(m.player1Id)!, body)).status).toBe(200);
        if (i === 0) expect((await post(`/api/tournaments/${t.id}/rounds`, organizer)).status).toBe(409);
        expect((await post(`/api/tournaments/${t.id}/matches/${m.id}/result`, byId.get(m.player2Id)!, body)).status).toBe(200);
      }
      if (round < 3) expect((await post(`/api/tournaments/${t.id}/rounds`, organizer)).status).toBe(201);
    }

    const standings = await json<any[]>(await request(`/api/tournaments/${t.id}/standings`));
    expect(standings).toHaveLength(8);
    expect(Object.keys(standings[0]).sort()).toEqual([
      "draws",
      "gw",
      "losses",
      "matchPoints",
      "name",
      "ogw",
      "omw",
      "rank",
      "userId",
      "wins",
    ]);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // With a strict strength order, 3 rounds of 8 give one 3-0, three 2-1, three 1-2 and one 0-3.
    expect(standings.map((s) => s.matchPoints)).toEqual([9, 6, 6, 6, 3, 3, 3, 0]);
    expect(standings[0]).toMatchObject({ userId: players[0].id, name: "Swiss1 Member", wins: 3, losses: 0, draws: 0 });
    expect(standings[7].userId).toBe(players[7].id);
    for (const s of standings) for (const f of [s.omw, s.gw, s.ogw]) expect(round4(f)).toBe(f);

    // The API's standings are the pure rules applied to the recorded matches.
    const d = await detail(t.id);
    const recorded = d.rounds.flatMap((r: any) => r.matches.map((m: any) => ({ round: r.number, ...m })));
    const expected = computeStandings(
      players.map((p) => p.id),
      recorded,
    );
    for (const s of standings) {
      const e = expected.find((x) => x.userId === s.userId)!;
      expect([s.matchPoints, s.omw, s.gw, s.ogw]).toEqual([e.matchPoints, round4(e.omw), round4(e.gw), round4(e.ogw)]);
    }
    const finished = await json(await post(`/api/tournaments/${t.id}/finish`, organizer));
    expect(finished.status).toBe("completed");
    expect(finished.rounds.every((r: any) => r.status === "completed")).toBe(true);
    expect((await post(`/api/tournaments/${t.id}/rounds`, organizer)).status).toBe(409);
  });

  it("gives an odd field one bye per round (2-0 win) and never pairs a dropped player", async () => {
    const organizer = await signUp("Odd");
    const players = await members(5, "Odd");
    const t = await createTournament(organizer);
    await joinAll(t.id, players);
    await post(`/api/tournaments/${t.id}/start`, organizer);
    let d = await detail(t.id);
    const bye = d.rounds[0].matches.find((m: any) => m.player2Id === null);
    expect(bye).toMatchObject({ status: "completed", player1Wins: 2, player2Wins: 0 });
    // Someone in a real match drops: their match is conceded 0-2.
    const open = d.rounds[0].matches.find((m: any) => m.player2Id !== null);
    const quitter = players.find((p) => p.id === open.player1Id)!;
    expect(await json(await post(`/api/tournaments/${t.id}/drop`, quitter))).toEqual({
      tournamentId: t.id,
      userId: quitter.id,
      dropped: true,
    });
    expect((await post(`/api/tournaments/${t.id}/drop`, quitter)).status).toBe(409);
    d = await detail(t.id);
    expect(d.rounds[0].matches.find((m: any) => m.id === open.id)).toMatchObject({ status: "completed", player1Wins: 0, player2Wins: 2 });
    for (const m of d.rounds[0].matches.filter((m: any) => m.status !== "completed")) {
      await post(`/api/tournaments/${t.id}/matches/${m.id}/result`, organizer, { player1Wins: 2, player2Wins: 0 });
    }
    // Two "next round" clicks at once pair exactly one round.
    const twice = await Promise.all([
      post(`/api/tournaments/${t.id}/rounds`, organizer),
      post(`/api/tournaments/${t.id}/rounds`, organizer),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    d = await detail(t.id);
    expect(d.rounds).toHaveLength(2);
    const round2 = d.rounds[1].matches;
    const seated = round2.flatMap((m: any) => [m.player1Id, m.player2Id]).filter(Boolean);
    expect(seated).not.toContain(quitter.id);
    expect(seated).toHaveLength(4);
    expect(round2.every((m: any) => m.player2Id !== null)).toBe(true);
    const standings = await json<any[]>(await request(`/api/tournaments/${t.id}/standings`));
    expect(standings.find((s) => s.userId === bye.player1Id)).toMatchObject({ matchPoints: 3, wins: 1, gw: 1 });
  });
});

describe("single elimination", () => {
  it("gives byes to the top seeds, refuses draws, advances winners to a final", async () => {
    const organizer = await signUp("Bracket");
    const players = await members(5, "Elim");
    const t = await createTournament(organizer, { pairing: "single_elimination", maxParticipants: 8 });
    await joinAll(t.id, players);
    let d = await json(await post(`/api/tournaments/${t.id}/start`, organizer));
    const seedOf = new Map(d.participants.map((p: any) => [p.userId, p.seed]));
    const round1 = d.rounds[0].matches;
    expect(round1).toHaveLength(4);
    const byes = round1
      .filter((m: any) => m.player2Id === null)
      .map((m: any) => seedOf.get(m.player1Id))
      .sort();
    expect(byes).toEqual([1, 2, 3]);
    const real = round1.find((m: any) => m.player2Id !== null);
    expect([seedOf.get(real.player1Id), seedOf.get(real.player2Id)]).toEqual([4, 5]);
    expect((await post(`/api/tournaments/${t.id}/matches/${real.id}/result`, organizer, { player1Wins: 1, player2Wins: 1 })).status).toBe(
      400,
    );
    await post(`/api/tournaments/${t.id}/matches/${real.id}/result`, organizer, { player1Wins: 0, player2Wins: 2 });
    for (let round = 2; round <= 3; round++) {
      d = await json(await post(`/api/tournaments/${t.id}/rounds`, organizer));
      const matches = d.rounds[round - 1].matches;
      expect(matches).toHaveLength(round === 2 ? 2 : 1);
      for (const m of matches) await post(`/api/tournaments/${t.id}/matches/${m.id}/result`, organizer, { player1Wins: 2, player2Wins: 0 });
    }
    // Round 2: seed 1 meets the winner of 4-5 (seed 5).
    expect(seedOf.get(d.rounds[1].matches[0].player2Id)).toBe(5);
    const done = await post(`/api/tournaments/${t.id}/rounds`, organizer);
    expect(done.status).toBe(409);
    expect((await json(done)).message).toBe("The bracket has its champion: finish the tournament");
    const standings = await json<any[]>(await request(`/api/tournaments/${t.id}/standings`));
    expect(standings[0].userId).toBe(d.rounds[2].matches[0].player1Id);
  });
});

describe("match rooms", () => {
  it("opens one two-seat TableSync room per match, linked to it", async () => {
    const [organizer, a, b] = await members(3, "Room");
    const t = await createTournament(organizer, { gameFormat: "standard" });
    await joinAll(t.id, [a, b]);
    await post(`/api/tournaments/${t.id}/start`, organizer);
    const match = (await detail(t.id)).rounds[0].matches[0];
    const [first, second] = await Promise.all([
      post(`/api/tournaments/${t.id}/matches/${match.id}/room`, a),
      post(`/api/tournaments/${t.id}/matches/${match.id}/room`, b),
    ]);
    const one = await json(first);
    const two = await json(second);
    expect(one.gameSessionId).toBeTypeOf("string");
    expect(two.gameSessionId).toBe(one.gameSessionId);
    expect((await json(await post(`/api/tournaments/${t.id}/matches/${match.id}/room`, organizer))).gameSessionId).toBe(one.gameSessionId);
    const session = await env.DB.prepare(
      "SELECT status, max_players, current_players, tournament_match_id, format, community_id FROM game_sessions WHERE id = ?",
    )
      .bind(one.gameSessionId)
      .first();
    expect(session).toEqual({
      status: "waiting",
      max_players: 2,
      current_players: 1,
      tournament_match_id: match.id,
      format: "standard",
      community_id: "scry-gather",
    });
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM game_sessions WHERE tournament_match_id = ?")
      .bind(match.id)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(1);
    expect((await detail(t.id)).rounds[0].matches[0].gameSessionId).toBe(one.gameSessionId);
  });

  it("seats only the match's two players; others may watch and the room stays out of the lobby", async () => {
    const [organizer, a, b, stranger] = await members(4, "Seat");
    const t = await createTournament(organizer, { gameFormat: "standard" });
    await joinAll(t.id, [a, b]);
    await post(`/api/tournaments/${t.id}/start`, organizer);
    const match = (await detail(t.id)).rounds[0].matches[0];
    const { gameSessionId } = await json(await post(`/api/tournaments/${t.id}/matches/${match.id}/room`, organizer));
    const players = [match.player1Id, match.player2Id];
    const [first, second] = [a, b].sort((x, y) => players.indexOf(x.id) - players.indexOf(y.id));
    // Opened by the organizer, the room is hosted by player 1; joining again is idempotent.
    expect((await post(`/api/game-sessions/${gameSessionId}/join`, first)).status).toBe(200);
    const refused = await post(`/api/game-sessions/${gameSessionId}/join`, stranger);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe("Only the players of this match can take a seat");
    expect((await post(`/api/game-sessions/${gameSessionId}/spectate`, stranger)).status).toBe(200);
    expect((await post(`/api/game-sessions/${gameSessionId}/join`, second)).status).toBe(200);
    const lobby = await json<any[]>(await request("/api/game-sessions?status=waiting&limit=100"));
    expect(lobby.some((s) => s.id === gameSessionId)).toBe(false);
    expect((await json(await request(`/api/game-sessions/${gameSessionId}`))).tournamentMatchId).toBe(match.id);
  });
});
