import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoSidewaysScroll, api, newMemberPage, openRoom, reviewShot } from "./helpers";
import { scaled } from "./time-budget";

/**
 * Issue 37, the room fits the first screen: at 1366×768 and at 390×844 the table (tiles, life, the turn) and the
 * action bar under it (Pass Turn, dice, chat, card lookup) are on the first screen without scrolling; in Focus and in
 * Theatre (the whole table full screen) Pass, the dice and the chat are there and work. And a long display name gives
 * way to the deck and bracket on a video tile.
 */

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The element lies wholly inside the window as it is now (the page not scrolled by the test). */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const size = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: above the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: beside the window`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box!.y + box!.height, `${what}: below the fold`).toBeLessThanOrEqual(size.height + 0.5);
}

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);
const turnHolder = (page: Page) =>
  page
    .locator('[data-testid="local-tile"], [data-testid="remote-tile"]')
    .filter({ has: page.getByTestId("tile-state").filter({ hasText: /^Turn/ }) });

/** The first screen of the room: every tile and the turn's tools, with the page at its top. */
async function expectTableOnFirstScreen(page: Page, label: string, tiles: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const all = page.locator('[data-testid="local-tile"], [data-testid="remote-tile"]');
  await expect(all).toHaveCount(tiles);
  for (let i = 0; i < tiles; i++) await expectOnScreen(page, all.nth(i), `${label}: tile ${i + 1}`);
  await expectOnScreen(page, turnHolder(page).getByTestId("tile-state"), `${label}: whose turn it is`);
  const bar = page.getByTestId("table-bar");
  for (const name of ["Pass Turn", "Quick d20", "Card lookup"]) {
    await expectOnScreen(page, bar.getByRole("button", { name, exact: true }), `${label}: ${name}`);
  }
  expect(await scrollTop(page), `${label}: the page did not have to scroll`).toBe(0);
}

test("the table and the turn's tools fit the first screen at 1366×768 and 390×844, and stay in Focus and Theatre", async ({ browser }) => {
  test.setTimeout(scaled(180_000));
  const [ann, ben, cat, fay] = await Promise.all([
    newMemberPage(browser, "Ann", "Host", { viewport: LAPTOP }),
    newMemberPage(browser, "Bartholomew", "Featherstonehaugh-Worthington", { viewport: LAPTOP }),
    newMemberPage(browser, "Cat", "Phone", { viewport: PHONE }),
    newMemberPage(browser, "Fay", "Watcher", { viewport: PHONE }),
  ]);
  const benName = "Bartholomew Featherstonehaugh-Worthington";
  try {
    const room = await api<{ id: string }>(ann.page, "POST", "/api/game-sessions", {
      maxPlayers: 4,
      communityId: "duelcraft",
      gameData: { name: `First screen ${Date.now()}`, format: "commander", bracket: 3 },
    });
    const roomUrl = `/tablesync/room/${room.id}`;
    for (const { page } of [ann, ben, cat]) await openRoom(page, roomUrl);
    await openRoom(fay.page, `${roomUrl}?mode=spectate`);
    await expect(ann.page.getByText("Video Chat (3/4 players)")).toBeVisible();

    // Ben (whose name is long) says his deck by name with a bracket: it sits at the foot of his tile.
    await ben.page.getByRole("button", { name: "Say which deck you bring" }).click();
    const deckDialog = ben.page.getByRole("dialog", { name: "Your deck at this table" });
    await deckDialog.getByRole("combobox", { name: /bracket/ }).selectOption("3");
    await deckDialog.getByLabel("The deck you bring").fill("Mono-Red Goblin Storm Tribal");
    await deckDialog.getByRole("button", { name: "Use this name" }).click();
    await expect(deckDialog).toBeHidden();

    await ann.page.getByRole("button", { name: "Start Game" }).click();
    for (const { page } of [ann, ben, cat, fay]) await expect(page.getByTestId("room-status")).toHaveText("Game Active");

    // Grid, the first screen at both sizes.
    await expectTableOnFirstScreen(ann.page, "1366×768", 3);
    await expectOnScreen(ann.page, ann.page.getByRole("textbox", { name: "Chat message" }), "1366×768: the chat's field");
    await expectTableOnFirstScreen(cat.page, "390×844", 3);
    await expectOnScreen(cat.page, cat.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }), "390×844: Chat");
    await expectNoSidewaysScroll(cat.page, "the room at 390 px");
    await reviewShot(ann.page, "room-first-screen-1366x768");
    await reviewShot(cat.page, "room-first-screen-390x844");
    const phoneHeight = await cat.page.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({ type: "room height at 390 px", description: `${phoneHeight} px` });

    // A long name gives way to the deck and its bracket on the tile: the two never overlap (1366 and 390 px).
    for (const page of [ann.page, fay.page]) {
      const tile = page.getByTestId("remote-tile").filter({ hasText: benName });
      await expect(tile.getByTestId("seat-bracket")).toHaveText("Bracket 3");
      const name = (await tile.getByTestId("tile-name").boundingBox())!;
      const deck = (await tile.getByTestId("seat-deck").boundingBox())!;
      const overlap =
        name.x < deck.x + deck.width && deck.x < name.x + name.width && name.y < deck.y + deck.height && deck.y < name.y + name.height;
      expect(overlap, `the name and the deck overlap at ${page.viewportSize()!.width} px`).toBe(false);
      await expect(tile.getByTestId("tile-name")).toHaveAttribute("title", benName);
    }
    await reviewShot(fay.page, "room-long-name-spectator-390");

    // On the phone the chat is a sheet from the bar: it opens over the foot of the screen and sends.
    await cat.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }).click();
    const catChat = cat.page.getByRole("textbox", { name: "Chat message" });
    await expectOnScreen(cat.page, catChat, "390×844: the chat sheet's field");
    await catChat.fill("Phone says hi");
    await catChat.press("Enter");
    await expect(ann.page.getByTestId("chat-message").filter({ hasText: "Phone says hi" })).toBeVisible();
    await reviewShot(cat.page, "room-chat-sheet-390x844");
    await cat.page.getByRole("button", { name: "Close chat" }).click();
    await expect(catChat).toBeHidden();

    // Focus: one large tile; Pass, the dice and the chat are on the screen and work.
    for (const { page, label } of [
      { page: ann.page, label: "Focus at 1366×768" },
      { page: cat.page, label: "Focus at 390×844" },
    ]) {
      await page.getByRole("button", { name: "Focus", exact: true }).click();
      await expect(page.getByRole("button", { name: "Focus", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expectTableOnFirstScreen(page, label, 3);
    }
    await reviewShot(ann.page, "room-focus-1366x768");
    await reviewShot(cat.page, "room-focus-390x844");
    const holderName = (await turnHolder(ben.page).locator("figcaption").innerText()).trim();
    // The host may pass any turn: it moves on, on every page.
    await ann.page.getByTestId("table-bar").getByRole("button", { name: "Pass Turn" }).click();
    await expect.poll(async () => (await turnHolder(ben.page).locator("figcaption").innerText()).trim()).not.toBe(holderName);
    await ann.page.getByTestId("table-bar").getByRole("button", { name: "Quick d20" }).click();
    await expect(ann.page.getByTestId("bar-roll")).toContainText(/Ann rolled d20: \d+/);
    await ann.page.getByRole("textbox", { name: "Chat message" }).fill("Focus chat works");
    await ann.page.getByRole("button", { name: "Send message" }).click();
    await expect(ben.page.getByTestId("chat-message").filter({ hasText: "Focus chat works" })).toBeVisible();

    // Ben takes his tenth poison counter: he is out of the game on every page (tile and list), the turn skips him;
    // the host brings him back (a mistake), and he is in again.
    for (let i = 0; i < 10; i++) await ben.page.getByRole("button", { name: "Poison plus 1" }).click();
    const benTile = (page: Page) => page.getByTestId("remote-tile").filter({ hasText: benName });
    for (const page of [ann.page, cat.page]) await expect(benTile(page).getByTestId("tile-out")).toHaveText("Out of the game");
    await expect(ann.page.getByTestId("player-row").filter({ hasText: benName }).getByTestId("player-out")).toBeVisible();
    await expect(ann.page.getByTestId("chat-message").filter({ hasText: "Bartholomew is out of the game" })).toBeVisible();
    await reviewShot(ann.page, "room-player-out-1366");
    await reviewShot(cat.page, "room-player-out-390");
    const passes = ann.page.getByTestId("chat-message").filter({ hasText: "passed the turn" });
    for (let i = 0; i < 3; i++) {
      const before = await passes.count();
      await ann.page.getByTestId("table-bar").getByRole("button", { name: "Pass Turn" }).click();
      await expect(passes).toHaveCount(before + 1);
      await expect(benTile(ann.page).getByTestId("tile-state")).not.toContainText("Turn");
    }
    await ann.page.getByRole("button", { name: `Bring back ${benName}` }).click();
    await expect(benTile(cat.page).getByTestId("tile-out")).toHaveCount(0);
    await expect(ann.page.getByTestId("chat-message").filter({ hasText: "Ann brought Bartholomew back into the game" })).toBeVisible();

    // Theatre: the whole table full screen (tiles, bar and side column), Pass, dice and chat in it and working.
    await ann.page.getByRole("button", { name: "Grid", exact: true }).click();
    await ann.page.getByRole("button", { name: /^Theatre/ }).click();
    await expect.poll(() => ann.page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null)).toBe("room-table");
    // The side column scrolls on its own (the host used the players list below the chat): bringing the chat's field
    // into view there never moves the table, whose tiles and tools stay on the screen.
    const annChat = ann.page.getByRole("textbox", { name: "Chat message" });
    await annChat.scrollIntoViewIfNeeded();
    await expectOnScreen(ann.page, annChat, "Theatre: the chat's field");
    for (const name of ["Pass Turn", "Quick d20", "Card lookup"]) {
      await expectOnScreen(ann.page, ann.page.getByTestId("table-bar").getByRole("button", { name, exact: true }), `Theatre: ${name}`);
    }
    await expectOnScreen(ann.page, ann.page.getByTestId("local-tile"), "Theatre: the own tile");
    await reviewShot(ann.page, "room-theatre-1366x768");
    await ann.page.getByTestId("table-bar").getByRole("button", { name: "Quick d6" }).click();
    await expect(ann.page.getByTestId("bar-roll")).toContainText(/Ann rolled d6: [1-6]/);
    await annChat.fill("Theatre chat works");
    await annChat.press("Enter");
    await expect(ben.page.getByTestId("chat-message").filter({ hasText: "Theatre chat works" })).toBeVisible();
    // The card lookup opens inside the full-screen table, not behind it.
    await ann.page.getByTestId("table-bar").getByRole("button", { name: "Card lookup" }).click();
    await expectOnScreen(ann.page, ann.page.getByRole("combobox", { name: "Card name" }), "Theatre: the card lookup");
    await ann.page.evaluate(() => document.exitFullscreen());

    // Theatre on the phone: the chat sheet opens inside it.
    await cat.page.getByRole("button", { name: /^Theatre/ }).click();
    await expect.poll(() => cat.page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null)).toBe("room-table");
    await expectOnScreen(
      cat.page,
      cat.page.getByTestId("table-bar").getByRole("button", { name: "Pass Turn" }),
      "Theatre at 390: Pass Turn",
    );
    await cat.page.getByTestId("table-bar").getByRole("button", { name: "Chat" }).click();
    await expectOnScreen(cat.page, cat.page.getByRole("textbox", { name: "Chat message" }), "Theatre at 390: the chat sheet");
    await reviewShot(cat.page, "room-theatre-chat-390x844");

    // Every player drops (their pages close): a spectator who opens the room now is shown the three seated players,
    // away, as the header's 3/4 counts them, not "Players (0)".
    for (const { context } of [ann, ben, cat]) await context.close();
    const gus = await newMemberPage(browser, "Gus", "Latecomer", { viewport: LAPTOP });
    try {
      await openRoom(gus.page, `${roomUrl}?mode=spectate`);
      await expect(gus.page.getByTestId("room-stats")).toContainText("Players3/4");
      await expect(gus.page.getByRole("heading", { name: "Players (3)" })).toBeVisible();
      await expect(gus.page.getByTestId("away-row")).toHaveCount(3);
      await expect(gus.page.getByTestId("away-row").filter({ hasText: benName })).toContainText(/connected/);
      await reviewShot(gus.page, "room-all-away-newcomer-1366");
    } finally {
      await gus.context.close();
    }
  } finally {
    for (const m of [ann, ben, cat, fay]) await m.context.close();
  }
});
