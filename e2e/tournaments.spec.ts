import { expect, test, type Page } from "./fixtures";
import {
  chooseCommunity,
  expectAxeClean,
  expectNoSidewaysScroll,
  newMemberPage,
  reviewShot,
  signIn,
  storeCommunity,
  waitForHydration,
} from "./helpers";
import { scaled } from "./time-budget";
import { startIn } from "./tournaments-start";

const card = (page: Page, name: string) => page.getByTestId("tournament-card").filter({ hasText: name });

const round = (page: Page, n: number) => page.getByRole("region", { name: new RegExp(`^Round ${n}(?!\\d)`) });

test("an organizer runs a Swiss tournament: create, three members join, start, report, next round, standings, finish", async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(180_000));
  await signIn(page, "Olga", "Organizer");
  await page.goto("/tournaments");
  await expect(page).toHaveTitle("Tournament Hub | Realmcast");
  await expect(page.getByRole("tab", { name: "Browse Tournaments" })).toHaveAttribute("aria-selected", "true");

  // Create tab: required fields first, then a real tournament.
  const name = `E2E Cup ${Date.now()}`;
  await page.getByRole("tab", { name: "Create Tournament" }).click();
  const form = page.getByRole("tabpanel");
  await form.getByRole("button", { name: "Create Tournament" }).click();
  await expect(page.getByText("Missing information", { exact: true })).toBeVisible();
  await expect(page.getByText("Please fill in all required fields.", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Max Participants")).toHaveValue("8");
  await form.getByLabel("Tournament Name *").fill(name);
  await form.getByLabel("Game Format *").selectOption("modern");
  const start = startIn(30);
  await form.getByLabel("Start Date *").fill(start.field);
  await form.getByLabel("Max Participants").selectOption("4");
  await form.getByLabel("Prize Pool").fill("Playmat");
  await form.getByLabel("Description").fill("Three rounds of Modern on camera.");
  await form.getByRole("button", { name: "Create Tournament" }).click();
  await expect(page.getByText("Tournament created!", { exact: true })).toBeVisible();

  // Back on Browse: the new card with its fields.
  const mine = card(page, name);
  await expect(mine).toContainText("0/4");
  await expect(mine).toContainText("Modern");
  await expect(mine).toContainText("upcoming");
  await expect(mine).toContainText(start.card);
  await expect(mine).toContainText("Playmat");
  await expect(mine).toContainText("Olga");
  await page.getByRole("tab", { name: "My Tournaments" }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name })).toBeVisible();

  // Three other members join from their own browsers.
  const players = [];
  for (const first of ["Pia", "Quinn", "Rafa"]) {
    const member = await newMemberPage(browser, first);
    players.push(member);
    await member.page.goto("/tournaments");
    await card(member.page, name)
      .getByRole("button", { name: `Join ${name}` })
      .click();
    await expect(member.page.getByText("Joined tournament!", { exact: true })).toBeVisible();
    await expect(card(member.page, name).getByRole("button", { name: `Joined ${name}` })).toBeDisabled();
  }

  // The organizer opens the tournament page and starts it.
  await page.getByRole("tab", { name: "Browse Tournaments" }).click();
  await card(page, name)
    .getByRole("link", { name: `Details of ${name}` })
    .click();
  await expect(page).toHaveURL(/\/tournaments\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("participants").getByRole("listitem")).toHaveCount(3);
  // The organizer edits the prize pool before the start.
  await page.getByRole("button", { name: "Edit Details" }).click();
  await page.getByRole("dialog").getByLabel("Prize Pool").fill("Playmat and sleeves");
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("Playmat and sleeves", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Start Tournament" }).click();
  await expect(page.getByTestId("tournament-status")).toHaveText("active");

  // Round 1: one match and one bye (three players). The organizer records the result.
  await expect(round(page, 1).getByTestId("match")).toHaveCount(2);
  await expect(round(page, 1).getByText("has a bye")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next Round" })).toBeDisabled();
  const match1 = round(page, 1)
    .getByTestId("match")
    .filter({ has: page.getByRole("button", { name: "Record result" }) });
  await match1.getByLabel(/wins$/).first().selectOption("2");
  await match1.getByLabel(/wins$/).last().selectOption("1");
  await match1.getByRole("button", { name: "Record result" }).click();
  await expect(match1.getByTestId("match-score")).toHaveText("2-1");

  // Standings after round 1: the winner and the bye on 3 points, the loser on 0.
  const rows = page.getByTestId("standings").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText("3");
  await expect(rows.nth(1).locator("td").nth(2)).toHaveText("3");
  await expect(rows.nth(2).locator("td").nth(2)).toHaveText("0");

  await page.getByRole("button", { name: "Next Round" }).click();
  await expect(round(page, 2)).toBeVisible();
  await expect(page.getByTestId("round-info")).toHaveText("2 of 2 suggested");
  // Round 2's bye goes to the round-1 loser (the only one without a bye): 3 points each now.
  await expect(rows.nth(2).locator("td").nth(2)).toHaveText("3");

  // Round 2: the two paired players report the same result from their own pages.
  const url = page.url();
  let reported = 0;
  for (const { page: p } of players) {
    await p.goto(url);
    const form2 = round(p, 2).getByRole("form");
    if ((await form2.count()) === 0) continue;
    if (reported === 0) {
      // One click opens the match's TableSync room for its two players.
      await round(p, 2).getByRole("button", { name: "Open match room" }).click();
      await expect(p).toHaveURL(/\/tablesync\/room\/[0-9a-f-]{36}$/);
      await p.goto(url);
      await expect(round(p, 2).getByRole("button", { name: "Go to match room" })).toBeVisible();
    }
    await form2.getByLabel(/wins$/).first().selectOption("2");
    await form2.getByLabel(/wins$/).last().selectOption("0");
    await form2.getByRole("button", { name: "Report result" }).click();
    await expect(p.getByText("Result reported", { exact: true })).toBeVisible();
    reported++;
  }
  expect(reported).toBe(2);
  await page.reload();
  await expect(round(page, 2).getByText("Final")).toBeVisible();
  await page.getByRole("button", { name: "Finish Tournament" }).click();
  await expect(page.getByTestId("tournament-status")).toHaveText("completed");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).locator("td").nth(0)).toHaveText("1");
  await expect(page.getByRole("button", { name: "Next Round" })).toHaveCount(0);
  // The tournament page is a page of its own (the hub is scanned in e2e/a11y.spec.ts).
  await expectAxeClean(page, "a finished tournament's page", "main");

  // Phone width: the page stays usable (screenshot kept for review).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await reviewShot(page, "tournament-390", { fullPage: true });
  await expectNoSidewaysScroll(page, "the tournament page at 390 px");

  for (const { context } of players) await context.close();
});

