/**
 * Commander tournaments play Swiss pods (issue 37; docs/decisions/2026-11-27-commander-pods.md): the real Worker,
 * D1 and the room service. The pure rules are unit-tested in workers/domain/tournaments/rules/.
 *
 * Over 300 lines: one suite walks a Commander event from its start date through pods, results, time, a top cut
 * and a pod's room.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadMemberHome } from "../app/routes/_index/member-home.server";
import { getDb } from "../workers/db/client";
import { computePodStandings, type ScoredPod } from "../workers/domain/tournaments/rules/pod-scoring";
import { findUserById } from "../workers/domain/members/users";
import { type Member, json, request, signUp } from "./helpers";
import { actionResult, submitForm } from "./single-fetch";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const post = (path: string, m: Member, body?: unknown) => request(path, { cookie: m.cookie, method: "POST", body });
const detail = async (id: string) => json(await request(`/api/tournaments/${id}`));
const standings = async (id: string) => json<any[]>(await request(`/api/tournaments/${id}/standings`));

async function createCup(organizer: Member, overrides: Record<string, unknown> = {}) {
  const res = await post("/api/tournaments", organizer, {
    name: `Pod Cup ${crypto.randomUUID().slice(0, 8)}`,
    gameFormat: "commander",
    maxParticipants: 16,
    startDate: inMinutes(30),
    communityId: "mtg",
    ...overrides,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

/** A Commander cup with `n` players joined, started: the organizer, the players by id, and the detail. */
async function startedCup(n: number, prefix: string) {
  const organizer = await signUp(`${prefix}Org`);
  const cup = await createCup(organizer);
  const players: Member[] = [];
  for (let i = 0; i < n; i++) players.push(await signUp(`${prefix}${i + 1}`));
  for (const p of players) expect((await post(`/api/tournaments/${cup.id}/join`, p)).status).toBe(200);
  const started = await post(`/api/tournaments/${cup.id}/start`, organizer);
  expect(started.status, await started.clone().text()).toBe(200);
  return { organizer, players, byId: new Map(players.map((p) => [p.id, p])), id: cup.id as string, started: await json(started) };
}

const podResult = (id: string, podId: string, m: Member, body: unknown) => post(`/api/tournaments/${id}/pods/${podId}/result`, m, body);
const currentPods = (d: any) => d.rounds.find((r: any) => r.number === d.currentRound).matches;
const seatIds = (pod: any) => pod.seats.map((s: any) => s.userId);

describe("a Commander tournament is created to play in pods", () => {
  it("plays Swiss pods with an 80-minute round unless told; single elimination is refused beside the field", async () => {
    const organizer = await signUp("Podmaker");
    const cup = await createCup(organizer);
    expect(cup).toMatchObject({ pods: true, pairing: "swiss", roundMinutes: 80, stage: "swiss", topCut: null, rounds: [] });
    expect(new Date(cup.startOpensAt).getTime()).toBe(new Date(cup.startDate).getTime() - 60 * 60_000);
    expect((await createCup(organizer, { roundMinutes: 90 })).roundMinutes).toBe(90);

    const refused = await post("/api/tournaments", organizer, {
      name: "Commander knockout",
      gameFormat: "commander",
      maxParticipants: 8,
      startDate: inMinutes(30),
      communityId: "mtg",
      pairing: "single_elimination",
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).issues.map((i: any) => i.path.join("."))).toEqual(["pairing"]);
    const tooShort = await post("/api/tournaments", organizer, {
      name: "Blitz",
      gameFormat: "commander",
      maxParticipants: 8,
      startDate: inMinutes(30),
      communityId: "mtg",
      roundMinutes: 5,
    });
    expect(tooShort.status).toBe(400);

    // One against one stays as it was: no pods, no round time.
    const modern = await createCup(organizer, { gameFormat: "modern", roundMinutes: 50 });
    expect(modern).toMatchObject({ pods: false, roundMinutes: null, topCut: null });
  });
});

