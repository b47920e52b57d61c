import { startWebhookReceiver, verifyWebhookSignature } from "../scripts/fakes/webhook-receiver.mjs";
import { allowBotToSeat } from "./bot-consent-helpers";
import { expect, test } from "./fixtures";
import { api, expectAxeClean, expectNoSidewaysScroll, newMemberPage, openTokensTab, reviewShot, signInAsNewMember } from "./helpers";

// Issue 27: a member gives a token a webhook in settings; a bot creates a room with the token for invited members;
// when the host starts it, the receiver (a fake bot endpoint on 127.0.0.1, allowed in local runs only) gets a signed
// room.started and the settings tab lists the delivery.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a token's webhook set in settings hears room.started of the bot's room, and the delivery is listed", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewMember(page, "Wendy", "Webhooks");
    const dialog = await openTokensTab(page);
    await dialog.getByLabel("Name").fill("Pod bot");
    await dialog.getByRole("checkbox", { name: "rooms:write", exact: true }).check();
    await dialog.getByRole("button", { name: "Create Token" }).click();
    const token = await dialog.getByRole("textbox", { name: "New token", exact: true }).inputValue();
    expect(token).toMatch(/^rc_pat_/);
    await dialog.getByRole("button", { name: "Done" }).click();

    const row = dialog.getByTestId("access-token").filter({ hasText: "Pod bot" });
    await expect(row).toContainText("No webhook");
    const hookUrl = `${receiver.url}/hooks/pod-bot`;
    await row.getByLabel("Webhook URL").fill(hookUrl);
    await row.getByRole("button", { name: "Set Webhook" }).click();
    const secretBox = row.getByRole("textbox", { name: "Webhook signing secret" });
    await expect(secretBox).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const secret = await secretBox.inputValue();
    await expect(row).toContainText(`Webhook: ${hookUrl}`);
    await expectNoSidewaysScroll(page, "the API tokens tab with a webhook at 390 px");
    await reviewShot(page, "bot-webhook-set-390");
    await row.getByRole("button", { name: "Done" }).click();
    await expect(secretBox).toHaveCount(0);

    // The bot creates a private room for two invited members; the first invited hosts and starts it.
    const host = await newMemberPage(browser, "Hal", "Host");
    const guest = await newMemberPage(browser, "Gia", "Guest");
    const hostId = (await api(host.page, "GET", "/api/auth/user")).id;
    const guestId = (await api(guest.page, "GET", "/api/auth/user")).id;
    const bot = await playwright.request.newContext({ baseURL });
    // The bot makes Hal host: he allows it first (issue 35).
    await allowBotToSeat(bot, token, "Pod bot", { page: host.page, id: hostId });
    const created = await bot.post("/api/game-sessions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        maxPlayers: 4,
        communityId: "scry-gather",
        isPrivate: true,
        gameData: { name: "Webhook pod", format: "commander", bracket: 3 },
        invitedMemberIds: [hostId, guestId],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const room = await created.json();
    expect(room.inviteUrl).toContain(`/tablesync/room/${room.id}`);
    await api(guest.page, "POST", `/api/game-sessions/${room.id}/join`);
    await api(host.page, "POST", `/api/game-sessions/${room.id}/start`);

    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(1);
    const [hit] = receiver.requests;
    expect(hit.headers["x-realmcast-event"]).toBe("room.started");
    expect(verifyWebhookSignature({ secret, headers: hit.headers, rawBody: hit.rawBody })).toBe(true);
    expect(JSON.parse(hit.rawBody).room).toMatchObject({ id: room.id, status: "active", hostId });

    await row.getByRole("button", { name: "Show" }).click();
    const delivery = row.getByTestId("webhook-delivery");
    await expect(async () => {
      await row.getByRole("button", { name: "Refresh deliveries of Pod bot" }).click();
      await expect(delivery).toContainText("delivered", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivery).toContainText("room.started");
    await expect(delivery).toContainText("1 attempt");
    await expect(delivery).toContainText("HTTP 204");
    await delivery.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, "the deliveries at 390 px");
    await expectAxeClean(page, "the API tokens tab with a webhook", '[role="dialog"]');
    await reviewShot(page, "bot-webhook-delivery-390");

    await page.setViewportSize({ width: 1366, height: 900 });
    await reviewShot(page, "bot-webhook-delivery-1366");
    await bot.dispose();
    await host.context.close();
    await guest.context.close();
  } finally {
    await receiver.close();
  }
});