test("the Browse tab shows the empty state in a realm without tournaments and opens the create dialog", async ({ page }) => {
  await signIn(page, "Empty", "Realm");
  // A realm the seed leaves without tournaments.
  await page.goto("/");
  await storeCommunity(page, "deckmaster");
  await page.goto("/tournaments");
  await expect(page.getByRole("heading", { name: "No tournaments yet" })).toBeVisible();
  await expectAxeClean(page, "the tournament hub's empty state", "main");
  await page.getByRole("button", { name: "Create First Tournament" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Tournament" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Tournament" }).click();
  await expect(page.getByText("Missing information", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Switching realm reloads the list client-side, with six skeleton cards meanwhile.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/tournaments?*", async (route) => {
    await gate;
    await route.continue();
  });
  await chooseCommunity(page, "Scry & Gather");
  await expect(page.getByTestId("tournament-skeleton")).toHaveCount(6);
  release();
  await expect(page.getByTestId("tournament-skeleton")).toHaveCount(0);
  const seeded = card(page, "Friday Night Modern");
  await expect(seeded).toContainText("3/8");
  await expect(seeded).toContainText("alexcasts");
  await expect(seeded.getByRole("button", { name: "Join Friday Night Modern" })).toBeEnabled();
  await page.unroute("**/api/tournaments?*");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Tournament Hub" })).toBeVisible();
  await reviewShot(page, "hub-390", { fullPage: true });
  await expectNoSidewaysScroll(page, "the tournament hub at 390 px");
});

test("a Join sent before the page hydrates, or without JavaScript, still says 'Joined tournament!'", async ({ page, browser }) => {
  // A click that lands before React has hydrated submits the card's form as a plain POST: the page comes
  // back from the server with the action's answer, and its toast must show once the scripts arrive.
  await signIn(page, "Early", "Clicker");
  // The page's scripts are held until the click has been made, so it surely lands before hydration.
  let releaseScripts: () => void = () => {};
  const clicked = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/**", async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto("/tournaments", { waitUntil: "commit" });
  await card(page, "Commander Cup").getByRole("button", { name: "Join Commander Cup" }).click();
  releaseScripts();
  await expect(page.getByText("Joined tournament!", { exact: true })).toBeVisible();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await expect(card(page, "Commander Cup").getByRole("button", { name: "Joined Commander Cup" })).toBeDisabled();

  // Without JavaScript the same answer shows as the page's status message.
  const { context, page: noScript } = await newMemberPage(browser, "No", "Script", { javaScriptEnabled: false });
  await noScript.goto("/tournaments");
  await card(noScript, "Commander Cup").getByRole("button", { name: "Join Commander Cup" }).click();
  await expect(noScript.getByRole("status").filter({ hasText: "Joined tournament!" })).toBeVisible();
  await expect(card(noScript, "Commander Cup").getByRole("button", { name: "Joined Commander Cup" })).toBeDisabled();
  await context.close();
});

// The Swiss walk once failed on a loaded CI machine with the join done and the card saying "Joined", but no toast
// within 20 s: the toast region's code was only fetched once the answer had come and the page had re-rendered. It
// now starts downloading as the form is sent. Here the join's answer is held until that download has been asked
// for: without the early download the answer would wait forever, and the toast never come.
test("the toast's code is already on its way while a Join is being sent", async ({ page }) => {
  await signIn(page, "Prompt", "Toast");
  let regionRequested: () => void = () => {};
  const regionAsked = new Promise<void>((resolve) => (regionRequested = resolve));
  await page.route("**/assets/toast-region-*.js", async (route) => {
    regionRequested();
    await route.continue();
  });
  await page.route("**/tournaments.data*", async (route) => {
    if (route.request().method() === "POST") await regionAsked;
    await route.continue();
  });
  await page.goto("/tournaments");
  await waitForHydration(page);
  await card(page, "Commander Cup").getByRole("button", { name: "Join Commander Cup" }).click();
  await expect(page.getByText("Joined tournament!", { exact: true })).toBeVisible();
  await expect(card(page, "Commander Cup").getByRole("button", { name: "Joined Commander Cup" })).toBeDisabled();
});
