import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOT_CONSENTS_PATH, HOST_CONSENT_REQUIRED } from "../workers/contract/bot-consents";
import { INVITE_TITLE } from "../workers/domain/rooms/room-invites";
import { allowBotToSeat } from "./bot-consent-helpers";
import { json, request, signUp, type Member } from "./helpers";
import { postForm } from "./page-forms";
import { actionResult } from "./single-fetch";

async function createToken(member: Member, scopes = ["rooms:read", "rooms:write"]) {
  const res = await request("/api/tokens", { cookie: member.cookie, body: { name: "Matchmaker", scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; token: string }>(res);
}

/** A request as a bot sends it: the token, no cookie, no Origin. */
const asBot = (token: string, path: string, options: { method?: string; body?: unknown } = {}) =>
  request(path, { ...options, origin: null, headers: { Authorization: `Bearer ${token}` } });

const commanderRoom = (extra: Record<string, unknown> = {}) => ({
  maxPlayers: 4,
  communityId: "scry-gather",
  gameData: { name: "Bracket 3 pod", format: "commander", bracket: 3 },
  ...extra,
});

async function unreadInvites(member: Member) {
  const page = await json(await request("/api/notifications", { cookie: member.cookie }));
  return page.notifications.filter((n: { title: string }) => n.title === INVITE_TITLE);
}

/**
 * Issue 35: nobody acts in a member's name without their consent. A bot (the member behind the tokens, whichever
 * token) makes a member the host of its room only after that member allowed it, signed in.
 */
describe("a bot seats a member only with their consent", () => {
  const consentNotes = async (member: Member) => {
    const page = await json(await request("/api/notifications", { cookie: member.cookie }));
    return page.notifications.filter((n: { type: string }) => n.type === "bot_consent");
  };
  const roomsHostedBy = async (member: Member) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM game_sessions WHERE host_id = ?").bind(member.id).first<{ n: number }>())?.n;

  it("refuses to make a stranger host through any of three tokens, asks them once, and lists no room under their name", async () => {
    const [owner, stranger] = await Promise.all([signUp("ConsOwner"), signUp("Stranger", `Quill${Date.now()}`)]);
    const tokens = await Promise.all([createToken(owner), createToken(owner), createToken(owner)]);
    for (let i = 0; i < 6; i++) {
      const { token } = tokens[i % 3];
      const res = await asBot(token, "/api/game-sessions", {
        body: commanderRoom({ invitedMemberIds: [stranger.id], hostMemberId: stranger.id }),
      });
      expect(res.status, await res.clone().text()).toBe(403);
      expect((await json(res)).message).toBe(HOST_CONSENT_REQUIRED);
    }
    expect(await roomsHostedBy(stranger)).toBe(0);
    const invites = await env.DB.prepare("SELECT count(*) AS n FROM game_session_invites WHERE user_id = ?").bind(stranger.id).first("n");
    expect(invites).toBe(0);
    // The lobby has no room under the stranger's name.
    const lobby = await request(`/api/game-sessions?status=waiting&limit=100&q=${encodeURIComponent(`Quill`)}`, { cookie: owner.cookie });
    expect((await json(lobby)).filter((r: { hostId: string }) => r.hostId === stranger.id)).toEqual([]);
    // Asked once, whichever token tried and however often: who asks, and where to answer.
    const notes = await consentNotes(stranger);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: "Matchmaker wants to seat you in rooms it makes", actionUrl: BOT_CONSENTS_PATH, read: false });
    expect(notes[0].message).toContain("a bot run by ConsOwner Member");
    const page = await request(BOT_CONSENTS_PATH, { cookie: stranger.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bots that may seat you");
    expect(html).toContain("Matchmaker");
    expect(html).toContain("Waiting for your answer");
  });

  it("seats a host who allowed the bot; a withdrawal holds from the bot's next request, and allowing again works", async () => {
    const [owner, ann, ben] = await Promise.all([signUp("WdOwner"), signUp("WdAnn"), signUp("WdBen")]);
    const { token } = await createToken(owner);
    const second = await createToken(owner);
    await allowBotToSeat(token, owner, ann);
    // Answering marked the asking notification read.
    expect((await consentNotes(ann))[0].read).toBe(true);
    // Allowed: any token of the same bot seats Ann as host; Ben, who did not consent, only gets his invitation.
    const made = await asBot(second.token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id, ben.id] }) });
    expect(made.status, await made.clone().text()).toBe(201);
    const room = await json(made);
    expect(room).toMatchObject({ hostId: ann.id, currentPlayers: 1 });
    const places = await env.DB.prepare("SELECT user_id FROM game_session_members WHERE session_id = ?").bind(room.id).all();
    expect(places.results).toEqual([{ user_id: ann.id }]);
    expect(await unreadInvites(ben)).toHaveLength(1);

    // Ann removes the bot: its very next attempt is refused, and she is not asked again.
    const removed = await postForm(BOT_CONSENTS_PATH, ann, { intent: "decline", botId: owner.id }, { as: "fetcher" });
    expect((await actionResult(removed)).data).toMatchObject({ ok: true, bot: { status: "declined" } });
    const refused = await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id] }) });
    expect(refused.status).toBe(403);
    expect(await consentNotes(ann)).toHaveLength(1);
    expect(await roomsHostedBy(ann)).toBe(1);

    const again = await postForm(BOT_CONSENTS_PATH, ann, { intent: "allow", botId: owner.id }, { as: "fetcher" });
    expect((await actionResult(again)).data).toMatchObject({ ok: true, bot: { status: "allowed" } });
    expect((await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id] }) })).status).toBe(201);
  });

  it("is the member's own act: never a token, never another site, never for a bot that did not ask, never for someone else", async () => {
    const [owner, ann, eve] = await Promise.all([signUp("OwnOwner"), signUp("OwnAnn"), signUp("OwnEve")]);
    const { token } = await createToken(owner);
    expect((await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id] }) })).status).toBe(403);
    const fields = new URLSearchParams({ intent: "allow", botId: owner.id }).toString();
    const form = { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost" };
    // The bot's own token cannot answer for Ann (or for anyone): page actions refuse tokens.
    const byToken = await request(`${BOT_CONSENTS_PATH}.data`, {
      method: "POST",
      body: fields,
      origin: null,
      headers: { ...form, Authorization: `Bearer ${token}` },
    });
    expect(byToken.status).toBe(403);
    // Another site's page cannot make Ann's browser answer.
    const foreign = await postForm(BOT_CONSENTS_PATH, ann, { intent: "allow", botId: owner.id }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    // A body that is not a form is a 415, and changes nothing.
    const asJson = await request(`${BOT_CONSENTS_PATH}.data`, {
      method: "POST",
      cookie: ann.cookie,
      body: JSON.stringify({ intent: "allow", botId: owner.id }),
      headers: { "Content-Type": "application/json", Host: "localhost" },
    });
    expect(asJson.status).toBe(415);
    // Eve was never asked: she cannot allow the bot, and her answer changes nothing of Ann's.
    const eveAnswer = await postForm(BOT_CONSENTS_PATH, eve, { intent: "allow", botId: owner.id }, { as: "fetcher" });
    expect(eveAnswer.status).toBe(404);
    const bad = await postForm(BOT_CONSENTS_PATH, ann, { intent: "maybe", botId: owner.id }, { as: "fetcher" });
    expect(bad.status).toBe(400);
    const status = await env.DB.prepare("SELECT status FROM bot_seat_consents WHERE member_id = ? AND bot_owner_id = ?")
      .bind(ann.id, owner.id)
      .first("status");
    expect(status).toBe("pending");
    expect((await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id] }) })).status).toBe(403);
  });

  it("a bot hosting through its own member needs no consent; a member's own room is theirs", async () => {
    const [owner, ann] = await Promise.all([signUp("SelfOwner"), signUp("SelfAnn")]);
    const { token } = await createToken(owner);
    const own = await asBot(token, "/api/game-sessions", {
      body: commanderRoom({ invitedMemberIds: [owner.id, ann.id], hostMemberId: owner.id }),
    });
    expect(own.status, await own.clone().text()).toBe(201);
    expect((await json(own)).hostId).toBe(owner.id);
    expect(await consentNotes(ann)).toHaveLength(0);
  });

  it("lists the consents in the member's data export", async () => {
    const [owner, ann] = await Promise.all([signUp("ExpOwner"), signUp("ExpAnn")]);
    const { token } = await createToken(owner);
    await allowBotToSeat(token, owner, ann);
    const res = await request("/api/user/export-data", { cookie: ann.cookie, method: "POST" });
    expect(res.status).toBe(200);
    const data = await json(res);
    expect(data.botSeatConsents).toEqual([
      { botId: owner.id, botName: "Matchmaker", status: "allowed", createdAt: expect.any(String), decidedAt: expect.any(String) },
    ]);
  });
});