describe("a tournament starts no earlier than its date", () => {
  it("refuses a start before its date less 60 minutes, with the date; opens from then (API and page)", async () => {
    const organizer = await signUp("Early");
    const players = await Promise.all([signUp("E1"), signUp("E2"), signUp("E3")]);
    const december = await createCup(organizer, { startDate: inMinutes(7 * 24 * 60) });
    for (const p of players) expect((await post(`/api/tournaments/${december.id}/join`, p)).status).toBe(200);
    const early = await post(`/api/tournaments/${december.id}/start`, organizer);
    expect(early.status).toBe(409);
    const { message } = await json(early);
    expect(message).toContain(new Date(december.startDate).toUTCString());
    expect(message).toContain("60 minutes before");
    // The page's Start button posts the same intent and says the same.
    const viaPage = await actionResult(await submitForm(`/tournaments/${december.id}`, organizer, { intent: "start" }));
    expect(viaPage.data.toast).toMatchObject({ title: "Failed to start tournament", description: message });
    expect((await detail(december.id)).status).toBe("upcoming");

    // One against one follows the same rule.
    const modern = await createCup(organizer, { gameFormat: "modern", startDate: inMinutes(61) });
    for (const p of players.slice(0, 2)) expect((await post(`/api/tournaments/${modern.id}/join`, p)).status).toBe(200);
    expect((await post(`/api/tournaments/${modern.id}/start`, organizer)).status).toBe(409);

    // 59 minutes before its start, the check-in window is open.
    const tonight = await createCup(organizer, { startDate: inMinutes(59) });
    for (const p of players) expect((await post(`/api/tournaments/${tonight.id}/join`, p)).status).toBe(200);
    expect((await post(`/api/tournaments/${tonight.id}/start`, organizer)).status).toBe(200);
  });
});

describe("a Commander tournament that began as matches before pods existed", () => {
  it("finishes the way it began: one against one", async () => {
    const organizer = await signUp("Legacy");
    const cup = await createCup(organizer, { gameFormat: "modern", maxParticipants: 4 });
    const players = await Promise.all([signUp("L1"), signUp("L2"), signUp("L3"), signUp("L4")]);
    for (const p of players) expect((await post(`/api/tournaments/${cup.id}/join`, p)).status).toBe(200);
    expect((await post(`/api/tournaments/${cup.id}/start`, organizer)).status).toBe(200);
    // As a Commander event started before this change was stored: matches, no pods.
    await env.DB.prepare("UPDATE tournaments SET game_format = 'commander' WHERE id = ?").bind(cup.id).run();
    const d = await detail(cup.id);
    expect(d).toMatchObject({ pods: false, roundMinutes: null, topCut: null });
    for (const m of currentPods(d))
      expect((await post(`/api/tournaments/${cup.id}/matches/${m.id}/result`, organizer, { player1Wins: 2, player2Wins: 0 })).status).toBe(
        200,
      );
    const next = await json(await post(`/api/tournaments/${cup.id}/rounds`, organizer));
    expect(currentPods(next).every((m: any) => m.seats.length === 0 && m.player2Id !== null)).toBe(true);
    expect(Object.keys((await standings(cup.id))[0])).toContain("matchPoints");
  });
});

