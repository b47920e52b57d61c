/**
 * Over 300 lines: recording, answering, reading and the stats of one result share their ended-room fixture.
 */
import { env } from "cloudflare:workers";
import { communityCookieValue } from "../app/lib/community-cookie";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { afterEach, describe, expect, it } from "vitest";
import { json, request, type Member } from "./helpers";
import { postForm, queriesOf } from "./page-forms";
import { closeAllSockets, joinRoom, mirrored, ofType, signUp } from "./room-socket";
import { submitForm } from "./single-fetch";

/**
 * Issue 27 §2: the host records a finished room's result, the other players confirm or dispute it, and it reads
 * back through the API (a token needs results:read), the profile and the realm dashboard.
 */

afterEach(() => closeAllSockets());

const COMMUNITY = "bladeforge";

/** A Commander room of `names.length` seated players (the first hosts), started and ended by the host. */
async function endedTable(names: string[], bracket = 3) {
  const members = await Promise.all(names.map((n, i) => signUp(n, i === 0 ? "Host" : "Player")));
  const [host] = members;
  const res = await request("/api/game-sessions", {
    cookie: host!.cookie,
    body: { maxPlayers: 4, communityId: COMMUNITY, gameData: { name: "Results pod", format: "commander", bracket } },
  });
  expect(res.status).toBe(201);
  const id = (await json(res)).id as string;
  const sockets = [];
  for (const m of members) sockets.push(await joinRoom(m, id));
  expect((await submitForm(`/tablesync/room/${id}`, host!, { intent: "start" })).status).toBe(200);
  await sockets[0]!.socket.next(ofType("game_started"));
  sockets[0]!.socket.send({ type: "end_game", sessionId: id });
  await sockets[0]!.socket.next(ofType("room_ended"));
  // The room ends the game, then mirrors it to D1, where the result is recorded.
  await mirrored(id, { status: "completed" });
  closeAllSockets();
  return { id, members };
}

