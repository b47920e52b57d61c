import { expect, test, type Page } from "./fixtures";
import { api, chooseCommunity, expectNoSidewaysScroll, newMemberPage, reviewShot, signInWithoutScripts, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

/**
 * The TableSync lobby that scales (issue 14): filters, search, pages. A room that filled meanwhile ("Room is full")
 * and a room link opened by a visitor are server answers, tested in test/room-service.test.ts,
 * test/room-table.test.ts and test/member-pages.test.ts.
 */

type RoomInput = { name: string; format?: string; powerLevel?: string | null; maxPlayers?: number; communityId?: string };

function createRoom(page: Page, room: RoomInput): Promise<{ id: string }> {
  return api(page, "POST", "/api/game-sessions", {
    maxPlayers: room.maxPlayers ?? 4,
    communityId: room.communityId ?? "decksong",
    gameData: { name: room.name, format: room.format ?? "commander", powerLevel: room.powerLevel ?? null },
  });
}

const uniqueTag = () => `Lobby${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const roomCards = (page: Page) => page.getByRole("list", { name: "Game rooms" }).getByTestId("room-card");

const DESKTOP = { name: "desktop", width: 1366, height: 900 };

test("lobby filters, search and pages; the filters fit a phone", async ({ browser }) => {
  test.setTimeout(scaled(120_000));
  const host = await newMemberPage(browser, "Filterhost", DESKTOP.name);
  const other = await newMemberPage(browser, "Pagehost", DESKTOP.name);
  const tag = uniqueTag();
  try {
    await host.page.setViewportSize(DESKTOP);
    await createRoom(host.page, { name: `${tag} Commander focused`, format: "commander", powerLevel: "focused" });
    await createRoom(host.page, { name: `${tag} Commander casual`, format: "commander", powerLevel: "casual" });
    await createRoom(host.page, { name: `${tag} Modern duel`, format: "modern", powerLevel: "focused" });

    // From the header's link, like a member would (the phone menu's own walk: e2e/phone-shell.spec.ts).
    await host.page.goto("/");
    await waitForHydration(host.page);
    await host.page.locator("header nav:visible").getByRole("link", { name: "TableSync", exact: true }).click();
    await expect(host.page).toHaveURL(/\/tablesync$/);
    const filters = host.page.getByRole("search", { name: "Filter rooms" });
    await expect(filters).toBeVisible();

    await filters.getByLabel("Search rooms or hosts").fill(tag.toLowerCase());
    await filters.getByLabel("Format").selectOption("commander");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(host.page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}.*format=commander|format=commander.*q=${tag.toLowerCase()}`));
    await expect(roomCards(host.page)).toHaveCount(2);
    await expect(roomCards(host.page).filter({ hasText: "Modern duel" })).toHaveCount(0);

    await filters.getByLabel("Power level").selectOption("casual");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(roomCards(host.page)).toHaveCount(1);
    await expect(roomCards(host.page).first()).toContainText(`${tag} Commander casual`);
    await reviewShot(host.page, "lobby-filters-1366", { fullPage: true });

    // The URL carries the filters: a reload (or a shared link) keeps them in the form.
    await host.page.reload();
    await expect(filters.getByLabel("Format")).toHaveValue("commander");
    await expect(filters.getByLabel("Power level")).toHaveValue("casual");
    await expect(roomCards(host.page)).toHaveCount(1);

    // Search by the host's name finds every room they host.
    await filters.getByLabel("Format").selectOption("");
    await filters.getByLabel("Power level").selectOption("");
    await filters.getByLabel("Search rooms or hosts").fill(`filterhost ${DESKTOP.name}`);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(roomCards(host.page).filter({ hasText: tag })).toHaveCount(3);

    // Nothing matches: its own empty state, and a way back.
    await filters.getByLabel("Search rooms or hosts").fill(`${tag}-nothing`);
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(host.page.getByRole("heading", { name: "No rooms match your filters" })).toBeVisible();
    await reviewShot(host.page, "lobby-no-match-1366", { fullPage: true });
    await host.page.getByRole("link", { name: "Clear filters" }).click();
    await expect(host.page).toHaveURL(/\/tablesync$/);
    await expect(filters.getByLabel("Search rooms or hosts")).toHaveValue("");

    // Pages: 24 rooms a page, the filters kept from page to page.
    for (let i = 0; i < 12; i++) await createRoom(host.page, { name: `${tag} page room h${i}`, format: "casual" });
    for (let i = 0; i < 13; i++) await createRoom(other.page, { name: `${tag} page room o${i}`, format: "casual" });
    await host.page.goto(`/tablesync?q=${encodeURIComponent(`${tag} page room`)}&format=casual`);
    await waitForHydration(host.page);
    await expect(roomCards(host.page)).toHaveCount(24);
    const firstPage = await roomCards(host.page).locator("h3").allTextContents();
    await host.page.getByRole("link", { name: "More rooms" }).click();
    await expect(host.page).toHaveURL(/cursor=.*|format=casual.*cursor=/);
    await expect(roomCards(host.page)).toHaveCount(1);
    const secondPage = await roomCards(host.page).locator("h3").allTextContents();
    expect(new Set([...firstPage, ...secondPage]).size).toBe(25);
    await expect(host.page.getByRole("link", { name: "More rooms" })).toHaveCount(0);
    await expect(host.page.getByRole("search", { name: "Filter rooms" }).getByLabel("Format")).toHaveValue("casual");
    await reviewShot(host.page, "lobby-page-2-1366", { fullPage: true });
    await host.page.getByRole("link", { name: "Back to first page" }).click();
    await expect(roomCards(host.page)).toHaveCount(24);

    // At phone width the filter form and the cards stay inside the screen.
    await host.page.setViewportSize({ width: 390, height: 844 });
    await expect(host.page.getByRole("search", { name: "Filter rooms" }).getByLabel("Search rooms or hosts")).toBeVisible();
    await expectNoSidewaysScroll(host.page, "the lobby at 390 px");
    await reviewShot(host.page, "lobby-390", { fullPage: true });
    // Issue 25: each room is a compact row at phone width (name, format, seats, host, Join), so a page of 24 rooms
    // is about 4,200 px tall instead of 8,800 (README, TableSync); the cards stay from 640 px up.
    const phoneHeight = await host.page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`lobby at 390 px with a page of 24 rooms: ${phoneHeight} px tall`);
    expect(phoneHeight).toBeLessThan(5_000);
    const list = await host.page.getByRole("list", { name: "Game rooms" }).boundingBox();
    expect(list!.height / 24).toBeLessThan(80);
    const row = roomCards(host.page).first();
    await expect(row.getByTestId("room-row-facts")).toHaveText(/Casual · 1\/4 seats, needs 3 · (Filterhost|Pagehost)/);
    await expect(row.getByRole("button", { name: "Join Game" })).toBeVisible();
    await host.page.getByRole("heading", { name: "Waiting Rooms" }).scrollIntoViewIfNeeded();
    await reviewShot(host.page, "lobby-rows-390");
  } finally {
    await host.context.close();
    await other.context.close();
  }
});

