import { describe, expect, it } from "vitest";
import { communityCookieValue } from "../app/lib/community-cookie";
import { DEFAULT_SETTINGS } from "../workers/contract/settings";
import { request, signUp, type Member } from "./helpers";
import { actionResult, loadData, submitForm, submitJson } from "./single-fetch";

/** D1 round trips of one request, from the Worker's Server-Timing header. */
function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

const LIST_CALLS = [
  "/api/communities",
  "/api/events?communityId=scry-gather&upcoming=true",
  "/api/events?type=game_pod&upcoming=true",
  "/api/forum/posts?communityId=scry-gather",
  "/api/game-sessions?status=waiting",
  "/api/game-sessions?status=waiting&format=commander&powerLevel=focused&q=pod&preferCommunityId=scry-gather",
  "/api/tournaments?communityId=scry-gather",
  "/api/notifications",
  "/api/friends",
  "/api/friend-requests",
  "/api/social/posts",
  "/api/user/social-links",
];
const PAGES = [
  "/",
  "/tablesync",
  "/tablesync?format=commander&powerLevel=focused&q=pod",
  "/calendar",
  "/tournaments",
  "/community-forum",
  "/matchmaking",
  "/profile",
  "/social",
  "/contact",
  "/api-docs",
];

describe("query budget: at most 5 D1 round trips per page or list call", () => {
  it.each(LIST_CALLS)("GET %s", async (path) => {
    const member = await signUp("Budget");
    const res = await request(path, { cookie: member.cookie });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
  });

  it.each(PAGES)("page %s (signed in)", async (path) => {
    const member = await signUp("Pages");
    const res = await request(path, { cookie: `${member.cookie}; selectedCommunityId=${communityCookieValue("scry-gather")}` });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
  });
});

describe("query budget: every tournament request, including refusals", () => {
  /** Sends the request and checks its status and its D1 round trips. */
  async function within(label: string, status: number, pending: Promise<Response>) {
    const res = await pending;
    const body = await res.text();
    expect(res.status, `${label}: ${body}`).toBe(status);
    expect(queriesOf(res), `${label} D1 round trips`).toBeLessThanOrEqual(5);
    return body ? JSON.parse(body) : null;
  }
  const as = (m: Member, path: string, body?: unknown, method = "POST") => request(path, { cookie: m.cookie, method, body });

  it("create, edit, join, leave, start, report, pair, drop, open a room, finish", async () => {
    const [organizer, a, b, c, late] = await Promise.all(["Org", "Ann", "Bo", "Cy", "Late"].map((n) => signUp(`Budget${n}`)));
    const startDate = new Date(Date.now() + 30 * 60_000).toISOString(); // startable: within the hour before its date
    const t = await within(
      "create",
      201,
      as(organizer, "/api/tournaments", { name: "Budget Cup", gameFormat: "modern", maxParticipants: 4, startDate, communityId: "mtg" }),
    );
    const base = `/api/tournaments/${t.id}`;
    await within("edit", 200, as(organizer, base, { prizePool: "Sleeves" }, "PATCH"));
    await within("edit by another member", 403, as(a, base, { prizePool: "Mine" }, "PATCH"));
    for (const m of [a, b, c, late]) await within("join", 200, as(m, `${base}/join`));
    await within("join when already in", 409, as(a, `${base}/join`));
    await within("join when full", 409, as(organizer, `${base}/join`));
    await within("leave", 200, as(late, `${base}/leave`));
    await within("leave when not in", 409, as(late, `${base}/leave`));
    await within("start by another member", 403, as(a, `${base}/start`));
    const started = await within("start", 200, as(organizer, `${base}/start`));
    await within("start again", 409, as(organizer, `${base}/start`));
    await within("detail", 200, request(base));
    await within("standings", 200, request(`${base}/standings`));
    await within("detail of no tournament", 404, request(`/api/tournaments/${crypto.randomUUID()}`));

    const byId = new Map([a, b, c].map((m) => [m.id, m]));
    const [real] = started.rounds[0].matches.filter((m: any) => m.player2Id !== null);
    const p1 = byId.get(real.player1Id)!;
    const p2 = byId.get(real.player2Id)!;
    await within("pair while results are missing", 409, as(organizer, `${base}/rounds`));
    await within("open the match room", 200, as(p1, `${base}/matches/${real.id}/room`));
    await within("open it again", 200, as(p2, `${base}/matches/${real.id}/room`));
    await within("report", 200, as(p1, `${base}/matches/${real.id}/result`, { player1Wins: 2, player2Wins: 0 }));
    await within("report a dispute", 200, as(p2, `${base}/matches/${real.id}/result`, { player1Wins: 0, player2Wins: 2 }));
    await within("organizer's final report", 200, as(organizer, `${base}/matches/${real.id}/result`, { player1Wins: 2, player2Wins: 1 }));
    await within("report when final", 409, as(p1, `${base}/matches/${real.id}/result`, { player1Wins: 2, player2Wins: 0 }));
    await within("pair the next round", 201, as(organizer, `${base}/rounds`));
    await within("drop", 200, as(p2, `${base}/drop`));
    await within("drop again", 409, as(p2, `${base}/drop`));
    const now = await within("detail", 200, request(base));
    for (const m of now.rounds[1].matches.filter((m: any) => m.status !== "completed")) {
      await within("record", 200, as(organizer, `${base}/matches/${m.id}/result`, { player1Wins: 2, player2Wins: 0 }));
    }
    await within("finish", 200, as(organizer, `${base}/finish`));
    await within("finish again", 409, as(organizer, `${base}/finish`));
    await within("list", 200, request("/api/tournaments?communityId=mtg&limit=100"));
  });
});