const record = (id: string, m: Member, body: unknown) => request(`/api/game-sessions/${id}/result`, { cookie: m.cookie, body });
const respond = (id: string, m: Member, body: unknown) => request(`/api/game-sessions/${id}/result/response`, { cookie: m.cookie, body });
const read = (id: string, m: Member) => request(`/api/game-sessions/${id}/result`, { cookie: m.cookie });
const notificationsOf = async (m: Member) => (await json(await request("/api/notifications", { cookie: m.cookie }))).notifications as any[];
const count = async (sqlText: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sqlText)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("recording a result", () => {
  it("records the host's result with each seat, asks the others to confirm, and confirms when all have", async () => {
    const { id, members } = await endedTable(["Ann", "Ben", "Cat"]);
    const [ann, ben, cat] = members as [Member, Member, Member];
    const res = await record(id, ann, {
      outcome: "win",
      winnerId: ben.id,
      endTurn: 9,
      commanders: [
        { playerId: ben.id, commander: "Krenko, Mob Boss" },
        { playerId: cat.id, commander: "Atraxa" },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const result = await json(res);
    expect(result).toMatchObject({
      sessionId: id,
      status: "pending",
      outcome: "win",
      winnerId: ben.id,
      endTurn: 9,
      format: "commander",
      bracket: 3,
    });
    expect(result.players.map((p: any) => [p.name, p.seat, p.commander, p.winner, p.response])).toEqual([
      ["Ann Host", 1, null, false, "host"],
      ["Ben Player", 2, "Krenko, Mob Boss", true, "pending"],
      ["Cat Player", 3, "Atraxa", false, "pending"],
    ]);
    for (const m of [ben, cat]) {
      const asked = (await notificationsOf(m)).filter((n) => n.title === "Confirm the result");
      expect(asked).toHaveLength(1);
      expect(asked[0].actionUrl).toBe(`/tablesync/room/${id}`);
      expect(asked[0].message).toContain("Ben Player won");
    }
    expect((await notificationsOf(ann)).some((n) => n.title === "Confirm the result")).toBe(false);

    const first = await respond(id, ben, { response: "confirm" });
    expect(first.status).toBe(200);
    expect(queriesOf(first)).toBeLessThanOrEqual(5);
    expect((await json(first)).status).toBe("pending");
    const last = await respond(id, cat, { response: "confirm" });
    const confirmed = await json(last);
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.confirmedAt).toEqual(expect.any(String));
    // Every member who may see the room reads it; a second answer is refused.
    const outsider = await signUp("Dee");
    const seen = await read(id, outsider);
    expect(seen.status).toBe(200);
    expect(queriesOf(seen)).toBeLessThanOrEqual(5);
    expect(await json(seen)).toEqual(confirmed);
    expect((await respond(id, cat, { response: "dispute" })).status).toBe(409);
    expect((await record(id, ann, { outcome: "draw" })).status).toBe(409);
  });

  it("refuses anyone but the host, a room still playing, a winner who did not play and bad bodies", async () => {
    const { id, members } = await endedTable(["Eve", "Fay"]);
    const [eve, fay] = members as [Member, Member];
    expect((await record(id, fay, { outcome: "draw" })).status).toBe(403);
    const outsider = await signUp("Gus");
    const wrongWinner = await record(id, eve, { outcome: "win", winnerId: outsider.id });
    expect(wrongWinner.status).toBe(400);
    expect((await json(wrongWinner)).issues[0]).toMatchObject({ path: ["winnerId"] });
    for (const body of [
      { outcome: "win" },
      { outcome: "draw", winnerId: fay.id },
      { outcome: "lose" },
      { outcome: "draw", endTurn: 0 },
      "x",
    ]) {
      const res = await record(id, eve, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: expect.any(String) });
    }
    expect((await read(id, eve)).status).toBe(404);
    expect((await respond(id, fay, { response: "confirm" })).status).toBe(404);
    expect((await respond(id, fay, { response: "maybe" })).status).toBe(400);

    const open = await request("/api/game-sessions", {
      cookie: eve.cookie,
      body: { maxPlayers: 2, communityId: COMMUNITY, gameData: { name: "Still open", format: "commander", bracket: 2 } },
    });
    const openId = (await json(open)).id;
    const early = await record(openId, eve, { outcome: "draw" });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe("Record the result after the game has ended");
  });

  it("a dispute notifies the host with the reason; the corrected result asks everyone again", async () => {
    const { id, members } = await endedTable(["Hal", "Ida", "Jon"]);
    const [hal, ida, jon] = members as [Member, Member, Member];
    expect((await record(id, hal, { outcome: "win", winnerId: hal.id, endTurn: 5 })).status).toBe(201);
    expect((await respond(id, ida, { response: "confirm" })).status).toBe(200);
    const disputed = await respond(id, jon, { response: "dispute", reason: "Ida won on turn 6" });
    expect((await json(disputed)).status).toBe("disputed");
    const told = (await notificationsOf(hal)).filter((n) => n.title === "The result was disputed");
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain("Ida won on turn 6");
    expect(told[0].actionUrl).toBe(`/tablesync/room/${id}`);
    // Nobody answers a disputed result; the host corrects it.
    expect((await respond(id, ida, { response: "dispute" })).status).toBe(409);
    const again = await record(id, hal, { outcome: "win", winnerId: ida.id, endTurn: 6 });
    expect(again.status).toBe(201);
    const corrected = await json(again);
    expect(corrected.players.map((p: any) => p.response)).toEqual(["host", "pending", "pending"]);
    expect(await count("SELECT count(*) AS n FROM game_results WHERE session_id = ?", id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM game_result_players WHERE session_id = ?", id)).toBe(3);
    expect((await notificationsOf(ida)).filter((n) => n.title === "Confirm the result")).toHaveLength(2);
    expect((await respond(id, ida, { response: "confirm" })).status).toBe(200);
    expect((await json(await respond(id, jon, { response: "confirm" }))).status).toBe("confirmed");
  });

  it("records once when the host submits twice at the same time, and takes one answer per player", async () => {
    const { id, members } = await endedTable(["Kim", "Lou"]);
    const [kim, lou] = members as [Member, Member];
    const answers = await Promise.all([record(id, kim, { outcome: "draw" }), record(id, kim, { outcome: "win", winnerId: lou.id })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("SELECT count(*) AS n FROM game_results WHERE session_id = ?", id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM game_result_players WHERE session_id = ?", id)).toBe(2);
    expect((await notificationsOf(lou)).filter((n) => n.title === "Confirm the result")).toHaveLength(1);
    const both = await Promise.all([respond(id, lou, { response: "confirm" }), respond(id, lou, { response: "dispute" })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title = 'The result was disputed'", kim.id),
    ).toBeLessThanOrEqual(1);
  });
});

describe("commanders from the seats", () => {
  it("prefills each player's commander and bracket from their seat's Rule 0 deck", async () => {
    const { id, members } = await endedTable(["Cy", "Di"]);
    const [cy, di] = members as [Member, Member];
    // What a seat says after Rule 0 (the room's set_deck frame writes these columns).
    await env.DB.prepare("UPDATE game_session_members SET deck_name = ?, deck_bracket = ? WHERE session_id = ? AND user_id = ?")
      .bind("Atraxa superfriends", 4, id, di.id)
      .run();
    const hostPage = await (await request(`/tablesync/room/${id}`, { cookie: cy.cookie, headers: { Host: "localhost" } })).text();
    expect(hostPage).toContain('value="Atraxa superfriends"');
    const result = await json(await record(id, cy, { outcome: "draw" }));
    expect(result.players.find((p: any) => p.id === di.id)).toMatchObject({ commander: "Atraxa superfriends", bracket: 4, winner: false });
    expect(result.players.find((p: any) => p.id === cy.id)).toMatchObject({ commander: null, bracket: null, response: "host" });
  });
});

describe("the gameResult rate limit", () => {
  it("refuses a host over it with 429 before anything is written", async () => {
    const { id, members } = await endedTable(["Abe", "Bea"]);
    const [abe] = members as [Member, Member];
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`gameResult:${abe.id}`, Date.now(), RATE_LIMITS.gameResult.limit)
      .run();
    const res = await record(id, abe, { outcome: "draw" });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await count("SELECT count(*) AS n FROM game_results WHERE session_id = ?", id)).toBe(0);
  });
});

describe("tournament match rooms", () => {
  it("refuse this result flow: the tournament reports them", async () => {
    const [organizer, a, b] = await Promise.all([signUp("Org"), signUp("Pia"), signUp("Quin")]);
    const startDate = new Date(Date.now() + 30 * 60_000).toISOString(); // startable: within the hour before its date
    const t = await json(
      await request("/api/tournaments", {
        cookie: organizer.cookie,
        body: { name: `Cup ${crypto.randomUUID().slice(0, 8)}`, gameFormat: "modern", maxParticipants: 8, startDate, communityId: "mtg" },
      }),
    );
    for (const p of [a, b]) expect((await request(`/api/tournaments/${t.id}/join`, { cookie: p.cookie, method: "POST" })).status).toBe(200);
    await request(`/api/tournaments/${t.id}/start`, { cookie: organizer.cookie, method: "POST" });
    const match = (await json(await request(`/api/tournaments/${t.id}`))).rounds[0].matches[0];
    const room = await json(await request(`/api/tournaments/${t.id}/matches/${match.id}/room`, { cookie: a.cookie, method: "POST" }));
    // The member who opened the match room hosts it.
    const res = await record(room.gameSessionId, a, { outcome: "win", winnerId: a.id });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("Tournament match results are reported in the tournament");
    const answered = await respond(room.gameSessionId, b, { response: "confirm" });
    expect(answered.status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM game_results WHERE session_id = ?", room.gameSessionId)).toBe(0);
  });
});

describe("reading a result with a token", () => {
  it("works with results:read and is refused without it", async () => {
    const { id, members } = await endedTable(["Ray", "Sam"]);
    const [ray, sam] = members as [Member, Member];
    expect((await record(id, ray, { outcome: "win", winnerId: sam.id })).status).toBe(201);
    const token = async (scopes: string[]) =>
      (await json(await request("/api/tokens", { cookie: ray.cookie, body: { name: `bot ${scopes.join()}`, scopes } }))).token as string;
    const withToken = (t: string, init: { body?: unknown } = {}) =>
      request(`/api/game-sessions/${id}/result${init.body ? "/response" : ""}`, {
        ...init,
        origin: null,
        headers: { Authorization: `Bearer ${t}` },
      });
    const reader = await token(["results:read"]);
    const ok = await withToken(reader);
    expect(ok.status).toBe(200);
    expect(queriesOf(ok)).toBeLessThanOrEqual(5);
    expect((await json(ok)).winnerId).toBe(sam.id);
    expect((await withToken(await token(["rooms:read"]))).status).toBe(403);
    // Answering is the players' own act: never a token's.
    expect((await withToken(reader, { body: { response: "confirm" } })).status).toBe(403);
  });
});

describe("the room page of an ended room (forms without JavaScript)", () => {
  const page = async (id: string, m: Member) => {
    const res = await request(`/tablesync/room/${id}`, { cookie: m.cookie, headers: { Host: "localhost" } });
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    return res.text();
  };

  it("lets the host record, errors beside the fields, then the other player confirms", async () => {
    const { id, members } = await endedTable(["Una", "Vic"]);
    const [una, vic] = members as [Member, Member];
    const hostPage = await page(id, una);
    expect(hostPage).toContain('aria-label="Record the result"');
    expect(hostPage).toContain(`name="commander:${vic.id}"`);
    expect(await page(id, vic)).toContain("The host has not recorded the result yet.");

    const missing = await postForm(`/tablesync/room/${id}`, una, { intent: "record_result", endTurn: "200" });
    expect(missing.status).toBe(400);
    const refusedHtml = await missing.text();
    expect(refusedHtml).toContain('id="result-winner-error"');
    expect(refusedHtml).toContain('id="result-end-turn-error"');
    expect(refusedHtml).toContain('value="200"');

    const recorded = await postForm(`/tablesync/room/${id}`, una, {
      intent: "record_result",
      winner: vic.id,
      endTurn: "8",
      [`commander:${una.id}`]: "Edgar Markov",
      [`commander:${vic.id}`]: "",
    });
    expect(recorded.status).toBe(200);
    const afterRecord = await recorded.text();
    expect(afterRecord).toContain("Vic Player won");
    expect(afterRecord).toContain("Edgar Markov");
    const vicPage = await page(id, vic);
    expect(vicPage).toContain('aria-label="Answer the result"');

    const confirmed = await postForm(`/tablesync/room/${id}`, vic, { intent: "respond_result", response: "confirm", reason: "" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Confirmed");
    expect((await json(await read(id, una))).status).toBe("confirmed");
    // Anyone else sees the result, and no form.
    const other = await signUp("Wes");
    const otherPage = await page(id, other);
    expect(otherPage).toContain("Vic Player won");
    expect(otherPage).not.toContain('aria-label="Record the result"');
  });
});

describe("profiles and the realm dashboard", () => {
  const html = async (path: string, m: Member, cookie = "") => {
    const res = await request(path, { cookie: `${m.cookie}${cookie}`, headers: { Host: "localhost" } });
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    return res.text();
  };
  const realm = (id: string) => `; selectedCommunityId=${communityCookieValue(id)}`;

  it("counts confirmed results only, lists pending ones marked, and honours a hidden profile", async () => {
    const { id, members } = await endedTable(["Xia", "Yan", "Zed"], 4);
    const [xia, yan, zed] = members as [Member, Member, Member];
    const commander = `Commander ${crypto.randomUUID().slice(0, 8)}`;
    await record(id, xia, { outcome: "win", winnerId: yan.id, endTurn: 7, commanders: [{ playerId: yan.id, commander }] });
    const pending = await html(`/profile/${yan.id}`, xia);
    expect(pending).toContain("Results pod");
    expect(pending).toContain("Awaiting confirmation");
    expect(pending).toContain("0 games");
    expect(await html("/", xia, realm(COMMUNITY))).not.toContain(commander);

    await respond(id, yan, { response: "confirm" });
    await respond(id, zed, { response: "confirm" });
    const own = await html("/profile", yan);
    expect(own).toContain("1 game");
    expect(own).toContain("1 win");
    expect(own).toContain(commander);
    expect(own).toContain("Bracket 4");
    expect(own).not.toContain("Awaiting confirmation");
    const dashboard = await html("/", zed, realm(COMMUNITY));
    expect(dashboard).toContain("Played this week");
    expect(dashboard).toContain(commander);
    expect(await html("/", zed, realm("decksong"))).toContain("No confirmed games in this realm in the last 7 days.");

    // Hidden profile: others see no games and no stats; the owner still does.
    const body = { ...DEFAULT_SETTINGS, privacySettings: { ...DEFAULT_SETTINGS.privacySettings, profileVisible: false } };
    expect((await request("/api/user/settings", { method: "PUT", cookie: yan.cookie, body })).status).toBe(200);
    const hidden = await html(`/profile/${yan.id}`, zed);
    expect(hidden).not.toContain(commander);
    expect(hidden).not.toContain("Results pod");
    expect(await html("/profile", yan)).toContain(commander);
  });
});
