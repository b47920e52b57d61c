import { expect } from "vitest";
import { BOT_CONSENTS_PATH } from "../workers/contract/bot-consents";
import { INVITE_TITLE } from "../workers/domain/rooms/room-invites";
import { json, request, type Member } from "./helpers";
import { postForm } from "./page-forms";
import { actionResult } from "./single-fetch";

/** What the bot tests share: a member's API token, a request as a bot sends it, a Commander room's body. */
export async function createToken(member: Member, scopes = ["rooms:read", "rooms:write"]) {
  const res = await request("/api/tokens", { cookie: member.cookie, body: { name: "Matchmaker", scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; token: string }>(res);
}

/** A request as a bot sends it: the token, no cookie, no Origin. */
export const asBot = (token: string, path: string, options: { method?: string; body?: unknown } = {}) =>
  request(path, { ...options, origin: null, headers: { Authorization: `Bearer ${token}` } });

export const commanderRoom = (extra: Record<string, unknown> = {}) => ({
  maxPlayers: 4,
  communityId: "scry-gather",
  gameData: { name: "Bracket 3 pod", format: "commander", bracket: 3 },
  ...extra,
});

/** The room invitations a member has not read yet. */
export async function unreadInvites(member: Member) {
  const page = await json(await request("/api/notifications", { cookie: member.cookie }));
  return page.notifications.filter((n: { title: string }) => n.title === INVITE_TITLE);
}

/**
 * A member allows the bot run by `owner` to seat them (issue 35), as it happens for real: the bot's first attempt
 * to make them host is refused (403) and asks them, and they answer Allow on the page the notification opens.
 */
export async function allowBotToSeat(token: string, owner: Member, member: Member) {
  const asked = await request("/api/game-sessions", {
    origin: null,
    headers: { Authorization: `Bearer ${token}` },
    body: { maxPlayers: 4, communityId: "scry-gather", gameData: { name: "Asking", format: "commander" }, invitedMemberIds: [member.id] },
  });
  expect(asked.status, await asked.clone().text()).toBe(403);
  const allowed = await postForm(BOT_CONSENTS_PATH, member, { intent: "allow", botId: owner.id }, { as: "fetcher" });
  expect(allowed.status).toBe(200);
  expect((await actionResult(allowed)).data).toMatchObject({ ok: true, bot: { botId: owner.id, status: "allowed" } });
}