test("Find me a seat: into the open room needing one more player, or Create Room with your usual settings; Quick Match from the landing page", async ({
  browser,
  page,
}) => {
  test.setTimeout(scaled(150_000));
  // Legacy rooms: no other spec opens one, so the search finds this test's rooms only.
  const host = await newMemberPage(browser, "Seathost", DESKTOP.name);
  const seeker = await newMemberPage(browser, "Seeker", DESKTOP.name);
  const phone = await newMemberPage(browser, "Phoneseeker", "Phone");
  const waiter = await newMemberPage(browser, "Waiter", "Legacy");
  try {
    const tag = uniqueTag();
    await createRoom(host.page, { name: `${tag} needs three`, format: "legacy", powerLevel: "optimized", maxPlayers: 4 });
    const needsOne = await createRoom(host.page, { name: `${tag} needs one`, format: "legacy", powerLevel: "optimized", maxPlayers: 2 });

    // At 1366 px, filtered to legacy: the room that needs one more player, in one press.
    await seeker.page.setViewportSize(DESKTOP);
    await seeker.page.goto("/tablesync?format=legacy");
    await waitForHydration(seeker.page);
    await reviewShot(seeker.page, "lobby-find-seat-1366");
    await seeker.page.getByRole("button", { name: "Find me a seat" }).click();
    await expect(seeker.page).toHaveURL(new RegExp(`/tablesync/room/${needsOne.id}$`));
    await expect(seeker.page.getByRole("heading", { name: `${tag} needs one` })).toBeVisible();

    // A member who asked to be told when a room opens for their legacy games, up to power 9 (the slider by keyboard).
    await waiter.page.goto("/matchmaking");
    await waiter.page.getByRole("tab", { name: "Preferences" }).click();
    await waiter.page.getByRole("checkbox", { name: "Legacy" }).check();
    await waiter.page.getByRole("slider", { name: "Maximum power level" }).focus();
    await waiter.page.keyboard.press("ArrowRight");
    await expect(waiter.page.getByTestId("power-range-value")).toHaveText("5 - 9");
    await waiter.page.getByLabel("Tell me when someone opens a room for my formats").click();
    await waiter.page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(waiter.page.getByText("Preferences saved", { exact: true })).toBeVisible();

    // At 390 px, asking for a power level no open legacy room has: Create Room, prefilled.
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.page.goto("/tablesync?format=legacy&powerLevel=competitive");
    await waitForHydration(phone.page);
    await phone.page.getByRole("button", { name: "Find me a seat" }).click();
    await expect(phone.page).toHaveURL(/tab=create/);
    await expect(phone.page.getByText("No open seat fits you right now", { exact: true })).toBeVisible();
    const form = phone.page.getByRole("form", { name: "Create room" });
    await expect(form.getByLabel("Format")).toHaveValue("legacy");
    await expect(form.getByLabel("Power level")).toHaveValue("competitive");
    await expectNoSidewaysScroll(phone.page, "Create Room after Find me a seat at 390 px");
    await reviewShot(phone.page, "lobby-find-seat-none-390", { fullPage: true });
    // ... with the offer to tell the members waiting for such a room ticked: the waiter hears of it and goes there.
    await expect(form.getByLabel("Tell members who are waiting for a room like this")).toBeChecked();
    await chooseCommunity(phone.page, "Decksong");
    await form.getByLabel("Room name").fill(`${tag} announced`);
    await form.getByRole("button", { name: "Create Game Room" }).click();
    await expect(phone.page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]+$/);
    const announced = new URL(phone.page.url()).pathname;
    await waiter.page.goto("/tablesync");
    await waitForHydration(waiter.page);
    await waiter.page.getByTestId("notification-bell").click();
    const item = waiter.page.getByTestId("notification-item").filter({ hasText: "A seat is open for you" });
    await expect(item).toContainText(`Phoneseeker Phone opened a Legacy room: ${tag} announced`);
    await item.getByRole("link").first().click();
    await expect(waiter.page).toHaveURL(new RegExp(`${announced}$`));

    // The landing page's Quick Match does the same; a visitor signs in first and comes back to the lobby.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Quick Match" }).click();
    await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Ftablesync/);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Live Help" }).click();
    await expect(page).toHaveURL(/\/help-center\??$/);
  } finally {
    await host.context.close();
    await seeker.context.close();
    await phone.context.close();
    await waiter.context.close();
  }
});

