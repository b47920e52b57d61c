import { expect, test } from "./fixtures";
import {
  api,
  expectAxeClean,
  expectNoSidewaysScroll,
  gotoHydrated,
  newMemberPage,
  reviewShot,
  signInWithoutScripts,
  waitForMainHydration,
} from "./helpers";

/**
 * Issue 35: a bot makes a member the host of its room only with their consent. The bot's first attempt is refused
 * and asks the member (a notification); the member allows it on the page the notification opens, and the bot's
 * next attempt seats them. They remove it again in Settings, Privacy, and the bot is refused at once. A member
 * without JavaScript answers on the same page.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const BOT = "Pod matchmaker";

test("a member allows a bot from its notification, sees it in Settings, Privacy, and removes it", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const owner = await newMemberPage(browser, "Bea", "Botkeeper", { viewport: DESKTOP });
  const ann = await newMemberPage(browser, "Ann", "Consents", { viewport: DESKTOP });
  const bot = await playwright.request.newContext({ baseURL });
  try {
    const { token } = await api<{ token: string }>(owner.page, "POST", "/api/tokens", { name: BOT, scopes: ["rooms:read", "rooms:write"] });
    const annId = (await api<{ id: string }>(ann.page, "GET", "/api/auth/user")).id;
    const createRoom = () =>
      bot.post("/api/game-sessions", {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          maxPlayers: 4,
          communityId: "duelcraft",
          gameData: { name: `Consent pod ${Date.now()}`, format: "commander", bracket: 2 },
          invitedMemberIds: [annId],
          hostMemberId: annId,
        },
      });

    // Not allowed yet: nothing is created, and Ann is asked.
    const refused = await createRoom();
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/^The host has not allowed this bot to seat them/);

    await gotoHydrated(ann.page, "/");
    await waitForMainHydration(ann.page);
    await ann.page.getByTestId("notification-bell").click();
    const item = ann.page.getByTestId("notification-item").filter({ hasText: `${BOT} wants to seat you in rooms it makes` });
    await expect(item).toContainText("a bot run by Bea Botkeeper");
    await reviewShot(ann.page, "bot-consent-notification-1366");
    await item.getByRole("link").first().click();
    await expect(ann.page).toHaveURL(/\/settings\/bots$/);
    await expect(ann.page.getByRole("heading", { name: "Bots that may seat you" })).toBeVisible();
    const entry = ann.page.getByTestId("bot-consent").filter({ hasText: BOT });
    await expect(entry).toContainText("Run by Bea Botkeeper");
    await expect(entry).toContainText("Waiting for your answer");
    await expectAxeClean(ann.page, "the bots page");
    await reviewShot(ann.page, "bot-consent-page-1366");
    await waitForMainHydration(ann.page);
    await entry.getByRole("button", { name: `Allow ${BOT}` }).click();
    await expect(entry).toContainText("Allowed");
    await expect(entry.getByRole("button", { name: `Remove ${BOT}` })).toBeVisible();

    // Allowed: the bot's next room is hosted by Ann, seated in it.
    const made = await createRoom();
    expect(made.status(), await made.text()).toBe(201);
    expect(await made.json()).toMatchObject({ hostId: annId, currentPlayers: 1 });

    // On her phone, Settings, Privacy lists the bot; she removes it, and the bot is refused at once.
    await ann.page.setViewportSize(PHONE);
    await gotoHydrated(ann.page, "/");
    await waitForMainHydration(ann.page);
    await ann.page.getByTestId("user-menu").click();
    await ann.page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = ann.page.getByRole("dialog", { name: "Settings" });
    await dialog.getByRole("tab", { name: "Privacy" }).click();
    await expect(dialog.getByRole("heading", { name: "Bots allowed to seat you" })).toBeVisible();
    const listed = dialog.getByTestId("bot-consent").filter({ hasText: BOT });
    await expect(listed).toContainText("Allowed");
    await listed.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(ann.page, "Settings, Privacy with a bot at 390 px");
    await expectAxeClean(ann.page, "Settings, Privacy with a bot", '[role="dialog"]');
    await reviewShot(ann.page, "bot-consent-settings-privacy-390");
    await listed.getByRole("button", { name: `Remove ${BOT}` }).click();
    await expect(listed).toContainText("Declined");
    await expect(listed.getByRole("button", { name: `Allow ${BOT}` })).toBeVisible();
    await reviewShot(ann.page, "bot-consent-removed-390");
    expect((await createRoom()).status()).toBe(403);

    await ann.page.setViewportSize(DESKTOP);
    await dialog.getByRole("tab", { name: "Privacy" }).click();
    await reviewShot(ann.page, "bot-consent-settings-privacy-1366");
  } finally {
    await bot.dispose();
    await owner.context.close();
    await ann.context.close();
  }
});

test("without JavaScript a member declines a bot on the bots page", async ({ browser, playwright, baseURL }) => {
  const owner = await newMemberPage(browser, "Bo", "Botkeeper", { viewport: DESKTOP });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  const bot = await playwright.request.newContext({ baseURL });
  try {
    await signInWithoutScripts(page, "Nia", "Noscript");
    const { token } = await api<{ token: string }>(owner.page, "POST", "/api/tokens", { name: BOT, scopes: ["rooms:write"] });
    const me = await page.request.get("/api/auth/user");
    const niaId = (await me.json()).id;
    const asked = await bot.post("/api/game-sessions", {
      headers: { Authorization: `Bearer ${token}` },
      data: { maxPlayers: 2, communityId: "duelcraft", gameData: { name: "Quiet duel", format: "standard" }, invitedMemberIds: [niaId] },
    });
    expect(asked.status()).toBe(403);
    await page.goto("/settings/bots");
    const entry = page.getByTestId("bot-consent").filter({ hasText: BOT });
    await expect(entry).toContainText("Waiting for your answer");
    await entry.getByRole("button", { name: `Decline ${BOT}` }).click();
    await expect(page).toHaveURL(/\/settings\/bots$/);
    await expect(page.getByTestId("bot-consent").filter({ hasText: BOT })).toContainText("Declined");
    await expectNoSidewaysScroll(page, "the bots page without JavaScript at 390 px");
    await reviewShot(page, "bot-consent-no-js-390");
  } finally {
    await bot.dispose();
    await owner.context.close();
    await context.close();
  }
});
