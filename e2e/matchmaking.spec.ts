import { expect, test, type Page } from "./fixtures";
import { api, expectAxeClean, expectNoSidewaysScroll, gotoHydrated, newMemberPage, reviewShot, signIn } from "./helpers";
import { withSlowCpu } from "./slow-cpu";

/** Fills the Preferences tab (location unique to this run, focused playstyle) and saves. */
async function savePreferences(page: Page, location: string) {
  await page.goto("/matchmaking");
  await expect(page).toHaveTitle("AI Matchmaking | Realmcast");
  await page.getByRole("tab", { name: "Preferences" }).click();
  await expect(page.getByTestId("power-range-value")).toHaveText("5 - 8");
  await page.getByLabel("Location").fill(location);
  await page.getByLabel("Playstyle").selectOption("focused");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences saved", { exact: true })).toBeVisible();
}

test("save preferences, find a player, invite; they accept from Connections and both are friends", async ({ page, browser }) => {
  const location = `Playwright City ${Date.now()}, Testland`;
  const bianca = await newMemberPage(browser, "Bianca", "Tester");
  await savePreferences(bianca.page, location);

  await signIn(page, "Arthur", "Seeker");
  await savePreferences(page, location);

  // Every preference survives a reload, including the two-thumb power slider moved by keyboard.
  await page.getByRole("slider", { name: "Maximum power level" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("power-range-value")).toHaveText("5 - 9");
  await page.getByLabel("Online only").click();
  await page.getByLabel("Language").selectOption("english");
  await page.getByLabel("Maximum distance (km)").fill("120");
  // The first save's toast can still be up (5 s): wait for this save's own answer before reloading, or the
  // reload can cut it off.
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/matchmaking"));
  await page.getByRole("button", { name: "Save Preferences" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText("Preferences saved", { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Preferences" }).click();
  await expect(page.getByTestId("power-range-value")).toHaveText("5 - 9");
  await expect(page.getByLabel("Online only")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Maximum distance (km)")).toHaveValue("120");
  await expect(page.getByLabel("Location")).toHaveValue(location);

  await page.getByRole("tab", { name: "Find Players" }).click();
  await expect(page.getByRole("button", { name: "Magic", pressed: true })).toBeVisible();
  await page.getByRole("button", { name: "Find Players" }).click();
  await expect(page.getByText("Players found!", { exact: true })).toBeVisible();
  // This run's Bianca, by her profile link: a retry's search also finds the first attempt's, who is online too.
  const biancaId = (await api<{ id: string }>(bianca.page, "GET", "/api/auth/user")).id;
  const card = page.getByTestId("match-card").filter({ has: page.locator(`a[href="/profile/${biancaId}"]`) });
  await expect(card).toBeVisible();
  // An online-only search scores being online rather than the shared location.
  await expect(card).toContainText("Online now");
  await expect(card).toContainText("Focused playstyle");
  await reviewShot(page, "find-players-1280", { fullPage: true });
  await card.getByRole("button", { name: "Invite Bianca Tester" }).click();
  await expect(page.getByText("Invite sent!", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Invite Bianca Tester" })).toHaveText("Invited");

  await page.getByRole("tab", { name: "Connections" }).click();
  await expect(page.getByTestId("outgoing-request").filter({ hasText: "Bianca Tester" })).toBeVisible();

  // Bianca accepts from her Connections tab, once the page runs its scripts (clicked before, Accept is a plain form
  // post). The panel shows the toast (useListFetcher): the page's data reloads without the request's row. At 20× CPU,
  // as a slow phone: there a render React bailed out of once swallowed the toast (app/lib/answer-effect.ts).
  await gotoHydrated(bianca.page, "/matchmaking?tab=connections");
  const incoming = bianca.page.getByTestId("incoming-request").filter({ hasText: "Arthur Seeker" });
  await expect(incoming).toBeVisible();
  await withSlowCpu(bianca.page, async () => {
    await incoming.getByRole("button", { name: "Accept" }).click();
    await expect(bianca.page.getByText("Friend request accepted", { exact: true })).toBeVisible();
  });
  await expect(bianca.page.getByTestId("friend").filter({ hasText: "Arthur Seeker" })).toBeVisible();
  await expect(incoming).toHaveCount(0);

  await page.reload();
  await page.getByRole("tab", { name: "Connections" }).click();
  await expect(page.getByTestId("friend").filter({ hasText: "Bianca Tester" })).toBeVisible();
  await expect(page.getByTestId("outgoing-request")).toHaveCount(0);
  await expect(
    page.getByRole("tabpanel", { name: "Connections" }).getByText("Direct messaging is available in the next update."),
  ).toBeVisible();

  // Both profiles now count one friend (Stats card: Friends from friendCount).
  for (const p of [page, bianca.page]) {
    await p.goto("/profile");
    const friends = p.locator("dt", { hasText: "Friends" }).locator("xpath=following-sibling::dd[1]");
    await expect(friends).toHaveText("1");
  }

  await bianca.context.close();
});

// The page as it loads (Find Players) is scanned in e2e/a11y.spec.ts; here every tab's own panel, at phone width.
test("the matchmaking page's tabs have no serious accessibility violations and fit a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "Nora", "Phone");
  await page.goto("/matchmaking");
  await page.getByRole("button", { name: "Find Players" }).click();
  await expect(page.getByText("Players found!", { exact: true })).toBeVisible();
  for (const tab of ["Find Players", "Preferences", "Connections"]) {
    await page.getByRole("tab", { name: tab }).click();
    await reviewShot(page, `${tab.replace(" ", "-").toLowerCase()}-390`, { fullPage: true });
    await expectNoSidewaysScroll(page, `${tab} at 390 px`);
    await expectAxeClean(page, `matchmaking, ${tab} tab`, "main");
  }
});

test("skeletons while searching, then the spec's failure toast with the server message", async ({ page }) => {
  await signIn(page, "Stella", "Skeleton");
  await page.goto("/matchmaking");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/matchmaking/find-players", async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { message: "Matchmaking is taking a break" } });
  });
  await page.getByRole("button", { name: "Find Players" }).click();
  await expect(page.getByTestId("match-skeletons")).toBeVisible();
  release();
  await expect(page.getByText("Search failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Matchmaking is taking a break", { exact: true })).toBeVisible();
  await expect(page.getByTestId("match-skeletons")).toHaveCount(0);
  await expect(page.getByText("Failed to find matching players", { exact: true })).toBeVisible();
});
