import { startWebhookReceiver, verifyWebhookSignature, type ReceivedWebhook } from "../scripts/fakes/webhook-receiver.mjs";
import { expect, test, type Page } from "./fixtures";
import { allowBotToSeat } from "./bot-consent-helpers";
import { api, gotoHydrated, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Issue 27's whole path, as a community's matchmaking bot and its players live it: the bot (a token, no cookie)
 * creates a private bracket-3 Commander room for three invited members (Ann, its host, allowed the bot to seat her
 * first: issue 35); they open the invite link and sit with
 * their decks (Ben's bracket-4 deck shows the Rule 0 notice); the host starts anyway and they play; the host ends
 * the game and records the winner, the other two confirm; the bot's webhook receiver gets a signed `room.ended`
 * with that result, the bot reads the same result, both profiles show the game, and a revoked token gets 401 at
 * once. Each rule on the way has its own tests (test/bot-api, webhooks, game-results, room-decks); this one proves
 * the parts meet.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const ATRAXA_LIST = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Sol Ring\n1 Command Tower\n";

/** Says a deck by name, at a bracket, from the seat's "Say which deck you bring". */
async function sayDeckByName(page: Page, name: string, bracket: number) {
  await page.getByRole("button", { name: "Say which deck you bring" }).click();
  const dialog = page.getByRole("dialog", { name: "Your deck at this table" });
  await dialog.getByRole("combobox", { name: /bracket/ }).selectOption(String(bracket));
  await dialog.getByLabel("The deck you bring").fill(name);
  await dialog.getByRole("button", { name: "Use this name" }).click();
  await expect(dialog).toBeHidden();
}

function signedEvent(hit: ReceivedWebhook, secret: string) {
  expect(verifyWebhookSignature({ secret, headers: hit.headers, rawBody: hit.rawBody })).toBe(true);
  return JSON.parse(hit.rawBody);
}

test("a bot's room from creation to result: invites, Rule 0, play, the result confirmed, room.ended signed, profiles, revocation", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const receiver = await startWebhookReceiver();
  const owner = await newMemberPage(browser, "Bea", "Botkeeper", { viewport: DESKTOP });
  const ann = await newMemberPage(browser, "Ann", "Hostess", { viewport: DESKTOP });
  const ben = await newMemberPage(browser, "Ben", "Brackets", { viewport: PHONE });
  const cal = await newMemberPage(browser, "Cal", "Third", { viewport: DESKTOP });
  const bot = await playwright.request.newContext({ baseURL });
  const roomName = `Bot pod ${Date.now()}`;
  try {
    // The bot's keeper makes a token and gives it a webhook (the settings tab does the same: e2e/bot-api.spec.ts).
    const token = await api<{ id: string; token: string }>(owner.page, "POST", "/api/tokens", {
      name: "Pod matchmaker",
      scopes: ["rooms:read", "rooms:write", "results:read"],
    });
    const hook = await api<{ secret: string }>(owner.page, "PUT", `/api/tokens/${token.id}/webhook`, {
      url: `${receiver.url}/hooks/pods`,
    });
    const asBot = { Authorization: `Bearer ${token.token}` };
    const [annId, benId, calId] = await Promise.all(
      [ann, ben, cal].map(async ({ page }) => (await api<{ id: string }>(page, "GET", "/api/auth/user")).id),
    );

    // The bot makes Ann host: she allows it first, on the page its request's notification opens (issue 35).
    await allowBotToSeat(bot, token.token, "Pod matchmaker", { page: ann.page, id: annId });
    const created = await bot.post("/api/game-sessions", {
      headers: asBot,
      data: {
        maxPlayers: 4,
        communityId: "duelcraft",
        isPrivate: true,
        gameData: { name: roomName, format: "commander", bracket: 3 },
        invitedMemberIds: [annId, benId, calId],
        hostMemberId: annId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const room = await created.json();
    expect(room).toMatchObject({ hostId: annId, isPrivate: true, gameData: { format: "commander", bracket: 3 } });
    expect(room.invitedMemberIds).toEqual([annId, benId, calId]);
    expect(room.inviteUrl).toMatch(new RegExp(`/tablesync/room/${room.id}`));
    const invitePath = new URL(room.inviteUrl).pathname + new URL(room.inviteUrl).search;

    // Everyone comes in through the invite link and sits; Ann with her saved deck, Ben and Cal by name.
    const deck = await api<{ id: string; name: string }>(ann.page, "POST", "/api/decks", { name: "Atraxa Counters", text: ATRAXA_LIST });
    for (const m of [ann, ben, cal]) await openRoom(m.page, invitePath);
    await expect(ann.page.getByTestId("player-row")).toHaveCount(3);
    await ann.page.getByRole("button", { name: "Say which deck you bring" }).click();
    const annDialog = ann.page.getByRole("dialog", { name: "Your deck at this table" });
    await annDialog.getByRole("combobox", { name: /bracket/ }).selectOption("3");
    await annDialog.getByRole("button", { name: deck.name }).click();
    await expect(annDialog).toBeHidden();
    await sayDeckByName(ben.page, "Goblin Storm", 4);
    await sayDeckByName(cal.page, "Elf Ball", 3);

    // Ben's bracket-4 deck: the one notice, to all three.
    for (const { page } of [ann, ben, cal]) {
      const notice = page.getByRole("status", { name: "Rule 0" });
      await expect(notice).toHaveText("Ben Brackets's deck is bracket 4, above this room's bracket 3. Talk it over before you start.");
    }
    await reviewShot(ben.page, "bot-path-rule-zero-390");

    // The host starts anyway: the bot hears room.started.
    await ann.page.getByRole("button", { name: "Start Game" }).click();
    for (const { page } of [ann, ben, cal]) await expect(page.getByTestId("room-status")).toHaveText("Game Active");
    await expect.poll(() => receiver.requests.length, { timeout: scaled(20_000) }).toBe(1);
    const started = signedEvent(receiver.requests[0]!, hook.secret);
    expect(started).toMatchObject({ event: "room.started", room: { id: room.id, status: "active" }, result: null });

    // They play: life changes reach the whole table.
    await ann.page.getByRole("button", { name: "Lose 1 life" }).click();
    await expect(cal.page.getByTestId("player-row").filter({ hasText: "Ann Hostess" }).getByTestId("life-total")).toHaveText("39");

    // The host ends the game and records Ben's win on turn 8; each commander comes from the seat's deck.
    await ann.page.getByRole("button", { name: "End game" }).click();
    await ann.page.getByRole("dialog", { name: "End the game for everyone?" }).getByRole("button", { name: "End game" }).click();
    await ann.page.getByRole("link", { name: "Game result" }).click();
    const form = ann.page.getByRole("form", { name: "Record the result" });
    await expect(form.getByLabel("Ann Hostess's commander")).toHaveValue("Atraxa, Praetors' Voice");
    await expect(form.getByLabel("Ben Brackets's commander")).toHaveValue("Goblin Storm");
    await form.getByRole("radio", { name: "Ben Brackets" }).check();
    await form.getByLabel("Turn it ended (optional)").fill("8");
    await form.getByRole("button", { name: "Record result" }).click();
    await expect(ann.page.getByTestId("result-status")).toHaveText("Waiting for confirmation");

    // Ben confirms from his notification, Cal from the room page. Nothing reaches the bot before both did.
    await gotoHydrated(ben.page, "/");
    await ben.page.getByTestId("notification-bell").click();
    await ben.page
      .getByTestId("notification-item")
      .filter({ hasText: "Confirm the result" })
      .filter({ hasText: roomName })
      .getByRole("link")
      .click();
    await ben.page.getByRole("form", { name: "Answer the result" }).getByRole("button", { name: "Confirm" }).click();
    await expect(ben.page.getByTestId("result-status")).toHaveText("Waiting for confirmation");
    expect(receiver.requests).toHaveLength(1);
    await gotoHydrated(cal.page, `/tablesync/room/${room.id}`);
    await cal.page.getByRole("form", { name: "Answer the result" }).getByRole("button", { name: "Confirm" }).click();
    await expect(cal.page.getByTestId("result-status")).toHaveText("Confirmed");

    // The receiver gets a signed room.ended with that result; the bot reads the same result.
    await expect.poll(() => receiver.requests.length, { timeout: scaled(20_000) }).toBe(2);
    const ended = signedEvent(receiver.requests[1]!, hook.secret);
    expect(ended).toMatchObject({
      event: "room.ended",
      room: { id: room.id, status: "completed" },
      result: { sessionId: room.id, status: "confirmed", outcome: "win", winnerId: benId, endTurn: 8, bracket: 3 },
    });
    expect(ended.result.players.map((p: { id: string }) => p.id).sort()).toEqual([annId, benId, calId].sort());
    const read = await bot.get(`/api/game-sessions/${room.id}/result`, { headers: asBot });
    expect(read.status()).toBe(200);
    expect(await read.json()).toEqual(ended.result);

    // Both profiles show the game.
    for (const { page } of [ann, ben]) {
      await gotoHydrated(page, "/profile");
      await expect(page.getByTestId("profile-recent-games")).toContainText(roomName);
    }
    await expect(ben.page.getByTestId("profile-game-stats")).toContainText("1 win");
    await reviewShot(ben.page, "bot-path-profile-390", { fullPage: true });

    // Revoked: the very next request with the token is a 401.
    await api(owner.page, "DELETE", `/api/tokens/${token.id}`);
    expect((await bot.get(`/api/game-sessions/${room.id}/result`, { headers: asBot })).status()).toBe(401);
  } finally {
    await bot.dispose();
    for (const m of [owner, ann, ben, cal]) await m.context.close();
    await receiver.close();
  }
});