describe("query budget: the tournament pages' actions", () => {
  it("hub create and join, then every intent of a tournament's page", async () => {
    const [organizer, a, b, c] = await Promise.all(["Org", "Ann", "Bo", "Cy"].map((n) => signUp(`Act${n}`)));
    async function within(label: string, path: string, m: Member, fields: Record<string, string>) {
      const res = await submitForm(path, m, fields);
      const answer = await actionResult(res);
      expect(answer.data?.ok ?? answer.redirect, `${label}: ${JSON.stringify(answer)}`).toBeTruthy();
      expect(queriesOf(res), `${label} D1 round trips`).toBeLessThanOrEqual(5);
      return answer;
    }
    const startDate = new Date(Date.now() + 30 * 60_000).toISOString(); // startable: within the hour before its date
    const created = await within("create", "/tournaments", organizer, {
      intent: "create",
      name: "Action Budget Cup",
      gameFormat: "draft",
      maxParticipants: "4",
      startDate,
      communityId: "mtg",
    });
    const page = `/tournaments/${created.data.id}`;
    await within("join from the hub", "/tournaments", a, { intent: "join", tournamentId: created.data.id });
    for (const m of [b, c]) await within("join", page, m, { intent: "join" });
    await within("leave", page, c, { intent: "leave" });
    await within("edit", page, organizer, { intent: "edit", name: "Action Budget Cup", description: "", prizePool: "Dice", rules: "" });
    await within("start", page, organizer, { intent: "start" });
    const [match] = (await (await request(`/api/tournaments/${created.data.id}`)).json<any>()).rounds[0].matches;
    await within("open the match room", page, a, { intent: "room", matchId: match.id });
    const result = { intent: "result", matchId: match.id, player1Wins: "2", player2Wins: "0" };
    await within("report", page, a, result);
    await within("organizer's report", page, organizer, result);
    await within("next round", page, organizer, { intent: "round" });
    await within("drop", page, b, { intent: "drop" });
    const res = await request(page, { cookie: organizer.cookie });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(queriesOf(res), "tournament page D1 round trips").toBeLessThanOrEqual(5);
  });
});

describe("query budget: profile and settings actions", () => {
  it("profile edit, links, and the Settings dialog's load, save, export and delete", async () => {
    const me = await signUp("Budgeted");
    async function within(label: string, pending: Promise<Response>) {
      const res = await pending;
      const answer = await actionResult(res);
      expect(res.status, `${label}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      expect(queriesOf(res), `${label} D1 round trips`).toBeLessThanOrEqual(5);
      return answer;
    }
    await within("profile edit", submitForm("/profile", me, { intent: "update", firstName: "Budgeted", primaryCommunity: "duelcraft" }));
    await within("add a link", submitForm("/profile", me, { intent: "addLink", platform: "steam", username: "budget" }));
    const [link] = await (await request("/api/user/social-links", { cookie: me.cookie })).json<any[]>();
    await within("remove a link", submitForm("/profile", me, { intent: "removeLink", linkId: link.id }));
    await within("load settings", loadData("/settings", me));
    await within("save settings", submitJson("/settings", me, { intent: "save", settings: DEFAULT_SETTINGS }));
    await within("export", submitJson("/settings", me, { intent: "export" }));
    await within("delete the account", submitJson("/settings", me, { intent: "delete" }));
  });
});
