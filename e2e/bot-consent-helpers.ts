import type { APIRequestContext, Page } from "./fixtures";
import { expect } from "./fixtures";
import { gotoHydrated } from "./helpers";

/**
 * A member lets a bot seat them (issue 35), as it happens for real: the bot's first attempt to make them host is
 * refused and asks them, and they press Allow on the bots page the notification opens.
 */
export async function allowBotToSeat(bot: APIRequestContext, token: string, botName: string, member: { page: Page; id: string }) {
  const asked = await bot.post("/api/game-sessions", {
    headers: { Authorization: `Bearer ${token}` },
    data: { maxPlayers: 2, communityId: "duelcraft", gameData: { name: "Asking", format: "standard" }, invitedMemberIds: [member.id] },
  });
  expect(asked.status(), await asked.text()).toBe(403);
  await gotoHydrated(member.page, "/settings/bots");
  const entry = member.page.getByTestId("bot-consent").filter({ hasText: botName });
  await entry.getByRole("button", { name: `Allow ${botName}` }).click();
  await expect(entry).toContainText("Allowed");
}