describe("Swiss pods", () => {
  it("seats 13 players in pods of 4, 4 and 5, in turn order, each once, timed, and tells each their seat", async () => {
    const { id, players, started } = await startedCup(13, "Thirteen");
    expect(started).toMatchObject({ status: "active", currentRound: 1, suggestedRounds: 3, topCut: { size: 4, rounds: 1 } });
    const [round] = started.rounds;
    expect(round.stage).toBe("swiss");
    const minutesLeft = (new Date(round.endsAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(79);
    expect(minutesLeft).toBeLessThanOrEqual(80);
    expect(round.matches.map((m: any) => m.seats.length)).toEqual([4, 4, 5]);
    expect(round.matches.map((m: any) => m.table)).toEqual([1, 2, 3]);
    for (const pod of round.matches) {
      expect(pod.seats.map((s: any) => s.seat)).toEqual(pod.seats.map((_: unknown, i: number) => i + 1));
      expect(pod).toMatchObject({ player1Id: null, player2Id: null, status: "pending" });
    }
    expect(round.matches.flatMap(seatIds).sort()).toEqual(players.map((p) => p.id).sort());

    const pod = round.matches[2];
    const third = players.find((p) => p.id === pod.seats[2].userId)!;
    const bell = await json(await request("/api/notifications", { cookie: third.cookie }));
    const notice = (bell.notifications ?? bell).find((n: any) => n.title.startsWith("Round 1 pods"));
    expect(notice.message).toContain("You are in pod 3, seat 3 of 5.");

    const table = await standings(id);
    expect(table).toHaveLength(13);
    expect(Object.keys(table[0]).sort()).toEqual([
      "averageSeat",
      "cut",
      "draws",
      "losses",
      "name",
      "owp",
      "points",
      "rank",
      "userId",
      "wins",
    ]);
  });

  it("takes a pod's result when every player agrees; a different report disputes it and tells the organizer", async () => {
    const { id, organizer, byId, started } = await startedCup(4, "Agree");
    const [pod] = currentPods(started);
    const [a, b, c, d] = seatIds(pod).map((uid: string) => byId.get(uid)!);
    const win = { outcome: "win", winnerId: c.id };

    let answer = await json(await podResult(id, pod.id, a, win));
    expect(answer.status).toBe("pending");
    expect(answer.seats.find((s: any) => s.userId === a.id).report).toEqual(win);
    // A report names a player of the pod, and only the pod's players and the organizer report.
    expect((await podResult(id, pod.id, b, { outcome: "win", winnerId: organizer.id })).status).toBe(400);
    const outsider = await signUp("Outsider");
    expect((await podResult(id, pod.id, outsider, win)).status).toBe(403);
    // The one-against-one result route is not a pod's.
    const asMatch = await post(`/api/tournaments/${id}/matches/${pod.id}/result`, a, { player1Wins: 2, player2Wins: 0 });
    expect(asMatch.status).toBe(409);
    expect((await json(asMatch)).message).toMatch(/^This table is a pod/);

    answer = await json(await podResult(id, pod.id, b, win));
    expect(answer.status).toBe("pending");
    answer = await json(await podResult(id, pod.id, d, { outcome: "win", winnerId: d.id }));
    expect(answer.status).toBe("disputed");
    const bell = await json(await request("/api/notifications", { cookie: organizer.cookie }));
    expect((bell.notifications ?? bell).some((n: any) => n.title.startsWith("Disputed result"))).toBe(true);

    // D takes it back; C confirms: everyone agrees, the pod is final with 5 points to C.
    expect((await json(await podResult(id, pod.id, d, win))).status).toBe("pending");
    answer = await json(await podResult(id, pod.id, c, win));
    expect(answer.status).toBe("completed");
    expect(answer.seats.map((s: any) => s.outcome)).toEqual(seatIds(pod).map((uid: string) => (uid === c.id ? "win" : "loss")));
    expect((await podResult(id, pod.id, a, { outcome: "draw" })).status).toBe(409);
    const table = await standings(id);
    expect(table[0]).toMatchObject({ userId: c.id, points: 5, wins: 1, losses: 0, draws: 0 });
    expect(table.slice(1).map((r) => r.points)).toEqual([0, 0, 0]);

    // The organizer's result is final, even over a completed pod of the current round.
    const corrected = await json(await podResult(id, pod.id, organizer, { outcome: "draw", drawIds: [a.id, b.id] }));
    expect(corrected.status).toBe("completed");
    const points = new Map((await standings(id)).map((r) => [r.userId, r.points]));
    expect([a, b, c, d].map((m) => points.get(m.id))).toEqual([1, 1, 0, 0]);

    // A pod counts in each player's tournament record (W-L-D) on their home page, like a match.
    const recordOf = async (m: Member) => {
      const db = getDb(env.DB);
      const home = await loadMemberHome(new Request("http://localhost/?index&realm=all"), { db, user: await findUserById(db, m.id) });
      return home.signedIn ? home.home?.figures.matchRecord : null;
    };
    expect(await recordOf(a)).toEqual({ wins: 0, losses: 0, draws: 1 });
    expect(await recordOf(c)).toEqual({ wins: 0, losses: 1, draws: 0 });
  });

  it("shares a draw among the players still in the event; a dropped player need not confirm and loses", async () => {
    const { id, byId, started } = await startedCup(4, "Drawn");
    const [pod] = currentPods(started);
    const [a, b, c, d] = seatIds(pod).map((uid: string) => byId.get(uid)!);
    expect((await post(`/api/tournaments/${id}/drop`, d)).status).toBe(200);
    for (const m of [a, b]) expect((await json(await podResult(id, pod.id, m, { outcome: "draw" }))).status).toBe("pending");
    const final = await json(await podResult(id, pod.id, c, { outcome: "draw" }));
    expect(final.status).toBe("completed");
    expect(final.seats.find((s: any) => s.userId === a.id).report).toEqual({ outcome: "draw", drawIds: [a.id, b.id, c.id].sort() });
    const points = new Map((await standings(id)).map((r) => [r.userId, r.points]));
    expect([a, b, c, d].map((m) => points.get(m.id))).toEqual([1, 1, 1, 0]);
  });

  it("calls time: refused before the round's end; after it, every pod nobody reported is a draw", async () => {
    const { id, organizer, byId, started } = await startedCup(8, "Clock");
    const [first, second] = currentPods(started);
    const tooSoon = await post(`/api/tournaments/${id}/time`, organizer);
    expect(tooSoon.status).toBe(409);
    expect((await json(tooSoon)).message).toMatch(/^Time is up at /);
    // Pod 1's winner reported; pod 2 is still playing when time is up.
    const winner = byId.get(seatIds(first)[1])!;
    await podResult(id, first.id, winner, { outcome: "win", winnerId: winner.id });
    // The round's 80 minutes pass (its end moved into the past in D1).
    await env.DB.prepare("UPDATE tournament_rounds SET ends_at = ? WHERE tournament_id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    expect((await post(`/api/tournaments/${id}/time`, byId.get(seatIds(second)[0])!)).status).toBe(403);
    const called = await json(await post(`/api/tournaments/${id}/time`, organizer));
    const [p1, p2] = currentPods(called);
    expect(p2.status).toBe("completed");
    expect(p2.seats.map((s: any) => s.outcome)).toEqual(["draw", "draw", "draw", "draw"]);
    // The reported pod waits for its other players (or the organizer).
    expect(p1.status).toBe("pending");
    expect((await post(`/api/tournaments/${id}/time`, organizer)).status).toBe(409);
  });

  it("runs three Swiss rounds, then a top 4 seated by standing; its winner ranks first, the standings follow the rules", async () => {
    const { id, organizer, players, started } = await startedCup(13, "Cut");
    let d = started;
    // The organizer records each pod: the first seat's player wins at pod 1, the last seat's at pod 2, a draw at pod 3.
    for (let round = 1; round <= 3; round++) {
      const pods = currentPods(d);
      expect(pods.map((p: any) => p.seats.length)).toEqual([4, 4, 5]);
      for (const pod of pods) {
        const body =
          pod.table === 1
            ? { outcome: "win", winnerId: pod.seats[0].userId }
            : pod.table === 2
              ? { outcome: "win", winnerId: pod.seats[pod.seats.length - 1].userId }
              : { outcome: "draw" };
        expect((await podResult(id, pod.id, organizer, body)).status).toBe(200);
      }
      if (round < 3) {
        const next = await post(`/api/tournaments/${id}/rounds`, organizer);
        expect(next.status).toBe(201);
        d = await json(next);
      } else d = await detail(id);
    }
    // Repeat opponents: round 2 and 3 pods meet as few old opponents as the field allows (unit-tested against an
    // exhaustive search); here, no pod is a pod of round 1 again.
    const podsOf = (r: number) => d.rounds[r - 1].matches.map((m: any) => seatIds(m).sort().join());
    for (const pod of podsOf(2)) expect(podsOf(1)).not.toContain(pod);

    // The standings are the pure rules applied to the recorded pods.
    const table = await standings(id);
    const scored: ScoredPod[] = d.rounds.flatMap((r: any) =>
      r.matches.map((m: any) => ({ seats: m.seats.map((s: any) => ({ userId: s.userId, seat: s.seat, outcome: s.outcome })) })),
    );
    const expected = computePodStandings(
      players.map((p) => p.id),
      scored,
    );
    expect(table.map((r) => r.points)).toEqual(expected.map((r) => r.points));
    for (const row of table) {
      const rule = expected.find((e) => e.userId === row.userId)!;
      expect(row.owp).toBeCloseTo(rule.owp, 4);
      expect(row.averageSeat).toBeCloseTo(rule.averageSeat!, 2);
    }
    expect(table.reduce((sum, r) => sum + r.wins, 0)).toBe(6);

    // The top cut: the four best by standing, seated best first, untimed; no draw in it.
    expect((await post(`/api/tournaments/${id}/top-cut`, players[0])).status).toBe(403);
    const cut = await post(`/api/tournaments/${id}/top-cut`, organizer);
    expect(cut.status).toBe(201);
    d = await json(cut);
    expect(d).toMatchObject({ stage: "cut", currentRound: 4 });
    const final = currentPods(d)[0];
    expect(d.rounds[3]).toMatchObject({ stage: "cut", endsAt: null });
    expect(seatIds(final)).toEqual(table.slice(0, 4).map((r) => r.userId));
    expect((await podResult(id, final.id, organizer, { outcome: "draw" })).status).toBe(400);
    expect((await post(`/api/tournaments/${id}/top-cut`, organizer)).status).toBe(409);

    const champion = seatIds(final)[3];
    expect((await podResult(id, final.id, organizer, { outcome: "win", winnerId: champion })).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/rounds`, organizer)).status).toBe(409);
    expect((await post(`/api/tournaments/${id}/finish`, organizer)).status).toBe(200);
    const finalTable = await standings(id);
    expect(finalTable[0]).toMatchObject({ userId: champion, rank: 1, cut: "winner" });
    expect(finalTable.slice(1, 4).map((r) => r.cut)).toEqual(["final", "final", "final"]);
    expect(finalTable.slice(1, 4).map((r) => r.userId)).toEqual(
      table
        .slice(0, 4)
        .map((r) => r.userId)
        .filter((u) => u !== champion),
    );
    expect(finalTable.slice(4).map((r) => r.userId)).toEqual(table.slice(4).map((r) => r.userId));
    expect(finalTable.slice(4).every((r) => r.cut === null)).toBe(true);
    // The cut's game scores no Swiss points.
    expect(finalTable.find((r) => r.userId === champion)!.points).toBe(table.find((r) => r.userId === champion)!.points);
  });
});

describe("the tournament page's forms for pods (they work without JavaScript: plain form posts)", () => {
  it("report a winner or a draw with the players still in, say a missing choice beside it, call time and start the top cut", async () => {
    const { id, organizer, byId, started } = await startedCup(5, "Form");
    const [pod] = currentPods(started);
    const [a, b, c] = seatIds(pod).map((uid: string) => byId.get(uid)!);
    const page = `/tournaments/${id}`;

    const missing = await submitForm(page, a, { intent: "podResult", podId: pod.id });
    expect(missing.status).toBe(400);
    const refused = (await actionResult(missing)).data;
    expect(refused.fieldErrors.winner).toEqual(["Choose the winner, or Draw"]);
    expect(refused.values.podId).toBe(pod.id);

    // A draw with two players still in: the checkboxes repeat the name `stillIn`.
    const body = new URLSearchParams({ intent: "podResult", podId: pod.id, winner: "draw" });
    body.append("stillIn", b.id);
    body.append("stillIn", c.id);
    const drawn = await request(`${page}.data`, {
      method: "POST",
      cookie: a.cookie,
      body: body.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" },
    });
    expect((await actionResult(drawn)).data).toMatchObject({ ok: true, intent: "podResult", toast: { title: "Result reported" } });
    const seat = (await detail(id)).rounds[0].matches[0].seats.find((s: any) => s.userId === a.id);
    expect(seat.report).toEqual({ outcome: "draw", drawIds: [b.id, c.id].sort() });

    // Time is not up yet; the organizer's page says so.
    const early = await actionResult(await submitForm(page, organizer, { intent: "time" }));
    expect(early.data.toast).toMatchObject({ title: "Failed to call time" });
    await env.DB.prepare("UPDATE tournament_rounds SET ends_at = ? WHERE tournament_id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    // The reported pod waits for its players; with no pod still playing, there is nothing to call.
    expect((await actionResult(await submitForm(page, organizer, { intent: "time" }))).data.toast.description).toBe(
      "No pod of this round is still playing",
    );
    expect((await actionResult(await submitForm(page, organizer, { intent: "podResult", podId: pod.id, winner: c.id }))).data.ok).toBe(
      true,
    );
    const cut = await actionResult(await submitForm(page, organizer, { intent: "cut" }));
    expect(cut.data).toMatchObject({ ok: true, intent: "cut", toast: { title: "Top cut paired" } });
    expect(await detail(id)).toMatchObject({ stage: "cut", currentRound: 2 });
  });
});

describe("a pod's match room", () => {
  it("seats the pod's players in its turn order, lets nobody else sit, and gives seat 1 the first turn", async () => {
    const { id, organizer, byId, started } = await startedCup(4, "Room");
    const [pod] = currentPods(started);
    const [s1, s2, s3] = seatIds(pod).map((uid: string) => byId.get(uid)!);
    const opened = await json(await post(`/api/tournaments/${id}/matches/${pod.id}/room`, s3));
    const room = opened.gameSessionId;
    expect((await json(await post(`/api/tournaments/${id}/matches/${pod.id}/room`, organizer))).gameSessionId).toBe(room);
    const session = await json(await request(`/api/game-sessions/${room}`, { cookie: s3.cookie }));
    expect(session).toMatchObject({ maxPlayers: 4, hostId: s3.id, tournamentMatchId: pod.id });

    expect((await post(`/api/game-sessions/${room}/join`, s1)).status).toBe(200);
    expect((await post(`/api/game-sessions/${room}/join`, s2)).status).toBe(200);
    const outsider = await signUp("Kibitzer");
    expect((await post(`/api/game-sessions/${room}/join`, outsider)).status).toBe(403);
    const seats = await env.DB.prepare(
      "SELECT user_id, seat FROM game_session_members WHERE session_id = ? AND role = 'player' ORDER BY seat",
    )
      .bind(room)
      .all<{ user_id: string; seat: number }>();
    expect(seats.results).toEqual([
      { user_id: s1.id, seat: 1 },
      { user_id: s2.id, seat: 2 },
      { user_id: s3.id, seat: 3 },
    ]);

    // The host starts the game from the room page: the pod's seat 1 goes first, not a random player.
    const start = await submitForm(`/tablesync/room/${room}`, s3, { intent: "start" });
    expect(start.status).toBe(200);
    const row = await env.DB.prepare("SELECT status, current_turn FROM game_sessions WHERE id = ?").bind(room).first<any>();
    expect(row).toEqual({ status: "active", current_turn: s1.id });
  });
});

/** D1 round trips of one request, from the Worker's Server-Timing header (as test/query-budget.test.ts reads it). */
function roundTrips(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

describe("query budget of the pods' requests", () => {
  it("start, a disputed report, the organizer's result, call time, next round, top cut and a pod's room: at most 5 round trips each", async () => {
    const organizer = await signUp("BudgetOrg");
    const cup = await createCup(organizer);
    const players: Member[] = [];
    for (let i = 0; i < 5; i++) players.push(await signUp(`Budget${i + 1}`));
    for (const p of players) expect((await post(`/api/tournaments/${cup.id}/join`, p)).status).toBe(200);
    const within = async (label: string, status: number, res: Response) => {
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).toBe(status);
      expect(roundTrips(res), label).toBeLessThanOrEqual(5);
      return JSON.parse(text);
    };
    const started = await within("start", 200, await post(`/api/tournaments/${cup.id}/start`, organizer));
    const [pod] = currentPods(started);
    const [a, b] = seatIds(pod).map((uid: string) => players.find((p) => p.id === uid)!);
    await within("a report", 200, await podResult(cup.id, pod.id, a, { outcome: "win", winnerId: a.id }));
    await within("a disputing report (tells the organizer)", 200, await podResult(cup.id, pod.id, b, { outcome: "win", winnerId: b.id }));
    await within("the organizer's result", 200, await podResult(cup.id, pod.id, organizer, { outcome: "win", winnerId: a.id }));
    await within("call time refused", 409, await post(`/api/tournaments/${cup.id}/time`, organizer));
    await within("a pod's room", 200, await post(`/api/tournaments/${cup.id}/matches/${pod.id}/room`, a));
    await within("next round", 201, await post(`/api/tournaments/${cup.id}/rounds`, organizer));
    const second = currentPods(await detail(cup.id))[0];
    await within("the organizer's result", 200, await podResult(cup.id, second.id, organizer, { outcome: "draw" }));
    await within("top cut", 201, await post(`/api/tournaments/${cup.id}/top-cut`, organizer));
    await within("standings", 200, await request(`/api/tournaments/${cup.id}/standings`));
  });
});
