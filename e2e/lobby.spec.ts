import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newMemberPage, waitForHydration } from "./helpers";
import { scaled } from "./time-budget";

/** The TableSync lobby that scales (issue 14): filters, search, pages, pods in reach, a room filling up, the room link through sign-in. */

type RoomInput = { name: string; format?: string; powerLevel?: string | null; maxPlayers?: number; communityId?: string };

async function createRoom(request: APIRequestContext, page: Page, room: RoomInput): Promise<{ id: string }> {
  const origin = new URL(page.url()).origin;
  const res = await request.post("/api/game-sessions", {
    headers: { Origin: origin },
    data: {
      maxPlayers: room.maxPlayers ?? 4,
      communityId: room.communityId ?? "decksong",
      gameData: { name: room.name, format: room.format ?? "commander", powerLevel: room.powerLevel ?? null },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const uniqueTag = () => `Lobby${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const roomCards = (page: Page) => page.getByRole("list", { name: "Game rooms" }).getByTestId("room-card");

for (const viewport of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`lobby filters, search and pages (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(scaled(120_000));
    const host = await newMemberPage(browser, "Filterhost", viewport.name);
    const other = await newMemberPage(browser, "Pagehost", viewport.name);
    const tag = uniqueTag();
    try {
      await host.page.setViewportSize(viewport);
      await createRoom(host.page.request, host.page, { name: `${tag} Commander focused`, format: "commander", powerLevel: "focused" });
      await createRoom(host.page.request, host.page, { name: `${tag} Commander casual`, format: "commander", powerLevel: "casual" });
      await createRoom(host.page.request, host.page, { name: `${tag} Modern duel`, format: "modern", powerLevel: "focused" });

      // From the header's link, like a member would.
      await host.page.goto("/");
      await waitForHydration(host.page);
      // The header's main navigation; on a phone its destinations are in the Menu sheet (issue 15).
      if (viewport.name === "phone") {
        await host.page.getByRole("button", { name: "Menu", exact: true }).click();
        await host.page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "TableSync", exact: true }).click();
      } else {
        await host.page.locator("header nav:visible").getByRole("link", { name: "TableSync", exact: true }).click();
      }
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
      await host.page.screenshot({ path: `test-results/lobby-filters-${viewport.name}.png`, fullPage: true });

      // The URL carries the filters: a reload (or a shared link) keeps them in the form.
      await host.page.reload();
      await expect(filters.getByLabel("Format")).toHaveValue("commander");
      await expect(filters.getByLabel("Power level")).toHaveValue("casual");
      await expect(roomCards(host.page)).toHaveCount(1);

      // Search by the host's name finds every room they host.
      await filters.getByLabel("Format").selectOption("");
      await filters.getByLabel("Power level").selectOption("");
      await filters.getByLabel("Search rooms or hosts").fill(`filterhost ${viewport.name}`);
      await filters.getByRole("button", { name: "Apply filters" }).click();
      await expect(roomCards(host.page).filter({ hasText: tag })).toHaveCount(3);

      // Nothing matches: its own empty state, and a way back.
      await filters.getByLabel("Search rooms or hosts").fill(`${tag}-nothing`);
      await filters.getByRole("button", { name: "Apply filters" }).click();
      await expect(host.page.getByRole("heading", { name: "No rooms match your filters" })).toBeVisible();
      await host.page.screenshot({ path: `test-results/lobby-no-match-${viewport.name}.png`, fullPage: true });
      await host.page.getByRole("link", { name: "Clear filters" }).click();
      await expect(host.page).toHaveURL(/\/tablesync$/);
      await expect(filters.getByLabel("Search rooms or hosts")).toHaveValue("");

      // Pages: 24 rooms a page, the filters kept from page to page.
      for (let i = 0; i < 12; i++) await createRoom(host.page.request, host.page, { name: `${tag} page room h${i}`, format: "casual" });
      for (let i = 0; i < 13; i++) await createRoom(other.page.request, other.page, { name: `${tag} page room o${i}`, format: "casual" });
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
      await host.page.screenshot({ path: `test-results/lobby-page-2-${viewport.name}.png`, fullPage: true });
      await host.page.getByRole("link", { name: "Back to first page" }).click();
      await expect(roomCards(host.page)).toHaveCount(24);
    } finally {
      await host.context.close();
      await other.context.close();
    }
  });
}

test("joining a room that filled after the lobby loaded says 'Room is full' with its capacity", async ({ browser }) => {
  test.setTimeout(scaled(90_000));
  const host = await newMemberPage(browser, "Fullhost", "Table");
  const late = await newMemberPage(browser, "Late", "Joiner");
  const quick = await newMemberPage(browser, "Quick", "Joiner");
  const name = `${uniqueTag()} two seats`;
  try {
    const room = await createRoom(host.page.request, host.page, { name, maxPlayers: 2, format: "modern" });
    await late.page.goto(`/tablesync?q=${encodeURIComponent(name)}`);
    await waitForHydration(late.page);
    const card = roomCards(late.page).filter({ hasText: name });
    await expect(card.getByRole("button", { name: "Join Game" })).toBeVisible();

    // Someone else takes the last seat while the lobby is open.
    const origin = new URL(quick.page.url()).origin;
    expect((await quick.page.request.post(`/api/game-sessions/${room.id}/join`, { headers: { Origin: origin } })).status()).toBe(200);

    await card.getByRole("button", { name: "Join Game" }).click();
    await expect(late.page.getByText("Room is full", { exact: true }).first()).toBeVisible();
    await expect(late.page.getByText("This room has reached its maximum capacity of 2 players.").first()).toBeVisible();
    await expect(late.page).toHaveURL(/\/tablesync\?/);
    // The lobby refreshed: the card now offers to watch.
    await expect(card.getByRole("button", { name: "Spectate (Full)" })).toBeVisible();
    await late.page.screenshot({ path: "test-results/lobby-room-full.png" });
  } finally {
    await host.context.close();
    await late.context.close();
    await quick.context.close();
  }
});

test("a visitor opening a room link signs in and lands back in that room", async ({ browser, page }) => {
  test.setTimeout(scaled(90_000));
  const host = await newMemberPage(browser, "Linkhost", "Table");
  try {
    const room = await createRoom(host.page.request, host.page, { name: `${uniqueTag()} shared link` });
    await page.goto(`/tablesync/room/${room.id}`);
    await expect(page).toHaveURL(new RegExp(`/api/login\\?returnTo=${encodeURIComponent(`/tablesync/room/${room.id}`)}`));
    const email = `linkvisitor-${Date.now()}@e2e.realmcast.gg`;
    await page.getByLabel("First name").fill("Link");
    await page.getByLabel("Last name").fill("Visitor");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Sign in as a new member" }).click();
    await expect(page).toHaveURL(new RegExp(`/tablesync/room/${room.id}$`));
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await expect(page.getByRole("heading", { name: /shared link/ })).toBeVisible();
  } finally {
    await host.context.close();
  }
});
