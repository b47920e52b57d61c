import { expect, test, type Page } from "./fixtures";
import { api, chooseCommunity, newMemberPage, signIn } from "./helpers";
import { scaled } from "./time-budget";

const toast = (page: Page, text: string) => page.locator("li[data-swipe-direction]", { hasText: text }).first();

/** The game-pod cards of /tablesync (members' lobby and visitors' landing); they load after hydration. */
async function openLobby(page: Page) {
  await page.goto("/tablesync");
  await expect(page.getByTestId("lobby-events").first()).toBeVisible({ timeout: scaled(15_000) });
}

test("visitors see upcoming game pods with Login to Join", async ({ page }) => {
  await openLobby(page);
  const lobby = page.getByTestId("lobby-events");
  await expect(lobby.getByTestId("event-card").first()).toBeVisible();
  await lobby.getByRole("button", { name: "Login to Join" }).first().click();
  await expect(toast(page, "Please log in to join events")).toBeVisible();
});

test("lobby pod cards: Join as Player, Join Waiting List, Spectate Event, Leave Event with the spec's toasts", async ({
  page,
  browser,
}) => {
  // Three members in their own contexts: allow for a loaded 2-core CI machine.
  test.setTimeout(scaled(150_000));
  await signIn(page, "Lobby", "Host");
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const title = `Lobby pod ${Date.now().toString(36)}`;
  await api(page, "POST", "/api/events", {
    title,
    type: "game_pod",
    date,
    time: "20:00",
    location: "TableSync",
    communityId: "bladeforge",
    playerSlots: 2,
    alternateSlots: 1,
  });
  await openLobby(page);
  await chooseCommunity(page, "Bladeforge");
  const card = (p: Page) => p.getByTestId("lobby-events").getByTestId("event-card").filter({ hasText: title });

  // The host holds the first seat (issue 37): her card counts her and offers Leave, not Join.
  await expect(card(page).getByTestId("pod-seats")).toHaveText("Players 1/2 · Waiting list 0/1");
  await expect(card(page).getByRole("button", { name: "Leave Event" })).toBeVisible();
  await expect(card(page).getByRole("button", { name: "Join as Player" })).toHaveCount(0);

  const second = await newMemberPage(browser, "Second");
  await openLobby(second.page);
  await chooseCommunity(second.page, "Bladeforge");
  await card(second.page).getByRole("button", { name: "Join as Player" }).click();
  await expect(toast(second.page, "Joined as player!")).toBeVisible();
  await expect(card(second.page).getByRole("button", { name: "Leave Event" })).toBeVisible();

  const third = await newMemberPage(browser, "Third");
  await openLobby(third.page);
  await chooseCommunity(third.page, "Bladeforge");
  await card(third.page).getByRole("button", { name: "Join Waiting List" }).click();
  await expect(toast(third.page, "Added to waiting list!")).toBeVisible();

  const fourth = await newMemberPage(browser, "Fourth");
  await openLobby(fourth.page);
  await chooseCommunity(fourth.page, "Bladeforge");
  await card(fourth.page).getByRole("button", { name: "Spectate Event" }).click();
  await expect(toast(fourth.page, "Spectating event!")).toBeVisible();

  await card(second.page).getByRole("button", { name: "Leave Event" }).click();
  await expect(toast(second.page, "Left event successfully!")).toBeVisible();
  // The waiting list's first moved up at once.
  await expect(card(second.page).getByTestId("pod-seats")).toHaveText("Players 2/2 · Waiting list 0/1");

  for (const m of [second, third, fourth]) await m.context.close();
});
