import { expect } from "vitest";
import { BOT_CONSENTS_PATH } from "../workers/contract/bot-consents";
import { request, type Member } from "./helpers";
import { postForm } from "./page-forms";
import { actionResult } from "./single-fetch";

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