test("Commander brackets: Create Room picks a bracket, the lobby card and the room header show it, at 1366 and 390 px", async ({
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const desktop = await newMemberPage(browser, "Brackethost", DESKTOP.name);
  const phone = await newMemberPage(browser, "Bracketphone", "Phone");
  const tag = uniqueTag();
  try {
    for (const [member, width, height, bracket, label] of [
      [desktop, 1366, 900, "3", "Bracket 3 · Upgraded"],
      [phone, 390, 844, "4", "Bracket 4 · Optimized"],
    ] as const) {
      const { page } = member;
      await page.setViewportSize({ width, height });
      await page.goto("/tablesync?tab=create");
      await waitForHydration(page);
      await chooseCommunity(page, "Decksong");
      const form = page.getByRole("form", { name: "Create room" });
      await form.getByLabel("Room name").fill(`${tag} bracket ${bracket}`);
      // Commander measures power in brackets: the power level field gives way to the bracket.
      await form.getByLabel("Format").selectOption("commander");
      await expect(form.getByLabel("Power level")).toHaveCount(0);
      await form.getByLabel("Bracket").selectOption(bracket);
      await form.getByRole("button", { name: "Create Game Room" }).click();
      await expect(page).toHaveURL(/\/tablesync\/room\/[0-9a-f-]+$/);
      await expect(page.getByTestId("room-stats")).toContainText(label);
      await reviewShot(page, `room-bracket-${width}`);

      // The lobby, filtered to this bracket, lists the room with its bracket.
      await page.goto(`/tablesync?q=${encodeURIComponent(tag)}&bracket=${bracket}`);
      await waitForHydration(page);
      const filters = page.getByRole("search", { name: "Filter rooms" });
      await expect(filters.getByLabel("Commander bracket")).toHaveValue(bracket);
      const card = roomCards(page).filter({ hasText: `${tag} bracket ${bracket}` });
      await expect(roomCards(page)).toHaveCount(1);
      if (width > 640) await expect(card).toContainText(label);
      else await expect(card.getByTestId("room-row-facts")).toContainText(`Commander/EDH · Bracket ${bracket} · 1/4 seats`);
      await expectNoSidewaysScroll(page, `the lobby filtered by bracket at ${width} px`);
      await reviewShot(page, `lobby-bracket-${width}`, { fullPage: true });
    }
  } finally {
    await desktop.context.close();
    await phone.context.close();
  }
});

test("Watch beside Join: a room with free seats is watched from its lobby card, with and without JavaScript (1366 and 390 px)", async ({
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const host = await newMemberPage(browser, "Watchhost", "Host");
  const fan = await newMemberPage(browser, "Watchfan", "Desk", { viewport: { width: 1366, height: 900 } });
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const tag = uniqueTag();
  try {
    const room = await createRoom(host.page, { name: `${tag} open table` });
    // At 1366 px the card offers Join Game and Watch; Watch opens the room to watch, the seats untouched.
    await fan.page.goto(`/tablesync?q=${encodeURIComponent(tag)}`);
    await waitForHydration(fan.page);
    const card = roomCards(fan.page).filter({ hasText: `${tag} open table` });
    await expect(card.getByRole("button", { name: "Join Game" })).toBeVisible();
    await reviewShot(fan.page, "lobby-watch-1366");
    await card.getByRole("button", { name: "Watch" }).click();
    await expect(fan.page).toHaveURL(new RegExp(`/tablesync/room/${room.id}\\?mode=spectate$`));
    await expect(fan.page.getByText("Spectating", { exact: true })).toBeVisible();
    expect((await api<{ currentPlayers: number }>(host.page, "GET", `/api/game-sessions/${room.id}`)).currentPlayers).toBe(1);

    // At 390 px without JavaScript the same form posts and lands in the room as a spectator.
    const page = await noJs.newPage();
    await signInWithoutScripts(page, "Watchphone", "NoJs");
    await page.goto(`/tablesync?q=${encodeURIComponent(tag)}`);
    const row = roomCards(page).filter({ hasText: `${tag} open table` });
    await expect(row.getByRole("button", { name: "Join Game" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Watch" })).toBeVisible();
    await expectNoSidewaysScroll(page, "the lobby with Watch at 390 px");
    await reviewShot(page, "lobby-watch-390-nojs");
    await row.getByRole("button", { name: "Watch" }).click();
    await expect(page).toHaveURL(new RegExp(`/tablesync/room/${room.id}\\?mode=spectate$`));
  } finally {
    await host.context.close();
    await fan.context.close();
    await noJs.close();
  }
});
